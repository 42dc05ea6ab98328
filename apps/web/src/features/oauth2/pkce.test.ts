import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createPkcePair, randomDigits, sha256Hex } from './pkce.ts';

describe('PKCE and the demo state', () => {
  it('makes a verifier of 43 unreserved characters and its S256 challenge (RFC 7636)', async () => {
    const { verifier, challenge } = await createPkcePair();

    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(challenge).toBe(createHash('sha256').update(verifier).digest('base64url'));
  });

  it('makes a new verifier each time', async () => {
    const [first, second] = await Promise.all([createPkcePair(), createPkcePair()]);

    expect(first.verifier).not.toBe(second.verifier);
  });

  it('makes a state of exactly 16 digits, leading zeros included', () => {
    const states = Array.from({ length: 200 }, () => randomDigits(16));

    states.forEach((state) => expect(state).toMatch(/^\d{16}$/));
    expect(new Set(states.map((state) => state[0])).size).toBeGreaterThan(5);
  });

  it('hashes a document to its hexadecimal SHA-256', async () => {
    const bytes = new TextEncoder().encode('%PDF-1.4');

    expect(await sha256Hex(bytes.buffer)).toBe(createHash('sha256').update('%PDF-1.4').digest('hex'));
  });
});
