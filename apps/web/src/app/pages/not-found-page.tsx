import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { paths } from '../../config/paths.ts';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ maxWidth: 560, mx: 'auto', mt: { xs: 1, sm: 6 }, p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
      <PageTitle title={t('notFound.title')} />
      <Typography variant="h1" gutterBottom>
        {t('notFound.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('notFound.description')}
      </Typography>
      <Button component={RouterLink} to={paths.home.getHref()} variant="contained">
        {t('notFound.home')}
      </Button>
    </Paper>
  );
}
