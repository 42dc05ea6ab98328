import { z } from 'zod';
import { messages } from './messages.ts';

/**
 * A check that stops the field's validation when it fails, so a field shows one message at a
 * time: the first rule it breaks.
 */
export function stop(error: string) {
  return { error, abort: true };
}

/** A required text, trimmed. */
export const requiredText = z.string().trim().min(1, messages.common.required);

/** An optional text up to `max` characters, trimmed; blank becomes null. */
export function optionalText(max: number, tooLong: string) {
  return z.string().trim().max(max, tooLong).nullish().transform((text) => text || null);
}
