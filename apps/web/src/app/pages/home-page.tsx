import { product } from '@receta/domain';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../config/paths.ts';

export function HomePage() {
  const { t } = useTranslation();
  return (
    <Card variant="outlined" sx={{ maxWidth: 720, mx: 'auto', mt: { xs: 1, sm: 4 } }}>
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Typography variant="h1" gutterBottom>
          {t('home.welcome', { product: product.name })}
        </Typography>
        <Typography sx={{ mb: 3 }}>{t('home.description')}</Typography>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {t('home.legalIntro')}
        </Typography>
        <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 3 }}>
          <li>
            <Link component={RouterLink} to={paths.termsAndConditions.getHref()}>
              {t('legal.termsTitle')}
            </Link>
          </li>
          <li>
            <Link component={RouterLink} to={paths.privacyPolicy.getHref()}>
              {t('legal.privacyTitle')}
            </Link>
          </li>
        </Stack>
      </CardContent>
    </Card>
  );
}
