import { LoginSchema, type LoginInput } from '@receta/domain';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../components/form-field.tsx';
import { loadAllTexts } from '../../i18n/index.ts';
import { PasswordField } from '../../components/password-field.tsx';
import { zodFormResolver } from '../../lib/form-resolver.ts';

// Few visitors of the login page open it: its code, and its texts, load the first time they do.
const PasswordRecoveryDialog = lazy(async () => {
  const [module] = await Promise.all([import('./password-recovery-dialog.tsx'), loadAllTexts()]);
  return { default: module.PasswordRecoveryDialog };
});

/**
 * Email and password, with the forgotten-password link and its dialog: the first step of a
 * login, on the product's login page and on the sign-in page an app sends a doctor to.
 */
export function CredentialsForm({ submitLabel, onSubmit }: {
  submitLabel: string;
  onSubmit: (credentials: LoginInput) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [isRecoveryOpen, setIsRecoveryOpen] = useState(false);
  // Kept once opened, so that the dialog's closing transition plays.
  const [hasOpenedRecovery, setHasOpenedRecovery] = useState(false);
  const { control, handleSubmit, formState } = useForm<LoginInput>({
    resolver: zodFormResolver(LoginSchema),
    defaultValues: { email: '', password: '' },
    mode: 'onTouched',
  });

  function openRecovery() {
    setIsRecoveryOpen(true);
    setHasOpenedRecovery(true);
  }

  return (
    <>
      <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
        <FormTextField control={control} name="email" label={t('login.email')} type="email" autoComplete="username" required />
        <PasswordField control={control} name="password" label={t('login.password')} autoComplete="current-password" required />
        <Link component="button" type="button" onClick={openRecovery} sx={{ alignSelf: 'flex-start' }}>
          {t('login.forgotPassword')}
        </Link>
        <Button type="submit" variant="contained" size="large" disabled={!formState.isValid} loading={formState.isSubmitting}>
          {submitLabel}
        </Button>
      </Stack>
      {hasOpenedRecovery && (
        <Suspense fallback={null}>
          <PasswordRecoveryDialog open={isRecoveryOpen} onClose={() => setIsRecoveryOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
