import { limits, messages, PinFormSchema, type PinForm as PinFormValues } from '@receta/domain';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../components/password-field.tsx';
import { zodFormResolver } from '../../lib/form-resolver.ts';

/** The signing PIN typed twice (spec section 5); the button waits for a valid form. */
export function PinForm({ submitLabel, onSubmit }: { submitLabel: string; onSubmit: (pin: string) => Promise<void> }) {
  const { t } = useTranslation();
  const { control, handleSubmit, formState } = useForm<PinFormValues>({
    resolver: zodFormResolver(PinFormSchema),
    defaultValues: { PIN: '', confirmPIN: '' },
    mode: 'onTouched',
  });
  const pinField = {
    control,
    autoComplete: 'off',
    digitsOnly: true,
    required: true,
    requiredMessage: messages.pin.required,
    slotProps: { htmlInput: { maxLength: limits.pinLength } },
  } as const;

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void handleSubmit(({ PIN }) => onSubmit(PIN))(event)}>
      <PasswordField {...pinField} name="PIN" label={t('pin.pin')} />
      <PasswordField {...pinField} name="confirmPIN" label={t('pin.confirmPin')} />
      <Button type="submit" variant="contained" size="large" disabled={!formState.isValid} loading={formState.isSubmitting}>
        {submitLabel}
      </Button>
    </Stack>
  );
}
