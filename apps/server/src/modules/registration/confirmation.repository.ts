import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { doctors, users } from '../../db/schema/index.ts';

/** An approved doctor who has not set a PIN yet, by email. */
export function findDoctorAwaitingPin(db: Database, email: string) {
  return db.select({ userId: users.id, email: users.email, name: doctors.name })
    .from(users)
    .innerJoin(doctors, eq(doctors.userId, users.id))
    .where(and(eq(users.email, email), eq(users.status, 'active'), isNull(doctors.pinHash)))
    .then(([row]) => row);
}

/** The account status of a doctor, locked for the change that follows. */
export function lockDoctorStatus(db: Database, userId: string) {
  return db.select({ status: users.status })
    .from(users)
    .innerJoin(doctors, eq(doctors.userId, users.id))
    .where(eq(users.id, userId))
    .for('update')
    .then(([row]) => row);
}

/** Sets a doctor's signing PIN (its argon2id hash) and clears the failed attempts. */
export async function storeDoctorPin(db: Database, userId: string, pinHash: string): Promise<void> {
  await db.update(doctors).set({ pinHash, pinFailedAttempts: 0 }).where(eq(doctors.userId, userId));
}
