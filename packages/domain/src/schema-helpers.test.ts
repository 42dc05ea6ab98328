import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { UserDataUpdateSchema } from './accounts.ts';
import { ListQuerySchema } from './api.ts';
import * as messages from './messages/index.ts';
import { PersonalDataSchema } from './registration.ts';
import { PatientInputSchema } from './patients.ts';
import { PrescriptionItemInputSchema } from './prescriptions.ts';
import { multilineText, nameText, optionalText, requiredText, text, verbatimText } from './schema-helpers.ts';
import { CancelPrescriptionSchema } from './signing.ts';

const notAllowed = messages.input.notAllowed;

function messagesOf(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('text', () => {
  it.each([
    ['NUL', 'Ana\u0000'],
    ['a C0 control', 'Ana\u001b[31m'],
    ['DEL', 'Ana\u007f'],
    ['a C1 control', 'Ana\u0085'],
    ['a line break', 'Ana\nPérez'],
    ['a tab', 'Ana\tPérez'],
  ])('refuses %s', (_kind, value) => {
    expect(messagesOf(text(100), value)).toEqual([notAllowed]);
  });

  it('trims, and keeps accents and the ñ', () => {
    expect(text(100).parse('  Muñoz Pérez  ')).toBe('Muñoz Pérez');
  });

  it('caps the length with the message that names it', () => {
    expect(messagesOf(text(100), 'a'.repeat(101))).toEqual(['No puede superar los 100 caracteres.']);
    expect(text(100).parse('a'.repeat(100))).toHaveLength(100);
  });

  it('takes a field’s own message for its length', () => {
    expect(messagesOf(text(30, 'Muy largo.'), 'a'.repeat(31))).toEqual(['Muy largo.']);
  });
});

describe('nameText', () => {
  it.each(['202E', '202A', '2066', '2069', '200E', '200F'])('refuses the bidi control U+%s', (code) => {
    expect(messagesOf(nameText(100), `Ana${String.fromCharCode(parseInt(code, 16))}Pérez`)).toEqual([notAllowed]);
  });

  it('takes names in other scripts', () => {
    expect(nameText(100).parse('محمد')).toBe('محمد');
  });

  it('leaves bidi controls alone in other texts', () => {
    expect(text(100).parse('Av. \u200fCorrientes')).toBe('Av. \u200fCorrientes');
  });
});

describe('multilineText', () => {
  it('keeps line breaks and tabs inside the text', () => {
    expect(multilineText(2000).parse('Tos seca.\r\n\tFiebre.')).toBe('Tos seca.\r\n\tFiebre.');
  });

  it('refuses NUL and the other controls', () => {
    expect(messagesOf(multilineText(2000), 'Tos\u0000')).toEqual([notAllowed]);
    expect(messagesOf(multilineText(2000), 'Tos\u000bseca')).toEqual([notAllowed]);
  });
});

describe('verbatimText', () => {
  it('keeps the spaces around the text', () => {
    expect(verbatimText(200).parse(' clave ')).toBe(' clave ');
  });
});

describe('requiredText and optionalText', () => {
  it('ask for a value, then check it', () => {
    expect(messagesOf(requiredText(100), '  ')).toEqual([messages.common.required]);
    expect(messagesOf(requiredText(100), '\u0000')).toEqual([notAllowed]);
  });

  it('turn blank into null', () => {
    expect(optionalText(100).parse('  ')).toBeNull();
    expect(messagesOf(optionalText(100), 'x\u0000')).toEqual([notAllowed]);
  });
});

describe('the product’s schemas', () => {
  const patient = {
    name: 'Ana', lastName: 'Pérez', dni: '30123456', cuil: '27301234568', sex: 'F', dateOfBirth: '1980-05-17',
  };

  function fieldMessages(schema: z.ZodType, value: unknown): Record<string, string[]> {
    const result = schema.safeParse(value);
    if (result.success) return {};
    const byField: Record<string, string[]> = {};
    for (const issue of result.error.issues) (byField[issue.path.join('.')] ??= []).push(issue.message);
    return byField;
  }

  it('refuse a NUL and a right-to-left override in a patient’s name, on that field', () => {
    expect(fieldMessages(PatientInputSchema, { ...patient, name: 'Ana\u0000' })).toEqual({ name: [notAllowed] });
    expect(fieldMessages(PatientInputSchema, { ...patient, lastName: '\u202ezepéP' })).toEqual({ lastName: [notAllowed] });
  });

  it('refuse a registration name of 100,000 characters', () => {
    expect(fieldMessages(PersonalDataSchema.pick({ name: true }), { name: 'a'.repeat(100_000) }))
      .toEqual({ name: ['No puede superar los 100 caracteres.'] });
  });

  it('refuse a NUL in a list’s search', () => {
    expect(fieldMessages(ListQuerySchema, { q: 'pérez\u0000' })).toEqual({ q: [notAllowed] });
  });

  it('keep line breaks in a prescription’s instructions and a cancellation’s reason', () => {
    const item = { genericName: 'Amoxicilina', presentation: 'Caja x 16', quantity: 1, dosage: '1 cada 8 h' };
    expect(PrescriptionItemInputSchema.parse({ ...item, patientInstructions: 'Con comida.\nNo manejar.' }).patientInstructions)
      .toBe('Con comida.\nNo manejar.');
    expect(CancelPrescriptionSchema.parse({ reason: 'Error de dosis.\nSe emite otra.' }).reason).toBe('Error de dosis.\nSe emite otra.');
  });

  it('refuse a control character anywhere in the saved settings, keys included', () => {
    expect(fieldMessages(UserDataUpdateSchema, { user: { settings: { layout: { 'a\u0000': 1 } } } }))
      .toEqual({ 'user.settings': [notAllowed] });
    expect(fieldMessages(UserDataUpdateSchema, { user: { settings: { list: ['ok', 'x\u0007'] } } }))
      .toEqual({ 'user.settings': [notAllowed] });
  });

  it('refuse a patient’s email of 300 characters before reading it as an address', () => {
    expect(fieldMessages(PatientInputSchema, { ...patient, email: `${'a'.repeat(300)}@example.com` }))
      .toEqual({ email: ['No puede superar los 254 caracteres.'] });
  });
});
