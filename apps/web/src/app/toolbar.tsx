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
import { LanguageSwitcher } from '../features/languages/language-switcher.tsx';
import { QuickPanel } from '../features/quick-panel/quick-panel.tsx';
import { useSettings } from '../features/settings/settings-provider.tsx';
import { WorkspaceSwitcher } from '../features/workspaces/workspace-switcher.tsx';
import { useSession } from '../lib/session.tsx';
import { FullscreenToggle } from './fullscreen-toggle.tsx';
import { NavbarFoldButton } from './navbar.tsx';
import { NavigationSearch } from './navigation-search.tsx';
import { SettingsButtons } from './settings-buttons.tsx';
import { ShortcutsMenu } from './shortcuts-menu.tsx';
import { VersionInfo } from './version-info.tsx';

/**
 * The top bar. Its start holds the menu button (the drawer on a phone, folding the side menu on
 * desktop) and, once signed in, the navigation search; its end holds fullscreen, the language, the settings
 * and then the session's controls: the login and register links for a guest; otherwise the
 * superadmin's version info, the shortcuts, the workspace switcher and the user menu. On a phone
 * the workspace switcher is a row under the bar, where its name fits.
 */
export function Toolbar({ onMenuClick }: { onMenuClick: () => void }) {
  const { t } = useTranslation();
  const { isGuest } = useSession();
  const { settings } = useSettings();
  // Without a side menu on desktop, the logo has to be here.
  const hasLogoOnDesktop = settings.layout === 'horizontal';

  return (
    <AppBar position="sticky" sx={{ borderBottom: 1, borderColor: 'divider' }}>
      {/* Tighter on a phone, where every button of the bar has to fit in 375 px. */}
      <MuiToolbar variant={settings.layout === 'compact' ? 'dense' : 'regular'} sx={{ gap: { xs: 0.25, sm: 1 } }}>
        <IconButton edge="start" onClick={onMenuClick} aria-label={t('app.openMenu')} sx={{ display: { md: 'none' } }}>
          <MenuIcon />
        </IconButton>
        <NavbarFoldButton />
        <Box
          component={RouterLink}
          to={paths.home.getHref()}
          aria-label={t('app.homeLink')}
          sx={{ display: { xs: 'flex', md: hasLogoOnDesktop ? 'flex' : 'none' }, textDecoration: 'none', flexShrink: 0 }}
        >
          <Brand isCompact />
        </Box>
        {!isGuest && <Box sx={{ display: { xs: 'none', sm: 'block' } }}><NavigationSearch /></Box>}
        <Box sx={{ flexGrow: 1 }} />
        <Box sx={{ display: { xs: 'none', sm: 'contents' } }}><FullscreenToggle /></Box>
        <LanguageSwitcher />
        <SettingsButtons />
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
                <QuickPanel />
                <WorkspaceSwitcher />
                <UserMenu />
              </>
            )}
      </MuiToolbar>
      {!isGuest && <WorkspaceSwitcher isRow />}
    </AppBar>
  );
}
