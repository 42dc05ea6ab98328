import { zodResolver } from '@hookform/resolvers/zod';
import { NewPasswordFormSchema, type NewPasswordForm } from '@receta/domain';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageCard } from '../../components/page-card.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { paths } from '../../config/paths.ts';
import { errorMessageOf } from '../../lib/api-client.ts';
import { useNotify } from '../../lib/notify.ts';
import { recoverPassword } from './auth-api.ts';

/** The link of the password-recovery mail: a new password, typed twice. */
export function PasswordRecoveryPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const { userToken = '' } = useParams();
  const { control, handleSubmit, formState } = useForm<NewPasswordForm>({
    resolver: zodResolver(NewPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
    mode: 'onTouched',
  });

  async function save({ password }: NewPasswordForm) {
    try {
      notify({ message: await recoverPassword(userToken, password), variant: 'success' });
      await navigate(paths.login.getHref());
    } catch (error) {
      notify({ message: errorMessageOf(error), variant: 'error' });
    }
  }

  return (
    <PageCard title={t('newPassword.title')} lead={t('newPassword.lead')} maxWidth={440}>
      <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void handleSubmit(save)(event)}>
        <PasswordField control={control} name="password" label={t('newPassword.password')} autoComplete="new-password" required />
        <PasswordField
          control={control}
          name="confirmPassword"
          label={t('newPassword.confirmPassword')}
          autoComplete="new-password"
          required
        />
        <Button type="submit" variant="contained" size="large" disabled={!formState.isValid} loading={formState.isSubmitting}>
          {t('newPassword.submit')}
        </Button>
      </Stack>
    </PageCard>
  );
}
