import OpenInNew from '@mui/icons-material/OpenInNew';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { VisuallyHidden } from './visually-hidden.tsx';

/** "Acepto los términos y condiciones", the document's name a link that opens it in a new tab. */
export function LegalLabel({ prefix, to, text }: { prefix: string; to: string; text: string }) {
  const { t } = useTranslation();
  return (
    <span>
      {prefix}
      {' '}
      <Link component={RouterLink} to={to} target="_blank" rel="noopener noreferrer" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25 }}>
        {text.toLowerCase()}
        <OpenInNew aria-hidden sx={{ fontSize: '0.875rem' }} />
        <VisuallyHidden>{` ${t('app.opensInNewTab')}`}</VisuallyHidden>
      </Link>
    </span>
  );
}
