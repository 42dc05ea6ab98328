import { product } from '@receta/domain';
import { Secret, TOTP } from 'otpauth';

// SHA-1, six digits, 30-second steps: RFC 6238's defaults, the only parameters that every
// authenticator app honours (several silently ignore others and would show wrong codes).
const totpParameters = { algorithm: 'SHA1', digits: 6, period: 30 } as const;

// One step either side absorbs a phone clock that drifts by up to 30 s; wider windows would
// accept more stale or guessed codes.
const acceptedDriftSteps = 1;

// 160 bits, the HMAC-SHA-1 key length that RFC 4226 recommends.
const secretBytes = 20;

/** A new random TOTP secret, base32 as authenticator apps expect it. */
export function createTotpSecret(): string {
  return new Secret({ size: secretBytes }).base32;
}

/** The `otpauth://` URI the web app shows as a QR code for the user's authenticator app. */
export function buildOtpauthUri(secret: string, email: string): string {
  const totp = new TOTP({ issuer: product.name, label: email, secret: Secret.fromBase32(secret), ...totpParameters });
  return totp.toString();
}

/** What a code is worth at a moment: a step not yet used, a step already used, or nothing. */
export type TotpMatch = { kind: 'valid'; step: number } | { kind: 'spent' } | { kind: 'wrong' };

/**
 * Whether `code` is valid at `now`, and then whether its time step is later than
 * `lastAcceptedStep`. Refusing earlier and equal steps makes every code single-use, even
 * within its window; telling them from wrong codes lets a replay go uncounted as a guess.
 */
export function matchTotpStep(secret: string, code: string, lastAcceptedStep: number | null, now: Date): TotpMatch {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), ...totpParameters });
  const timestamp = now.getTime();
  const delta = totp.validate({ token: code, timestamp, window: acceptedDriftSteps });
  if (delta === null) return { kind: 'wrong' };
  const step = totp.counter({ timestamp }) + delta;
  return lastAcceptedStep !== null && step <= lastAcceptedStep ? { kind: 'spent' } : { kind: 'valid', step };
}
