import OpenInNew from '@mui/icons-material/OpenInNew';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { VisuallyHidden } from './visually-hidden.tsx';
import { paths } from '../config/paths.ts';

/** Spec section 2: the legal pages open in a new tab, so that the user keeps their place. */
export function LegalLinks() {
  const { t } = useTranslation();
  const links = [
    { href: paths.termsAndConditions.getHref(), label: t('legal.termsTitle') },
    { href: paths.privacyPolicy.getHref(), label: t('legal.privacyTitle') },
  ];
  return (
    <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {links.map((link) => (
        <li key={link.href}>
          <Link
            component={RouterLink}
            to={link.href}
            target="_blank"
            rel="noopener noreferrer"
            variant="body2"
            color="text.secondary"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
          >
            {link.label}
            <OpenInNew aria-hidden sx={{ fontSize: '0.875rem' }} />
            <VisuallyHidden>{` ${t('app.opensInNewTab')}`}</VisuallyHidden>
          </Link>
        </li>
      ))}
    </Stack>
  );
}
