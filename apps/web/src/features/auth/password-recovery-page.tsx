import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { recoverPassword } from './auth-api.ts';
import { NewPasswordForm } from './new-password-form.tsx';

/** The link of the password-recovery mail: a new password, typed twice. */
export function PasswordRecoveryPage() {
  const { t } = useTranslation();
  const { userToken = '' } = useParams();
  return (
    <NewPasswordForm title={t('newPassword.title')} lead={t('newPassword.lead')} save={(password) => recoverPassword(userToken, password)} />
  );
}
