import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import type { ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

/** A checkbox bound to a boolean form field; its error is shown by the group it belongs to. */
export function FormCheckbox<Values extends FieldValues, Name extends FieldPath<Values>, Transformed = Values>({
  control,
  name,
  label,
}: {
  control: Control<Values, unknown, Transformed>;
  name: Name;
  label: ReactNode;
}) {
  const { field, fieldState } = useController({ control, name });
  return (
    <FormControlLabel
      label={label}
      control={(
        <Checkbox
          name={field.name}
          checked={field.value === true}
          onChange={(event) => field.onChange(event.target.checked)}
          onBlur={field.onBlur}
          slotProps={{ input: { ref: field.ref, 'aria-invalid': fieldState.invalid } }}
        />
      )}
    />
  );
}
