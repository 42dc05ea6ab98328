import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { paths } from '../../config/paths.ts';
import { isFirstRoleIn } from '../../lib/roles.ts';
import { useSession } from '../../lib/session.tsx';

/**
 * What a page of patients or prescriptions shows a user who belongs to no workspace, such as
 * the superadmin: why there is nothing to show, and where they can go instead.
 */
export function NoWorkspacePage() {
  const { t } = useTranslation();
  const { user } = useSession();
  // The superadmin opens workspaces and adds their members (docs/decisions/011).
  const managesWorkspaces = isFirstRoleIn('superAdmin', user);
  return (
    <Paper variant="outlined" sx={{ maxWidth: 560, mx: 'auto', mt: { xs: 1, sm: 6 }, p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
      <PageTitle title={t('noWorkspace.title')} />
      <Typography variant="h1" gutterBottom>{t('noWorkspace.title')}</Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>{t('noWorkspace.description')}</Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {managesWorkspaces ? t('noWorkspace.superadmin') : t('noWorkspace.member')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'center', flexWrap: 'wrap' }}>
        {managesWorkspaces && (
          <Button component={RouterLink} to={paths.workspaces.getHref()} variant="contained">
            {t('noWorkspace.workspaces')}
          </Button>
        )}
        <Button component={RouterLink} to={paths.home.getHref()} variant={managesWorkspaces ? 'outlined' : 'contained'}>
          {t('noWorkspace.home')}
        </Button>
      </Box>
    </Paper>
  );
}
