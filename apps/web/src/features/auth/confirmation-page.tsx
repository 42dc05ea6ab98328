import { messages } from '@receta/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageCard } from '../../components/page-card.tsx';
import { paths } from '../../config/paths.ts';
import { translateMessage } from '../../i18n/translate-message.ts';
import { ApiRequestError, errorCodeOf } from '../../lib/api-client.ts';
import { useNotify } from '../../lib/notify.ts';
import { confirmDoctorAccount } from './auth-api.ts';
import { NewConfirmationLinkForm } from './new-confirmation-link-form.tsx';
import { PinForm } from './pin-form.tsx';

/**
 * The link of the confirm-account mail: the approved doctor chooses their signing PIN. A link
 * that expired or was used leaves the doctor a way on: a new link by mail.
 */
export function ConfirmationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const { userToken = '' } = useParams();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [isAskingNewLink, setIsAskingNewLink] = useState(false);

  async function confirm(pin: string) {
    try {
      await confirmDoctorAccount(userToken, pin);
      notify({ message: messages.pin.credentialsSet, variant: 'success' });
      await navigate(paths.login.getHref());
    } catch (error) {
      // Spec section 8: a PIN already used has its own message; every other failure means the link no longer works.
      const message = errorCodeOf(error) === 'alreadyUsedPin' ? messages.pin.alreadyUsed : messages.pin.expired;
      notify({ message, variant: 'error' });
      // The server refused this link; without an answer (the network, the server's own failure) it may still work.
      if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) setRefusal(message);
    }
  }

  const offersNewLink = refusal !== null || isAskingNewLink;
  return (
    <PageCard title={t('confirmation.title')} lead={refusal === null ? t('confirmation.lead') : undefined} maxWidth={440}>
      {refusal === null
        ? <PinForm submitLabel={t('confirmation.submit')} onSubmit={confirm} />
        : <Alert severity="warning">{translateMessage(t, refusal)}</Alert>}
      <Divider sx={{ my: 3 }} />
      {offersNewLink
        ? <NewConfirmationLinkForm />
        : (
            <Box sx={{ textAlign: 'center' }}>
              <Link component="button" type="button" onClick={() => setIsAskingNewLink(true)}>
                {t('confirmation.offerNewLink')}
              </Link>
            </Box>
          )}
    </PageCard>
  );
}
