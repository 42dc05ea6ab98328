import { z } from 'zod';
import * as messages from './messages/index.ts';

/**
 * A check that stops the field's validation when it fails, so a field shows one message at a
 * time: the first rule it breaks.
 */
export function stop(error: string) {
  return { error, abort: true };
}

/**
 * The longest texts the product takes (docs/decisions/029): every text field has a maximum, so
 * that no field can carry a document's worth of text into the database, the logs or a token.
 */
export const textLimits = {
  /** A code chosen from a list, a slug, a short identifier. */
  code: 40,
  /** A person's or an organisation's name, a label. */
  name: 100,
  /** An address, a place, a link. */
  line: 200,
  /** RFC 5321's longest address. */
  email: 254,
  /** A password; argon2 takes any length, a person types far less. */
  password: 200,
  /** A token, a code or a URL that another program sends. */
  token: 2000,
  /** Free text: symptoms, instructions, notes. */
  note: 2000,
} as const;

/** PostgreSQL's largest `integer`: a larger number sent as an id would fail in the database instead of in the form. */
export const int4Max = 2_147_483_647;

const tooLongMessages: Partial<Record<number, string>> = {
  40: messages.input.tooLong40,
  100: messages.input.tooLong100,
  200: messages.input.tooLong200,
  254: messages.input.tooLong254,
  2000: messages.input.tooLong2000,
};

/** "No puede superar los N caracteres." for the limits that have one, else the generic one. */
export function tooLongMessage(max: number): string {
  return tooLongMessages[max] ?? messages.input.tooLong;
}

// NUL (which PostgreSQL refuses in text), the other C0 controls, DEL and the C1 controls:
// nothing a person types, and what log injection and terminal tricks are made of.
// eslint-disable-next-line no-control-regex
const controlCharacter = /[\u0000-\u001f\u007f-\u009f]/;
// The same, but tab and line breaks, which a multi-line field keeps.
// eslint-disable-next-line no-control-regex
const controlBesidesLineBreaks = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
// The marks that reorder text on screen (LRM, RLM, the embeddings, overrides and isolates):
// in a name they make a list show "Ana Pérez" for what is stored as another text.
const bidiControl = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** Whether a text holds a control character (`multiline`: besides tab and line breaks). */
export function hasControlCharacter(value: string, multiline = false): boolean {
  return (multiline ? controlBesidesLineBreaks : controlCharacter).test(value);
}

/** Refuses control characters in `schema`'s text ('Contiene caracteres no permitidos.'). */
export function withoutControls(schema: z.ZodString, options: { multiline?: boolean; name?: boolean } = {}) {
  return schema.refine(
    (value) => !hasControlCharacter(value, options.multiline) && !(options.name && bidiControl.test(value)),
    messages.input.notAllowed,
  );
}

/** A one-line text up to `max` characters, trimmed, without control characters. */
export function text(max: number, tooLong: string = tooLongMessage(max)) {
  return withoutControls(z.string().trim().max(max, tooLong));
}

/** A name: a one-line text that also refuses the marks that reorder text on screen. */
export function nameText(max: number, tooLong: string = tooLongMessage(max)) {
  return withoutControls(z.string().trim().max(max, tooLong), { name: true });
}

/** A text of several lines: tab and line breaks are kept. */
export function multilineText(max: number, tooLong: string = tooLongMessage(max)) {
  return withoutControls(z.string().trim().max(max, tooLong), { multiline: true });
}

/** A text kept exactly as sent (a password, a token, an OAuth state): not trimmed. */
export function verbatimText(max: number, tooLong: string = tooLongMessage(max)) {
  return withoutControls(z.string().max(max, tooLong));
}

/** A required one-line text up to `max` characters, trimmed. */
export function requiredText(max: number, tooLong?: string) {
  return text(max, tooLong).min(1, messages.common.required);
}

/** A required name up to `max` characters, trimmed. */
export function requiredName(max: number, tooLong?: string) {
  return nameText(max, tooLong).min(1, messages.common.required);
}

/** An optional text up to `max` characters, trimmed; blank becomes null. */
export function optionalText(max: number, tooLong?: string, options: { multiline?: boolean } = {}) {
  const schema = options.multiline ? multilineText(max, tooLong) : text(max, tooLong);
  return schema.nullish().transform((value) => value || null);
}

/** Whether any string in a JSON value (keys included) holds a control character. */
export function jsonHasControlCharacter(value: unknown): boolean {
  if (typeof value === 'string') return hasControlCharacter(value);
  if (Array.isArray(value)) return value.some(jsonHasControlCharacter);
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).some(([key, item]) => hasControlCharacter(key) || jsonHasControlCharacter(item));
  }
  return false;
}
