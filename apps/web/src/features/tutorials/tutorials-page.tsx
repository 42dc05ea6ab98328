import { product } from '@receta/domain';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title.tsx';
import { es } from '../../i18n/es.ts';

/** The tutorials and their steps; every language has the same keys as Spanish. */
const tutorials = (['register', 'sign', 'send', 'verify'] as const).map((name) => ({
  name,
  steps: Object.keys(es.tutorials[name].steps),
}));

/** Spec section 2: the tutorials page the shell links to, open to everyone. */
export function TutorialsPage() {
  const { t } = useTranslation();
  return (
    <Box component="article" sx={{ maxWidth: 820, mx: 'auto' }}>
      <PageTitle title={t('tutorials.title')} />
      <Paper variant="outlined" sx={{ px: { xs: 2.5, sm: 5 }, py: { xs: 3, sm: 5 } }}>
        <Typography variant="h1" gutterBottom>{t('tutorials.title')}</Typography>
        <Typography color="text.secondary">
          {t('tutorials.lead')}
          {' '}
          <Link href={`mailto:${product.supportEmail}`}>{product.supportEmail}</Link>
        </Typography>
        <Box component="nav" aria-label={t('tutorials.contents')} sx={{ my: 3 }}>
          <Box component="ol" sx={{ m: 0, paddingInlineStart: 3 }}>
            {tutorials.map(({ name }) => (
              <li key={name}><Link href={`#${name}`}>{t(`tutorials.${name}.title`)}</Link></li>
            ))}
          </Box>
        </Box>
        {tutorials.map(({ name, steps }) => (
          <Box component="section" key={name} id={name} aria-labelledby={`${name}-title`} sx={{ mt: 4, scrollMarginTop: 80 }}>
            <Typography id={`${name}-title`} variant="h2" sx={{ mb: 1.5 }}>{t(`tutorials.${name}.title`)}</Typography>
            <Box component="ol" sx={{ m: 0, paddingInlineStart: 3, '& li': { mb: 1 } }}>
              {steps.map((step) => <Typography component="li" key={step}>{t(`tutorials.${name}.steps.${step}`, { defaultValue: '' })}</Typography>)}
            </Box>
          </Box>
        ))}
      </Paper>
    </Box>
  );
}
