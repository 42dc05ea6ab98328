import { newPassword } from '@receta/domain';
import { describe, expect, it } from 'vitest';
import { generatePassword, hashSecret, verifySecret } from './passwords.ts';

describe('passwords', () => {
  it('stores an argon2id hash that verifies the secret and nothing else', async () => {
    const secretHash = await hashSecret('correcto-caballo-bateria');
    expect(secretHash).toMatch(/^\$argon2id\$/);
    expect(await verifySecret(secretHash, 'correcto-caballo-bateria')).toBe(true);
    expect(await verifySecret(secretHash, 'otra-cosa')).toBe(false);
  });

  it('treats a malformed hash as a mismatch', async () => {
    expect(await verifySecret('not-a-hash', 'x')).toBe(false);
  });

  it('generates passwords that follow the rule of every new password', () => {
    const generated = Array.from({ length: 50 }, generatePassword);
    expect(generated.every((password) => newPassword.safeParse(password).success)).toBe(true);
    expect(new Set(generated).size).toBe(50);
  });
});
