import Box from '@mui/material/Box';
import { Outlet } from 'react-router';
import { Brand } from '../../components/brand.tsx';

/**
 * The OAuth pages (spec section 2): no navbar, toolbar, footer or side panels, and no link
 * away, because the user is in the middle of an app's flow and should leave it only through
 * its buttons. Open to everyone: a doctor signed in to the web app may authorise an app too.
 */
export function OAuthLayout() {
  return (
    <Box sx={{ minHeight: '100dvh', px: { xs: 1.5, sm: 3 }, py: { xs: 2, sm: 4 } }}>
      <Box sx={{ display: 'flex', justifyContent: 'center', mb: { xs: 2, sm: 3 } }}>
        <Brand />
      </Box>
      <Box component="main" id="main-content" tabIndex={-1} sx={{ outline: 'none' }}>
        <Outlet />
      </Box>
    </Box>
  );
}
