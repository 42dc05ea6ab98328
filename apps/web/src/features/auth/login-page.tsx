import { zodResolver } from '@hookform/resolvers/zod';
import { LoginSchema, type LoginInput } from '@receta/domain';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { FormTextField } from '../../components/form-field.tsx';
import { PageCard } from '../../components/page-card.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { paths } from '../../config/paths.ts';
import { errorMessageOf } from '../../lib/api-client.ts';
import { useNotify } from '../../lib/notify.ts';
import { authenticityTokenStore } from '../../lib/storage.ts';
import { logIn } from './auth-api.ts';
import { PasswordRecoveryDialog } from './password-recovery-dialog.tsx';

/** Login step one (spec section 2): email and password, then the second factor. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const [isRecoveryOpen, setIsRecoveryOpen] = useState(false);
  const { control, handleSubmit, formState } = useForm<LoginInput>({
    resolver: zodResolver(LoginSchema),
    defaultValues: { email: '', password: '' },
    mode: 'onTouched',
  });

  async function submit(credentials: LoginInput) {
    try {
      authenticityTokenStore.set(await logIn(credentials));
      await navigate(paths.secondFactor.getHref());
    } catch (error) {
      notify({ message: errorMessageOf(error), variant: 'error' });
    }
  }

  return (
    <PageCard title={t('login.title')} lead={t('login.lead')} maxWidth={440}>
      <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void handleSubmit(submit)(event)}>
        <FormTextField control={control} name="email" label={t('login.email')} type="email" autoComplete="username" required />
        <PasswordField control={control} name="password" label={t('login.password')} autoComplete="current-password" required />
        <Link component="button" type="button" onClick={() => setIsRecoveryOpen(true)} sx={{ alignSelf: 'flex-start' }}>
          {t('login.forgotPassword')}
        </Link>
        <Button type="submit" variant="contained" size="large" disabled={!formState.isValid} loading={formState.isSubmitting}>
          {t('login.submit')}
        </Button>
      </Stack>
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        {t('login.noAccount')}
        {' '}
        <Link component={RouterLink} to={paths.register.getHref()}>
          {t('login.register')}
        </Link>
      </Typography>
      <PasswordRecoveryDialog open={isRecoveryOpen} onClose={() => setIsRecoveryOpen(false)} />
    </PageCard>
  );
}
