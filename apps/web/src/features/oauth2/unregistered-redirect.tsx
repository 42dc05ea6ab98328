import { messages } from '@receta/domain';
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../i18n/translate-message.ts';
import { OAuthCard } from './oauth-card.tsx';

/**
 * What the consent and PIN pages show for a redirect_uri that is not one of the app's: the
 * user is told here, and the browser is never sent there (RFC 6749 section 10.15).
 */
export function UnregisteredRedirect({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <OAuthCard title={title}>
      <Alert severity="error">{translateMessage(t, messages.oauth.redirectUriNotRegistered)}</Alert>
    </OAuthCard>
  );
}
