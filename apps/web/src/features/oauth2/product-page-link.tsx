import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { VisuallyHidden } from '../../components/visually-hidden.tsx';

/** A page of the product, opened in a new tab so that the app's sign-in or consent stays where it is. */
export function ProductPageLink({ to, children }: { to: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Link component={RouterLink} to={to} target="_blank" rel="noopener noreferrer">
      {children}
      <VisuallyHidden>{` ${t('app.opensInNewTab')}`}</VisuallyHidden>
    </Link>
  );
}
