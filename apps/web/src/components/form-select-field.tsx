import TextField, { type OutlinedTextFieldProps } from '@mui/material/TextField';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { useBoundField, type FormFieldBinding } from './form-field.tsx';

export type FormSelectFieldProps<Values extends FieldValues, Name extends FieldPath<Values>, Transformed> = Omit<
  OutlinedTextFieldProps,
  'variant' | 'select' | 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'inputRef'
  | keyof FormFieldBinding<Values, Name, Transformed>
> & FormFieldBinding<Values, Name, Transformed>;

/** A choice among options (its `MenuItem` children) bound to a react-hook-form form, as `FormTextField` is. */
export function FormSelectField<Values extends FieldValues, Name extends FieldPath<Values>, Transformed = Values>({
  control,
  name,
  required,
  helperText,
  disabled,
  requiredMessage,
  deps,
  ...textFieldProps
}: FormSelectFieldProps<Values, Name, Transformed>) {
  const bound = useBoundField({ control, name, required, helperText, disabled, requiredMessage, deps });
  return <TextField {...textFieldProps} {...bound} variant="outlined" select />;
}
