import { messages } from '@receta/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title.tsx';
import { paths } from '../../config/paths.ts';
import { translateMessage } from '../../i18n/translate-message.ts';

/** Shown instead of a page that crashed; a full reload of the home page recovers the app. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <Box sx={{ px: 2, py: { xs: 4, sm: 8 } }}>
      <Paper variant="outlined" role="alert" sx={{ maxWidth: 560, mx: 'auto', p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
        <PageTitle title={t('routeError.title')} />
        <Typography variant="h1" gutterBottom>
          {t('routeError.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {translateMessage(t, messages.common.internalError)}
        </Typography>
        <Button href={paths.home.getHref()} variant="contained">
          {t('routeError.home')}
        </Button>
      </Paper>
    </Box>
  );
}
