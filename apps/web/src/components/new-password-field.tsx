import { useTranslation } from 'react-i18next';
import type { FieldPath, FieldValues } from 'react-hook-form';
import type { FormTextFieldProps } from './form-field.tsx';
import { PasswordField } from './password-field.tsx';

/** The field where a password is chosen, with the rule every new password follows (decision 041) under it. */
export function NewPasswordField<Values extends FieldValues, Name extends FieldPath<Values>, Transformed = Values>(
  props: Omit<FormTextFieldProps<Values, Name, Transformed>, 'type' | 'helperText' | 'autoComplete'>,
) {
  const { t } = useTranslation();
  return <PasswordField {...props} helperText={t('forms.newPasswordRule')} autoComplete="new-password" />;
}
