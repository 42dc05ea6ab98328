import Box from '@mui/material/Box';
import type { SyntheticEvent } from 'react';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../components/form-field.tsx';
import { NewPasswordField } from '../../components/new-password-field.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import type { RegistrationForm } from './registration-form.ts';

function block(event: SyntheticEvent) {
  event.preventDefault();
}

/** Step 2: the email and the password, each typed twice (spec section 3). */
export function CredentialsStep({ control }: { control: Control<RegistrationForm> }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2.5 }}>
      <FormTextField control={control} name="email" label={t('registration.fields.email')} type="email" autoComplete="email" required />
      <FormTextField
        control={control}
        name="emailCopy"
        label={t('registration.fields.emailCopy')}
        helperText={t('registration.fields.emailCopyHint')}
        type="email"
        autoComplete="off"
        required
        // DECISIONS.md: the copy must be typed, so that a typo in the first field is caught.
        slotProps={{ htmlInput: { onPaste: block, onCopy: block, onCut: block, onDrop: block } }}
      />
      <NewPasswordField control={control} name="password" label={t('registration.fields.password')} required />
      <PasswordField
        control={control}
        name="passwordConfirm"
        label={t('registration.fields.passwordConfirm')}
        autoComplete="new-password"
        required
      />
    </Box>
  );
}
