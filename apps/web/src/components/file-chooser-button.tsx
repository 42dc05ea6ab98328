import Button, { type ButtonProps } from '@mui/material/Button';
import { useRef } from 'react';

type FileChooserButtonProps = Omit<ButtonProps, 'onClick' | 'component' | 'href'> & {
  accept: string;
  onFile: (file: File) => void;
  /** The input's name, for forms and tests that find the input by it. */
  inputName?: string;
  /** The input's accessible name, for tests that upload into it by its label. */
  inputLabel?: string;
};

/**
 * A button that opens the file picker and hands over the chosen file. The input stays hidden
 * rather than inside the button, so there is one control to focus and no nested interactive one.
 */
export function FileChooserButton({ accept, onFile, inputName, inputLabel, ...buttonProps }: FileChooserButtonProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const isDisabled = Boolean(buttonProps.disabled || buttonProps.loading);

  return (
    <>
      <Button {...buttonProps} onClick={() => inputRef.current?.click()} />
      <input
        ref={inputRef}
        type="file"
        name={inputName}
        aria-label={inputLabel}
        accept={accept}
        hidden
        disabled={isDisabled}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Choosing the same file again, once corrected or after a refusal, must still count.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}
