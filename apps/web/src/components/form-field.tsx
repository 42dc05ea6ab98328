import TextField, { type OutlinedTextFieldProps } from '@mui/material/TextField';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useController, type ControllerFieldState, type FieldPath, type FieldValues, type UseControllerProps } from 'react-hook-form';
import { translateMessage } from '../i18n/translate-message.ts';

export type FormTextFieldProps<Values extends FieldValues, Name extends FieldPath<Values>, Transformed> = Omit<
  OutlinedTextFieldProps,
  'variant' | 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'inputRef'
> & {
  control: NonNullable<UseControllerProps<Values, Name, Transformed>['control']>;
  name: Name;
};

/**
 * A text field bound to a react-hook-form form. Every form uses it so that errors appear by
 * one rule (spec section 5).
 */
export function FormTextField<Values extends FieldValues, Name extends FieldPath<Values>, Transformed = Values>({
  control,
  name,
  required = false,
  helperText,
  disabled,
  ...textFieldProps
}: FormTextFieldProps<Values, Name, Transformed>) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control, name });
  const errorText = fieldErrorText(t, { fieldState, required, value: field.value });

  return (
    <TextField
      {...textFieldProps}
      variant="outlined"
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      required={required}
      disabled={disabled ?? field.disabled}
      error={errorText !== undefined}
      helperText={errorText ?? helperText}
    />
  );
}

/**
 * Spec section 5: an error shows when the field is not pristine and required but empty, or
 * when validation gave it a message.
 */
function fieldErrorText(
  t: TFunction,
  { fieldState, required, value }: { fieldState: ControllerFieldState; required: boolean; value: unknown },
): string | undefined {
  const isPristine = !fieldState.isDirty && !fieldState.isTouched;
  if (!isPristine && required && isEmpty(value)) return t('messages.common.required');
  const message = fieldState.error?.message;
  return message ? translateMessage(t, message) : undefined;
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}
