import type { InputEvent, KeyboardEvent } from 'react';

const nonDigit = /\D/;

/** Drops everything but digits, so that a pasted "20-12345678-9" becomes "20123456789". */
export function keepDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/**
 * Spec section 5: numeric fields accept only digit keystrokes. Keys that edit or move
 * (Backspace, arrows, Tab) and shortcuts (Ctrl+V) pass; a printable non-digit does not.
 */
export function blockNonDigitKey(event: KeyboardEvent<HTMLInputElement>) {
  const isPrintable = event.key.length === 1;
  const isShortcut = event.ctrlKey || event.metaKey || event.altKey;
  if (isPrintable && !isShortcut && nonDigit.test(event.key)) event.preventDefault();
}

/** The same rule for text that arrives without a key press: phone keyboards, dictation, IMEs. */
export function blockNonDigitInput(event: InputEvent<HTMLInputElement>) {
  if (event.data && nonDigit.test(event.data)) event.preventDefault();
}
