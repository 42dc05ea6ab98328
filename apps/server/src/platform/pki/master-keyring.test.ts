import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MasterKeyring } from './master-keyring.ts';

describe('MasterKeyring', () => {
  const secret = Buffer.from('la clave privada del médico');

  it('opens what it sealed, and the sealed bytes do not hold the secret', () => {
    const keyring = new MasterKeyring(randomBytes(32));
    const sealed = keyring.seal(secret, 'doctor-1');
    expect(sealed.sealed.includes(secret)).toBe(false);
    expect(sealed.keyId).toBe(keyring.currentKeyId);
    expect(keyring.open(sealed, 'doctor-1')).toEqual(secret);
  });

  it('seals each secret under a nonce of its own, the same secret twice included, across refills of its nonces', () => {
    const keyring = new MasterKeyring(randomBytes(32));
    const sealed = Array.from({ length: 1_000 }, () => keyring.seal(secret, 'doctor-1').sealed);
    const nonces = new Set(sealed.map((bytes) => bytes.subarray(0, 12).toString('hex')));
    expect(nonces.size).toBe(1_000);
    for (const bytes of sealed) expect(keyring.open({ keyId: keyring.currentKeyId, sealed: bytes }, 'doctor-1')).toEqual(secret);
  });

  it('refuses another context, altered bytes and another master key', () => {
    const keyring = new MasterKeyring(randomBytes(32));
    const sealed = keyring.seal(secret, 'doctor-1');
    expect(() => keyring.open(sealed, 'doctor-2')).toThrow();
    const altered = Buffer.from(sealed.sealed);
    altered[altered.length - 1]! ^= 1;
    expect(() => keyring.open({ ...sealed, sealed: altered }, 'doctor-1')).toThrow();
    expect(() => new MasterKeyring(randomBytes(32)).open(sealed, 'doctor-1')).toThrow(/not configured/);
  });

  it('after a rotation seals with the new key and still opens what the old one sealed', () => {
    const oldKey = randomBytes(32);
    const sealedBefore = new MasterKeyring(oldKey).seal(secret, 'doctor-1');
    const rotated = new MasterKeyring(randomBytes(32), [oldKey]);
    expect(rotated.open(sealedBefore, 'doctor-1')).toEqual(secret);
    expect(rotated.seal(secret, 'doctor-1').keyId).not.toBe(sealedBefore.keyId);
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => new MasterKeyring(randomBytes(16))).toThrow(RangeError);
  });
});
