import { product } from '@receta/domain';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../config/paths.ts';
import { ApprovalsStart } from '../../features/home/approvals-start.tsx';
import { DoctorStart } from '../../features/home/doctor-start.tsx';
import { HomeSection } from '../../features/home/home-section.tsx';
import { PharmacyStart } from '../../features/home/pharmacy-start.tsx';
import { isWorkspaceMember } from '../../lib/roles.ts';
import { useSession } from '../../lib/session.tsx';

/**
 * Spec section 2, `/`: each kind of user starts where their work is — a doctor with a new
 * prescription and their latest ones, a pharmacy with the scanner, a moderator with the
 * accounts waiting for approval. Everyone finds the tutorials and the legal texts.
 */
export function HomePage() {
  const { t } = useTranslation();
  const { user, scope } = useSession();

  return (
    <Box sx={{ maxWidth: 960, mx: 'auto', display: 'grid', gap: 3 }}>
      <Box>
        <Typography variant="h1" gutterBottom>{t('home.welcome', { product: product.name })}</Typography>
        <Typography color="text.secondary">
          {user && `${t('home.greeting', { name: user.displayName })} `}
          {t('home.description')}
        </Typography>
      </Box>
      {/* Prescriptions live in a workspace: a superadmin holding every permission has none. */}
      {scope.includes('owner.prescription') && isWorkspaceMember(user) && <DoctorStart />}
      {scope.includes('index.scan') && <PharmacyStart />}
      {scope.includes('index.not.authorized.user') && <ApprovalsStart />}
      <HomeSection title={t('home.help.title')}>
        <Stack component="ul" spacing={0.5} sx={{ m: 0, paddingInlineStart: 3 }}>
          <li>
            <Link component={RouterLink} to={paths.tutorials.getHref()}>{t('tutorials.title')}</Link>
          </li>
          <li>
            <Link component={RouterLink} to={paths.termsAndConditions.getHref()}>{t('legal.termsTitle')}</Link>
          </li>
          <li>
            <Link component={RouterLink} to={paths.privacyPolicy.getHref()}>{t('legal.privacyTitle')}</Link>
          </li>
          <li>
            <Link href={`mailto:${product.supportEmail}`}>{t('home.help.support', { email: product.supportEmail })}</Link>
          </li>
        </Stack>
      </HomeSection>
    </Box>
  );
}
