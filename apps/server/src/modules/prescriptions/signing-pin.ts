import { messages } from '@receta/domain';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { verifySecret } from '../../platform/passwords.ts';
import { canSignWithPin, forgetWrongPinsBefore, reservePinAttempt } from './signing.repository.ts';

/** Issue #6: five wrong PINs in a row lock signing until the doctor recovers the PIN. */
export const maxWrongPins = 5;

/** What a PIN attempt found: `notAllowed` is a doctor without a PIN yet or not active. */
export type PinCheck = 'right' | 'wrong' | 'locked' | 'notAllowed';

/**
 * Checks the doctor's PIN against the lock-out shared by every way of signing (the web app
 * and external apps' PIN step). The attempt is reserved before the PIN is checked and counts
 * as wrong until the PIN proves right, so that however many requests race, no more than five
 * wrong PINs in a row are ever evaluated; the right one forgets the attempts before it.
 */
export async function checkSigningPin(db: Database, userId: string, pin: string): Promise<PinCheck> {
  const reserved = await reservePinAttempt(db, userId, maxWrongPins);
  if (!reserved?.pinHash) return await canSignWithPin(db, userId) ? 'locked' : 'notAllowed';
  if (await verifySecret(reserved.pinHash, pin)) {
    await forgetWrongPinsBefore(db, userId, reserved.attempts);
    return 'right';
  }
  return reserved.attempts >= maxWrongPins ? 'locked' : 'wrong';
}

/** Authorises one signature (of one prescription or of a batch) with the doctor's PIN. */
export async function authorizeSignature(db: Database, userId: string, pin: string): Promise<void> {
  const check = await checkSigningPin(db, userId, pin);
  if (check === 'notAllowed') throw new AppError('forbidden', messages.signing.notAllowed, 'signingNotAllowed');
  if (check === 'locked') throw new AppError('forbidden', messages.signing.locked, 'signingLocked');
  if (check === 'wrong') throw new AppError('invalid_data', messages.signing.wrongPin, 'wrongPin', [{ field: 'body.pin', message: messages.signing.wrongPin }]);
}
