import { messages } from '@receta/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageCard } from '../../components/page-card.tsx';
import { paths } from '../../config/paths.ts';
import { errorMessageOf } from '../../lib/api-client.ts';
import { useNotify } from '../../lib/notify.ts';
import { recoverPin } from './auth-api.ts';
import { PinForm } from './pin-form.tsx';

/** The link of the PIN-recovery mail: a signed-in doctor sets a new signing PIN. */
export function PinRecoveryPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const { userToken = '' } = useParams();

  async function recover(pin: string) {
    try {
      await recoverPin(userToken, pin);
      notify({ message: messages.pin.updated, variant: 'success' });
      await navigate(paths.home.getHref());
    } catch (error) {
      notify({ message: errorMessageOf(error), variant: 'error' });
    }
  }

  return (
    <PageCard title={t('pinRecovery.title')} lead={t('pinRecovery.lead')} maxWidth={440}>
      <PinForm submitLabel={t('pinRecovery.submit')} onSubmit={recover} />
    </PageCard>
  );
}
