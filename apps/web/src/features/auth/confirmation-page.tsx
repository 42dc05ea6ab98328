import { messages } from '@receta/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageCard } from '../../components/page-card.tsx';
import { paths } from '../../config/paths.ts';
import { errorCodeOf } from '../../lib/api-client.ts';
import { useNotify } from '../../lib/notify.ts';
import { confirmDoctorAccount } from './auth-api.ts';
import { PinForm } from './pin-form.tsx';

/** The link of the confirm-account mail: the approved doctor chooses their signing PIN. */
export function ConfirmationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const { userToken = '' } = useParams();

  async function confirm(pin: string) {
    try {
      await confirmDoctorAccount(userToken, pin);
      notify({ message: messages.pin.credentialsSet, variant: 'success' });
      await navigate(paths.login.getHref());
    } catch (error) {
      // Spec section 8: a PIN already used has its own message; every other failure means the link no longer works.
      const isUsed = errorCodeOf(error) === 'alreadyUsedPin';
      notify({ message: isUsed ? messages.pin.alreadyUsed : messages.pin.expired, variant: 'error' });
    }
  }

  return (
    <PageCard title={t('confirmation.title')} lead={t('confirmation.lead')} maxWidth={440}>
      <PinForm submitLabel={t('confirmation.submit')} onSubmit={confirm} />
    </PageCard>
  );
}
