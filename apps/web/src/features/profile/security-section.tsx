import {
  formatDisplayDate, PasswordChangeSchema, SecondFactorResetSchema, type PasswordChangeInput, type Profile,
} from '@receta/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogForm, FormDialog } from '../../components/form-dialog.tsx';
import { NewPasswordField } from '../../components/new-password-field.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { errorMessageOf } from '../../lib/api-client.ts';
import { useNotify } from '../../lib/notify.ts';
import { useSession } from '../../lib/session.tsx';
import { useServerForm } from '../../lib/use-server-form.ts';
import { useChangePassword, useRequestPinRecovery, useResetSecondFactor } from './profile-api.ts';
import { ProfileSection, ProfileSubheading } from './profile-section.tsx';

/** Seguridad: the password, the signing PIN (doctors) and the second factor. */
export function SecuritySection({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const { scope } = useSession();
  return (
    <ProfileSection title={t('profile.security.title')}>
      <ProfileSubheading>{t('profile.security.password')}</ProfileSubheading>
      <PasswordChangeForm />
      {scope.includes('sign.prescription') && profile.doctor && (
        <>
          <Divider sx={{ my: 3 }} />
          <PinRecovery />
        </>
      )}
      <Divider sx={{ my: 3 }} />
      <SecondFactor enrolledAt={profile.secondFactorEnrolledAt} />
    </ProfileSection>
  );
}

const emptyPasswords: PasswordChangeInput = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Changes the password with the current one; `onChanged` runs once the server confirmed it. */
export function PasswordChangeForm({ onChanged }: { onChanged?: () => void }) {
  const { t } = useTranslation();
  const changePassword = useChangePassword();
  const { control, formState, reset, submitWith } = useServerForm({
    schema: PasswordChangeSchema,
    defaultValues: emptyPasswords,
    mode: 'onTouched',
  });
  const save = submitWith((passwords) => changePassword.mutateAsync(passwords), {
    success: (message) => message,
    onSaved: () => {
      reset(emptyPasswords);
      onChanged?.();
    },
  });

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={save} sx={{ maxWidth: 480 }}>
      <Typography variant="body2" color="text.secondary">{t('profile.security.passwordNote')}</Typography>
      <PasswordField
        control={control}
        name="currentPassword"
        label={t('profile.security.currentPassword')}
        autoComplete="current-password"
        required
      />
      <NewPasswordField control={control} name="newPassword" label={t('profile.security.newPassword')} required />
      <PasswordField
        control={control}
        name="confirmPassword"
        label={t('profile.security.confirmPassword')}
        autoComplete="new-password"
        required
      />
      <Box>
        <Button type="submit" variant="contained" loading={formState.isSubmitting}>{t('profile.security.changePassword')}</Button>
      </Box>
    </Stack>
  );
}

/** The spec's PIN recovery request: a mailed link to set a new signing PIN. */
function PinRecovery() {
  const { t } = useTranslation();
  const notify = useNotify();
  const requestPinRecovery = useRequestPinRecovery();

  async function request() {
    try {
      notify({ message: await requestPinRecovery.mutateAsync(), variant: 'success' });
    } catch (error) {
      notify({ message: errorMessageOf(error), variant: 'error' });
    }
  }

  return (
    <>
      <ProfileSubheading>{t('profile.security.pin')}</ProfileSubheading>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>{t('profile.security.pinNote')}</Typography>
      <Button variant="outlined" loading={requestPinRecovery.isPending} onClick={() => void request()}>
        {t('profile.security.requestPinRecovery')}
      </Button>
    </>
  );
}

function SecondFactor({ enrolledAt }: { enrolledAt: string | null }) {
  const { t } = useTranslation();
  const [isResetting, setIsResetting] = useState(false);
  return (
    <>
      <ProfileSubheading>{t('profile.security.secondFactor')}</ProfileSubheading>
      <Typography sx={{ mb: 0.5 }}>
        {enrolledAt
          ? t('profile.security.secondFactorEnrolled', { date: formatDisplayDate(enrolledAt) })
          : t('profile.security.secondFactorPending')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>{t('profile.security.secondFactorNote')}</Typography>
      <Button variant="outlined" color="error" onClick={() => setIsResetting(true)}>
        {t('profile.security.resetSecondFactor')}
      </Button>
      <FormDialog open={isResetting} title={t('profile.security.resetTitle')} onClose={() => setIsResetting(false)} maxWidth="xs">
        <ResetSecondFactorForm onClose={() => setIsResetting(false)} />
      </FormDialog>
    </>
  );
}

/** Asks for the password before the reset: someone at an unlocked screen must not enrol their own phone. */
function ResetSecondFactorForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const resetSecondFactor = useResetSecondFactor();
  const { control, formState, submitWith } = useServerForm({
    schema: SecondFactorResetSchema,
    defaultValues: { password: '' },
    mode: 'onTouched',
  });
  const confirm = submitWith((values) => resetSecondFactor.mutateAsync(values), {
    success: (message) => message,
    onSaved: onClose,
  });

  return (
    <DialogForm
      onSubmit={confirm}
      onCancel={onClose}
      isSubmitting={formState.isSubmitting}
      submitLabel={t('profile.security.resetConfirm')}
    >
      <DialogContentText sx={{ mb: 2 }}>{t('profile.security.resetQuestion')}</DialogContentText>
      <PasswordField
        control={control}
        name="password"
        label={t('profile.security.resetPassword')}
        autoComplete="current-password"
        required
        fullWidth
        autoFocus
      />
    </DialogForm>
  );
}
