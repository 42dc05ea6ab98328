import { messages } from '@receta/domain';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useController, type ControllerFieldState, type FieldPath, type FieldValues, type UseControllerProps } from 'react-hook-form';
import { translateMessage } from '../i18n/translate-message.ts';
import { blockNonDigitInput, blockNonDigitKey, keepDigits } from '../lib/digits-only.ts';
import { OutlinedTextField, type OutlinedTextFieldProps } from './outlined-text-field.tsx';

/** What binds a field to a react-hook-form form, beside the field's own props. */
export interface FormFieldBinding<Values extends FieldValues, Name extends FieldPath<Values>, Transformed> {
  control: NonNullable<UseControllerProps<Values, Name, Transformed>['control']>;
  name: Name;
  required?: boolean;
  helperText?: ReactNode;
  disabled?: boolean;
  /** For forms whose spec names its own required message, such as the PIN's 'El campo es requerido'. */
  requiredMessage?: string;
  /** Fields checked again when this one changes, because their rule depends on its value. */
  deps?: FieldPath<Values>[];
}

export type FormTextFieldProps<Values extends FieldValues, Name extends FieldPath<Values>, Transformed> = Omit<
  OutlinedTextFieldProps,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'inputRef' | keyof FormFieldBinding<Values, Name, Transformed>
> & FormFieldBinding<Values, Name, Transformed> & {
  /** Spec section 5: numeric fields take digit keystrokes only, and paste keeps only the digits. */
  digitsOnly?: boolean;
};

/**
 * The props that bind a text field or a select to its form field, with its error shown by
 * the one rule of spec section 5. `toValue` turns what was typed into the form's value.
 */
export function useBoundField<Values extends FieldValues, Name extends FieldPath<Values>, Transformed>(
  binding: FormFieldBinding<Values, Name, Transformed>,
  toValue: (typed: string) => string = (typed) => typed,
) {
  const { control, name, required = false, helperText, disabled, requiredMessage, deps } = binding;
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control, name, rules: { deps } });
  const errorText = fieldErrorText(t, { fieldState, required, value: field.value, requiredMessage });
  return {
    name: field.name,
    value: field.value ?? '',
    onChange: (event: { target: { value: string } }) => field.onChange(toValue(event.target.value)),
    onBlur: field.onBlur,
    inputRef: field.ref,
    required,
    disabled: disabled ?? field.disabled,
    error: errorText !== undefined,
    helperText: errorText ?? helperText,
  };
}

/**
 * A text field bound to a react-hook-form form. Every form uses it so that errors appear by
 * one rule (spec section 5).
 */
export function FormTextField<Values extends FieldValues, Name extends FieldPath<Values>, Transformed = Values>({
  control,
  name,
  required,
  helperText,
  disabled,
  digitsOnly = false,
  requiredMessage,
  deps,
  slotProps,
  ...textFieldProps
}: FormTextFieldProps<Values, Name, Transformed>) {
  const binding = { control, name, required, helperText, disabled, requiredMessage, deps };
  const bound = useBoundField(binding, digitsOnly ? keepDigits : undefined);
  const digitInput = digitsOnly
    ? { inputMode: 'numeric', onKeyDown: blockNonDigitKey, onBeforeInput: blockNonDigitInput } as const
    : {};

  return (
    <OutlinedTextField
      {...textFieldProps}
      {...bound}
      slotProps={{ ...slotProps, htmlInput: { ...digitInput, ...slotProps?.htmlInput } }}
    />
  );
}

/**
 * Spec section 5: an error shows when the field is not pristine and required but empty, or
 * when validation gave it a message.
 */
export function fieldErrorText(
  t: TFunction,
  { fieldState, required, value, requiredMessage = messages.common.required }: {
    fieldState: ControllerFieldState;
    required: boolean;
    value: unknown;
    requiredMessage?: string;
  },
): string | undefined {
  const isPristine = !fieldState.isDirty && !fieldState.isTouched;
  if (!isPristine && required && isEmpty(value)) return translateMessage(t, requiredMessage);
  const message = fieldState.error?.message;
  return message ? translateMessage(t, message) : undefined;
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}
