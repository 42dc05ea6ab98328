import { SecondFactorSchema, type SecondFactorInput } from '@receta/domain';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../components/form-field.tsx';
import { zodFormResolver } from '../../lib/form-resolver.ts';

/**
 * The authenticator's 6-digit code: the second step of a login, on the product's login and on
 * the sign-in page an app sends a doctor to.
 */
export function SecondFactorCodeForm({ autoFocus, onSubmit }: {
  autoFocus: boolean;
  onSubmit: (code: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const { control, handleSubmit, formState } = useForm<SecondFactorInput>({
    resolver: zodFormResolver(SecondFactorSchema),
    defaultValues: { token: '' },
    mode: 'onTouched',
  });

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void handleSubmit(({ token }) => onSubmit(token))(event)}>
      <FormTextField
        control={control}
        name="token"
        label={t('secondFactor.code')}
        autoComplete="one-time-code"
        digitsOnly
        required
        autoFocus={autoFocus}
        slotProps={{ htmlInput: { maxLength: 6 } }}
      />
      <Button type="submit" variant="contained" size="large" disabled={!formState.isValid} loading={formState.isSubmitting}>
        {t('secondFactor.submit')}
      </Button>
    </Stack>
  );
}
