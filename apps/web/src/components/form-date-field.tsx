import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { fieldErrorText } from './form-field.tsx';

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;
const displayDate = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** "15031985" → "15/03/1985", adding each slash once the digits after it start. */
function formatTyped(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 8);
  const day = digits.slice(0, 2);
  const month = digits.slice(2, 4);
  const year = digits.slice(4);
  return [day, month, year].filter(Boolean).join('/');
}

function toDisplay(value: string): string {
  const match = isoDate.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

/** A complete dd/MM/yyyy becomes YYYY-MM-DD; anything else stays as typed, for the schema to refuse. */
function toValue(typed: string): string {
  const match = displayDate.exec(typed);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : typed;
}

/**
 * A date typed as dd/MM/yyyy whatever the browser's language (spec section 5), kept in the
 * form as YYYY-MM-DD. The schema decides what is valid (range, real calendar day), so the
 * caller supplies the message through it.
 */
export function FormDateField<Values extends FieldValues, Name extends FieldPath<Values>, Transformed = Values>({
  control,
  name,
  label,
  required = false,
}: {
  control: Control<Values, unknown, Transformed>;
  name: Name;
  label: string;
  required?: boolean;
}) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control, name });
  const value = typeof field.value === 'string' ? field.value : '';
  const errorText = fieldErrorText(t, { fieldState, required, value });

  return (
    <TextField
      label={label}
      name={field.name}
      value={toDisplay(value)}
      onChange={(event) => field.onChange(toValue(formatTyped(event.target.value)))}
      onBlur={field.onBlur}
      inputRef={field.ref}
      required={required}
      error={errorText !== undefined}
      helperText={errorText ?? t('forms.dateFormat')}
      placeholder={t('forms.datePlaceholder')}
      slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'bday', maxLength: 10 } }}
    />
  );
}
