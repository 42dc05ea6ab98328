import { messages } from '@receta/domain';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { verifySecret } from '../../platform/passwords.ts';
import { countWrongPin, forgetWrongPins, lockSigningDoctor } from './signing.repository.ts';

/** Issue #6: five wrong PINs in a row lock signing until the doctor recovers the PIN. */
export const maxWrongPins = 5;

/** What a PIN attempt found: `notAllowed` is a doctor without a PIN yet or not active. */
export type PinCheck = 'right' | 'wrong' | 'locked' | 'notAllowed';

/**
 * Checks the doctor's PIN against the lock-out shared by every way of signing (the web app
 * and external apps' PIN step). The count of wrong PINs is committed on its own, so that the
 * caller's refusal still counts against the lock-out.
 */
export function checkSigningPin(db: Database, userId: string, pin: string): Promise<PinCheck> {
  return db.transaction(async (tx): Promise<PinCheck> => {
    const doctor = await lockSigningDoctor(tx, userId);
    if (!doctor?.pinHash || doctor.status !== 'active') return 'notAllowed';
    if (doctor.pinFailedAttempts >= maxWrongPins) return 'locked';
    if (await verifySecret(doctor.pinHash, pin)) {
      if (doctor.pinFailedAttempts > 0) await forgetWrongPins(tx, userId);
      return 'right';
    }
    return await countWrongPin(tx, userId) >= maxWrongPins ? 'locked' : 'wrong';
  });
}

/** Authorises one signature (of one prescription or of a batch) with the doctor's PIN. */
export async function authorizeSignature(db: Database, userId: string, pin: string): Promise<void> {
  const check = await checkSigningPin(db, userId, pin);
  if (check === 'notAllowed') throw new AppError('forbidden', messages.signing.notAllowed, 'signingNotAllowed');
  if (check === 'locked') throw new AppError('forbidden', messages.signing.locked, 'signingLocked');
  if (check === 'wrong') throw new AppError('invalid_data', messages.signing.wrongPin, 'wrongPin', [{ field: 'body.pin', message: messages.signing.wrongPin }]);
}
