import Box from '@mui/material/Box';
import { useState } from 'react';
import { TermsGate } from '../../features/auth/terms-gate.tsx';
import { Footer } from '../footer.tsx';
import { Navbar } from '../navbar.tsx';
import { RouteGuard } from '../route-guard.tsx';
import { SkipLink } from '../skip-link.tsx';
import { Toolbar } from '../toolbar.tsx';

/** The shell of every page behind the menu: navbar, toolbar, content and footer. */
export function AppLayout() {
  const [isNavbarOpen, setIsNavbarOpen] = useState(false);

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      <SkipLink />
      <Navbar isMobileOpen={isNavbarOpen} onMobileClose={() => setIsNavbarOpen(false)} />
      <Box sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0 }}>
        <Toolbar onMenuClick={() => setIsNavbarOpen(true)} />
        <Box component="main" id="main-content" tabIndex={-1} sx={{ flexGrow: 1, p: { xs: 2, sm: 3 }, outline: 'none' }}>
          <TermsGate>
            <RouteGuard />
          </TermsGate>
        </Box>
        <Footer />
      </Box>
    </Box>
  );
}
