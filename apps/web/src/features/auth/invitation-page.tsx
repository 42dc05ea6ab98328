import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { acceptInvitation } from './auth-api.ts';
import { NewPasswordForm } from './new-password-form.tsx';

/** The link of the mail a new administrator receives: they choose their password, then log in. */
export function InvitationPage() {
  const { t } = useTranslation();
  const { userToken = '' } = useParams();
  return (
    <NewPasswordForm title={t('invitation.title')} lead={t('invitation.lead')} save={(password) => acceptInvitation(userToken, password)} />
  );
}
