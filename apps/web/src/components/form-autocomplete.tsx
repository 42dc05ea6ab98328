import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useAutocompleteTexts } from './autocomplete-texts.ts';
import { fieldErrorText } from './form-field.tsx';

interface Option {
  value: string;
  label: string;
}

/**
 * A choice from a list, typed to filter it (long lists such as the 170 specialties), bound to
 * a form field that holds the option's value. Errors follow the same rule as `FormTextField`.
 */
export function FormAutocomplete<Values extends FieldValues, Name extends FieldPath<Values>, Transformed = Values>({
  control,
  name,
  label,
  options,
  required = false,
  isLoading = false,
}: {
  control: Control<Values, unknown, Transformed>;
  name: Name;
  label: string;
  options: readonly Option[];
  required?: boolean;
  isLoading?: boolean;
}) {
  const { t } = useTranslation();
  const texts = useAutocompleteTexts();
  const { field, fieldState } = useController({ control, name });
  const errorText = fieldErrorText(t, { fieldState, required, value: field.value });
  const selected = options.find((option) => option.value === field.value) ?? null;

  return (
    <Autocomplete
      options={options}
      value={selected}
      onChange={(_event, option) => field.onChange(option?.value ?? '')}
      onBlur={field.onBlur}
      isOptionEqualToValue={(option, value) => option.value === value.value}
      {...texts}
      loading={isLoading}
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          label={label}
          required={required}
          error={errorText !== undefined}
          helperText={errorText}
        />
      )}
    />
  );
}
