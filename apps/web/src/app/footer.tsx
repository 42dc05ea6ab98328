import { product } from '@receta/domain';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../config/paths.ts';

export function Footer() {
  const { t } = useTranslation();
  return (
    <Box
      component="footer"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        justifyContent: 'space-between',
        gap: 1,
        px: { xs: 2, sm: 3 },
        py: 2,
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <Typography variant="body2" color="text.secondary">
        {t('footer.copyright', { year: new Date().getFullYear(), provider: product.provider })}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2 }}>
        <Link component={RouterLink} to={paths.tutorials.getHref()} variant="body2">
          {t('footer.tutorials')}
        </Link>
        <Link href={`mailto:${product.supportEmail}`} variant="body2">
          {t('footer.support')}
        </Link>
      </Box>
    </Box>
  );
}
