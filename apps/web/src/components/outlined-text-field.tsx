import FormControl, { type FormControlProps } from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel, { type InputLabelProps } from '@mui/material/InputLabel';
import type { InputBaseComponentProps } from '@mui/material/InputBase';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useThemeProps } from '@mui/material/styles';
import { useId, type ReactNode } from 'react';

export type OutlinedTextFieldProps = Omit<FormControlProps, 'children' | 'variant' | 'onChange' | 'onBlur' | 'onFocus'>
  & Pick<
    OutlinedInputProps,
    'name' | 'value' | 'onChange' | 'onBlur' | 'onFocus' | 'inputRef' | 'type' | 'autoComplete' | 'autoFocus'
    | 'placeholder' | 'multiline' | 'rows' | 'minRows' | 'maxRows'
  >
  & {
    label?: ReactNode;
    helperText?: ReactNode;
    slotProps?: {
      input?: Partial<OutlinedInputProps>;
      htmlInput?: InputBaseComponentProps;
      inputLabel?: Partial<InputLabelProps>;
    };
  };

/**
 * MUI's outlined `TextField` without its select mode: the same parts, ids and theme defaults
 * (`MuiTextField`), but not the select menu's code (Select, Menu, Popover, Modal), which
 * `TextField` imports whether a field uses it or not and the login page would carry for
 * nothing. A choice among options is `FormSelectField`.
 */
export function OutlinedTextField(inProps: OutlinedTextFieldProps) {
  const {
    id: idOverride, label, helperText, slotProps, className,
    name, value, onChange, onBlur, onFocus, inputRef, type, autoComplete, autoFocus, placeholder,
    multiline, rows, minRows, maxRows,
    ...formControlProps
  } = useThemeProps({ props: inProps, name: 'MuiTextField' });
  const generatedId = useId();
  const id = idOverride ?? generatedId;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  const inputLabelId = label ? `${id}-label` : undefined;
  const hasLabel = label !== undefined && label !== null && label !== '';

  return (
    <FormControl {...formControlProps} variant="outlined" className={['MuiTextField-root', className].filter(Boolean).join(' ')}>
      {hasLabel && <InputLabel htmlFor={id} id={inputLabelId} {...slotProps?.inputLabel}>{label}</InputLabel>}
      <OutlinedInput
        aria-describedby={helperTextId}
        id={id}
        label={label}
        notched={slotProps?.inputLabel?.shrink}
        name={name}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        onFocus={onFocus}
        inputRef={inputRef}
        type={type}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        placeholder={placeholder}
        multiline={multiline}
        rows={rows}
        minRows={minRows}
        maxRows={maxRows}
        fullWidth={formControlProps.fullWidth}
        inputProps={slotProps?.htmlInput}
        {...slotProps?.input}
      />
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
