import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import './spanish-errors.ts';
import * as messages from './messages/index.ts';

describe('Spanish validation messages', () => {
  it('answers a missing field with the required-field message', () => {
    expect(z.object({ email: z.string() }).safeParse({}).error?.issues[0]?.message).toBe(messages.common.required);
  });

  it('answers a check without a message of its own in Spanish', () => {
    expect(z.number().safeParse('x').error?.issues[0]?.message).toMatch(/se esperaba número/);
  });

  it('keeps the message a schema gives', () => {
    expect(z.string().min(3, 'propio').safeParse('a').error?.issues[0]?.message).toBe('propio');
  });
});
