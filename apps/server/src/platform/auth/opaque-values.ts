import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { hashToken } from '../user-tokens.ts';

/**
 * A new code, token or client secret: 256 random bits in base64url. Only its SHA-256 is
 * stored (`hashToken`), so a copy of the database holds nothing that works.
 */
export function newOpaqueValue(): string {
  return randomBytes(32).toString('base64url');
}

/** Whether `value` is the one whose SHA-256 is `storedHash`, compared in constant time. */
export function matchesStoredHash(value: string, storedHash: string): boolean {
  const candidate = Buffer.from(hashToken(value), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return candidate.length === stored.length && timingSafeEqual(candidate, stored);
}

/** Whether the PKCE verifier is the one behind an S256 challenge (RFC 7636 section 4.6). */
export function matchesS256Challenge(verifier: string, challenge: string | null): boolean {
  if (!challenge) return false;
  const computed = Buffer.from(createHash('sha256').update(verifier).digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}
