import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Brand } from '../../components/brand.tsx';
import { paths } from '../../config/paths.ts';
import { LanguageSwitcher } from '../../features/languages/language-switcher.tsx';
import { RouteGuard } from '../route-guard.tsx';
import { SkipLink } from '../skip-link.tsx';

/**
 * Pages without navbar, toolbar or footer (spec section 2): login, registration, legal texts.
 * Only the language switcher of the toolbar stays.
 */
export function GuestLayout() {
  const { t } = useTranslation();
  return (
    <Box sx={{ minHeight: '100dvh', px: { xs: 1.5, sm: 3 }, py: { xs: 2, sm: 4 } }}>
      <SkipLink />
      <Box sx={{ display: 'flex', justifyContent: 'center', position: 'relative', mb: { xs: 2, sm: 3 } }}>
        <Box component={RouterLink} to={paths.home.getHref()} aria-label={t('app.homeLink')} sx={{ textDecoration: 'none' }}>
          <Brand />
        </Box>
        {/* No toolbar here, yet a reader who does not read Spanish has to be able to sign in. */}
        <Box sx={{ position: 'absolute', insetInlineEnd: 0, top: '50%', transform: 'translateY(-50%)' }}>
          <LanguageSwitcher />
        </Box>
      </Box>
      <Box component="main" id="main-content" tabIndex={-1} sx={{ outline: 'none' }}>
        <RouteGuard />
      </Box>
    </Box>
  );
}
