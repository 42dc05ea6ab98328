import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MuiToolbar from '@mui/material/Toolbar';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Brand } from '../components/brand.tsx';
import { paths } from '../config/paths.ts';
import { UserMenu } from '../features/auth/user-menu.tsx';
import { WorkspaceSwitcher } from '../features/workspaces/workspace-switcher.tsx';
import { useSession } from '../lib/session.tsx';
import { NavigationSearch } from './navigation-search.tsx';
import { ShortcutsMenu } from './shortcuts-menu.tsx';
import { VersionInfo } from './version-info.tsx';

/**
 * The top bar. Its start holds the menu button and, once signed in, the navigation search;
 * its end holds the session's controls: the login and register links for a guest; otherwise
 * the superadmin's version info, the shortcuts, the workspace switcher and the user menu.
 */
export function Toolbar({ onMenuClick }: { onMenuClick: () => void }) {
  const { t } = useTranslation();
  const { isGuest } = useSession();

  return (
    <AppBar position="sticky" sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <MuiToolbar sx={{ gap: 1 }}>
        <IconButton edge="start" onClick={onMenuClick} aria-label={t('app.openMenu')} sx={{ display: { md: 'none' } }}>
          <MenuIcon />
        </IconButton>
        <Box
          component={RouterLink}
          to={paths.home.getHref()}
          aria-label={t('app.homeLink')}
          sx={{ display: { xs: 'flex', md: 'none' }, textDecoration: 'none', minWidth: 0 }}
        >
          <Brand isCompact />
        </Box>
        {!isGuest && <Box sx={{ display: { xs: 'none', sm: 'block' } }}><NavigationSearch /></Box>}
        <Box sx={{ flexGrow: 1 }} />
        {isGuest
          ? (
              <Box sx={{ display: 'flex', gap: 1 }}>
                <Button component={RouterLink} to={paths.login.getHref()} color="primary">
                  {t('toolbar.login')}
                </Button>
                <Button component={RouterLink} to={paths.register.getHref()} variant="contained">
                  {t('toolbar.register')}
                </Button>
              </Box>
            )
          : (
              <>
                <VersionInfo />
                <ShortcutsMenu />
                <WorkspaceSwitcher />
                <UserMenu />
              </>
            )}
      </MuiToolbar>
    </AppBar>
  );
}
