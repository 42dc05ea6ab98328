import { messages } from '@receta/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { attemptCounters } from '../db/schema/index.ts';
import { AppError } from './http/app-error.ts';

/**
 * How many attempts a key may spend in a window before it is locked, and for how long. Each
 * lock doubles the previous one for the same key while the window lasts, so a patient guesser
 * is slowed down further at every lock.
 */
export interface AttemptPolicy {
  name: string;
  maxAttempts: number;
  windowMs: number;
  lockMs: number;
}

export const policies = {
  /** Wrong passwords for one account. */
  passwordPerAccount: { name: 'password-account', maxAttempts: 5, windowMs: 15 * 60_000, lockMs: 5 * 60_000 },
  /** Wrong passwords from one address, across accounts (credential stuffing). */
  passwordPerAddress: { name: 'password-address', maxAttempts: 30, windowMs: 15 * 60_000, lockMs: 15 * 60_000 },
  /** Wrong second-factor codes for one account: 10^6 codes, so a handful of tries is plenty. */
  totpPerAccount: { name: 'totp-account', maxAttempts: 5, windowMs: 15 * 60_000, lockMs: 5 * 60_000 },
  totpPerAddress: { name: 'totp-address', maxAttempts: 30, windowMs: 15 * 60_000, lockMs: 15 * 60_000 },
  /**
   * Anonymous uploads during registration, per address: four files a doctor, so forty doctors an
   * hour, as a hospital registering its staff from behind one address may need.
   */
  uploadsPerAddress: { name: 'upload-address', maxAttempts: 160, windowMs: 60 * 60_000, lockMs: 15 * 60_000 },
  /** Mails anyone can trigger (recovery, resend), per address. */
  mailRequestsPerAddress: { name: 'mail-address', maxAttempts: 10, windowMs: 60 * 60_000, lockMs: 30 * 60_000 },
  /**
   * Public pages of a prescription (the patient's link, the QR's verification), per address.
   * Their tokens and codes are unguessable, so this only keeps anyone from loading the server
   * in bulk; a family or a pharmacy never meets it.
   */
  publicLinksPerAddress: { name: 'public-link-address', maxAttempts: 120, windowMs: 10 * 60_000, lockMs: 10 * 60_000 },
} as const satisfies Record<string, AttemptPolicy>;

function counterKey(policy: AttemptPolicy, subject: string): string {
  return `${policy.name}:${subject.toLowerCase()}`;
}

/**
 * Refuses with 429 while any of the keys is locked, in one read; answers, for each key, whether
 * failures are being counted for it (so a success knows whether there is anything to clear).
 */
export async function assertNoneLocked(
  db: Database, checks: readonly (readonly [AttemptPolicy, string])[], now = new Date(),
): Promise<boolean[]> {
  const keys = checks.map(([policy, subject]) => counterKey(policy, subject));
  const counters = await db.select({ key: attemptCounters.key, lockedUntil: attemptCounters.lockedUntil })
    .from(attemptCounters)
    .where(inArray(attemptCounters.key, keys));
  if (counters.some((counter) => counter.lockedUntil && counter.lockedUntil > now)) {
    throw new AppError('too_many_requests', messages.common.tooManyRequests);
  }
  return keys.map((key) => counters.some((counter) => counter.key === key));
}

/** Refuses with 429 while the key is locked. */
export async function assertNotLocked(db: Database, policy: AttemptPolicy, subject: string, now = new Date()) {
  await assertNoneLocked(db, [[policy, subject]], now);
}

/**
 * Counts one attempt (a failure, or any use for plain rate limits) and locks the key when
 * the policy's allowance is spent. One statement, so concurrent attempts all count.
 */
export async function recordAttempt(db: Database, policy: AttemptPolicy, subject: string, now = new Date()) {
  const windowStart = new Date(now.getTime() - policy.windowMs);
  await db.insert(attemptCounters)
    .values({ key: counterKey(policy, subject), failures: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: attemptCounters.key,
      set: {
        failures: sql`case when ${attemptCounters.windowStartedAt} < ${windowStart} then 1
          else ${attemptCounters.failures} + 1 end`,
        windowStartedAt: sql`case when ${attemptCounters.windowStartedAt} < ${windowStart} then ${now}
          else ${attemptCounters.windowStartedAt} end`,
        lockedUntil: sql`case
          when ${attemptCounters.windowStartedAt} >= ${windowStart}
            and (${attemptCounters.failures} + 1) % ${policy.maxAttempts} = 0
          then ${now}::timestamptz + make_interval(secs => ${policy.lockMs / 1000}
            * power(2, (${attemptCounters.failures} + 1) / ${policy.maxAttempts} - 1))
          else ${attemptCounters.lockedUntil} end`,
      },
    });
}

/** Forgets the failures of a key, after a success or a password recovery. */
export async function clearAttempts(db: Database, policy: AttemptPolicy, subject: string) {
  await db.delete(attemptCounters).where(eq(attemptCounters.key, counterKey(policy, subject)));
}

/** Counts an attempt and refuses when the allowance is spent: a plain rate limit. */
export async function spendAttempt(db: Database, policy: AttemptPolicy, subject: string, now = new Date()) {
  await assertNotLocked(db, policy, subject, now);
  await recordAttempt(db, policy, subject, now);
}
