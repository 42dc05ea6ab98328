import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Brand } from '../../components/brand.tsx';
import { paths } from '../../config/paths.ts';
import { RouteGuard } from '../route-guard.tsx';
import { SkipLink } from '../skip-link.tsx';

/** Pages without navbar, toolbar or footer (spec section 2): login, registration, legal texts. */
export function GuestLayout() {
  const { t } = useTranslation();
  return (
    <Box sx={{ minHeight: '100dvh', px: { xs: 1.5, sm: 3 }, py: { xs: 2, sm: 4 } }}>
      <SkipLink />
      <Box sx={{ display: 'flex', justifyContent: 'center', mb: { xs: 2, sm: 3 } }}>
        <Box component={RouterLink} to={paths.home.getHref()} aria-label={t('app.homeLink')} sx={{ textDecoration: 'none' }}>
          <Brand />
        </Box>
      </Box>
      <Box component="main" id="main-content" tabIndex={-1} sx={{ outline: 'none' }}>
        <RouteGuard />
      </Box>
    </Box>
  );
}
