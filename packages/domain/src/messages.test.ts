import { describe, expect, it } from 'vitest';
import { messageKeyOf, messages } from './messages.ts';

describe('messageKeyOf', () => {
  it('finds the key of a message from its Spanish text', () => {
    expect(messageKeyOf(messages.pin.mismatch)).toBe('pin.mismatch');
  });

  it('knows nothing of a text that is not a message', () => {
    expect(messageKeyOf('hola')).toBeUndefined();
  });
});
