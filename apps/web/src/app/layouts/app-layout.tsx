import Box from '@mui/material/Box';
import { useState } from 'react';
import { TermsGate } from '../../features/auth/terms-gate.tsx';
import { PasswordExpiryGate } from '../../features/profile/password-expiry-gate.tsx';
import { useSettings } from '../../features/settings/settings-provider.tsx';
import { Footer } from '../footer.tsx';
import { HorizontalNavigation } from '../horizontal-navigation.tsx';
import { Navbar } from '../navbar.tsx';
import { RouteGuard } from '../route-guard.tsx';
import { AreaTheme } from '../shell-theme.tsx';
import { SkipLink } from '../skip-link.tsx';
import { Toolbar } from '../toolbar.tsx';

/**
 * The shell of every page behind the menu: navbar, toolbar, content and footer, arranged by the
 * layout of the settings (spec section 2, three variants): vertical (side menu), horizontal
 * (menu under the toolbar) or compact (a side menu of icons and denser content).
 */
export function AppLayout() {
  const [isNavbarOpen, setIsNavbarOpen] = useState(false);
  const { settings } = useSettings();
  const isCompact = settings.layout === 'compact';

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      <SkipLink />
      <Navbar isMobileOpen={isNavbarOpen} onMobileClose={() => setIsNavbarOpen(false)} />
      <Box sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0 }}>
        <AreaTheme area="toolbar">
          <Toolbar onMenuClick={() => setIsNavbarOpen(true)} />
        </AreaTheme>
        {settings.layout === 'horizontal' && <HorizontalNavigation />}
        <Box
          component="main"
          id="main-content"
          tabIndex={-1}
          sx={{ flexGrow: 1, p: isCompact ? { xs: 1.5, sm: 2 } : { xs: 2, sm: 3 }, outline: 'none' }}
        >
          <TermsGate>
            <PasswordExpiryGate>
              <RouteGuard />
            </PasswordExpiryGate>
          </TermsGate>
        </Box>
        <AreaTheme area="footer">
          <Footer />
        </AreaTheme>
      </Box>
    </Box>
  );
}
