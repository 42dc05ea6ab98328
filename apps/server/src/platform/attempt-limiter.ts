import { lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, DatabaseHandle } from '../db/client.ts';
import { attemptLimits } from '../db/schema/index.ts';
import type { AttemptCounts } from './attempt-counts.ts';
import { DatabaseAttemptCounts } from './attempt-counts-database.ts';
import { ProcessAttemptCounts } from './attempt-counts-process.ts';
import { RedisAttemptCounts } from './attempt-counts-redis.ts';
import { AppError } from './http/app-error.ts';
import { runPeriodically } from './periodic-passes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    attempts: AttemptLimiter;
  }
}

/**
 * How many attempts a key may spend in a window, and how long the key stays locked once it
 * has spent them. No window or lock exceeds fifteen minutes, so that one burst an attacker
 * fires at an account never keeps its owner out for longer (the mailed recovery link unlocks
 * the account at once).
 */
export interface AttemptPolicy {
  name: string;
  maxAttempts: number;
  windowMs: number;
  lockMs: number;
}

const fifteenMinutes = 15 * 60_000;

export const policies = {
  /** Passwords tried for one account (keyed by the email as typed, known or not). */
  passwordPerAccount: { name: 'password-account', maxAttempts: 5, windowMs: fifteenMinutes, lockMs: fifteenMinutes },
  /** Wrong passwords from one address, across accounts (credential stuffing). */
  passwordPerAddress: { name: 'password-address', maxAttempts: 30, windowMs: fifteenMinutes, lockMs: fifteenMinutes },
  /** Second-factor codes tried for one account: 10^6 codes, so a handful of tries is plenty. */
  totpPerAccount: { name: 'totp-account', maxAttempts: 5, windowMs: fifteenMinutes, lockMs: fifteenMinutes },
  totpPerAddress: { name: 'totp-address', maxAttempts: 30, windowMs: fifteenMinutes, lockMs: fifteenMinutes },
  /**
   * Anonymous uploads during registration, per address: four files a doctor, so forty doctors
   * every quarter of an hour, as a hospital registering its staff from behind one address may need.
   */
  uploadsPerAddress: { name: 'upload-address', maxAttempts: 160, windowMs: fifteenMinutes, lockMs: fifteenMinutes },
  /** Mails anyone can trigger (recovery, resend), per address: a clinic's front desk shares one. */
  mailRequestsPerAddress: { name: 'mail-address', maxAttempts: 10, windowMs: fifteenMinutes, lockMs: fifteenMinutes },
  /**
   * Public pages of a prescription (the patient's link, the QR's verification), per address.
   * Their tokens and codes are unguessable, so this only keeps anyone from loading the server
   * in bulk; a family or a pharmacy never meets it.
   */
  publicLinksPerAddress: { name: 'public-link-address', maxAttempts: 120, windowMs: 10 * 60_000, lockMs: 10 * 60_000 },
} as const satisfies Record<string, AttemptPolicy>;

/** One key of one policy: an account's email or id, or a client's address. */
export type AttemptKey = readonly [policy: AttemptPolicy, subject: string];

/**
 * Every lock-out and rate limit of the platform, counted atomically in a store every server
 * process shares (decisions 026, 055 and 062). An attempt is reserved before the secret it carries
 * is checked: however many requests race, and on however many processes, no more than a
 * policy's allowance is ever evaluated.
 */
export class AttemptLimiter {
  constructor(private readonly counts: AttemptCounts) {}

  /**
   * The limiter the configuration asks for: Redis when a URL is given, else the process's
   * memory where the process alone opens the database (PGlite), else the database.
   */
  static open(
    database: Pick<DatabaseHandle, 'db' | 'ownedByThisProcess'>, redis: { url: string; keyPrefix: string } | undefined,
  ): AttemptLimiter {
    if (redis) return new AttemptLimiter(RedisAttemptCounts.connect(redis.url, redis.keyPrefix));
    return new AttemptLimiter(
      database.ownedByThisProcess ? ProcessAttemptCounts.of(database.db) : new DatabaseAttemptCounts(database.db),
    );
  }

  /**
   * Spends one attempt of every key, in order, and refuses with 429 and the seconds to wait
   * as soon as one of them has none left (the keys after it keep theirs). The attempt stays
   * spent whatever comes of it, until `release` gives it back.
   */
  async reserve(keys: readonly AttemptKey[]): Promise<void> {
    const attempts = keys.map(([policy, subject]) => ({
      key: countedKey(policy, subject), allowance: policy.maxAttempts, windowMs: policy.windowMs, lockMs: policy.lockMs,
    }));
    const waitMs = await this.counts.spend(attempts, new Date());
    if (waitMs > 0) throw AppError.tooManyRequests(Math.ceil(waitMs / 1000));
  }

  /**
   * Forgets every attempt of the keys to `clear` (the right secret, or the owner recovering the
   * account) and gives back one attempt of each key to `refund` (an attempt that turned out not
   * to be a guess: a code replayed, or the right password from a shared address).
   */
  async release(
    { clear = [], refund = [] }: { clear?: readonly AttemptKey[]; refund?: readonly AttemptKey[] },
  ): Promise<void> {
    const keysOf = (keys: readonly AttemptKey[]) => keys.map(([policy, subject]) => countedKey(policy, subject));
    await this.counts.release(keysOf(clear), keysOf(refund), new Date());
  }

  /** Closes the Redis connection, when there is one. */
  async close(): Promise<void> {
    await this.counts.close();
  }
}

// Emails are keys too: the same account however its owner capitalises it.
function countedKey(policy: AttemptPolicy, subject: string): string {
  return `${policy.name}:${subject.toLowerCase()}`;
}

/** Removes the counts whose window and lock have passed, which no limiter reads again. */
export async function deleteExpiredAttempts(db: Database, now: Date): Promise<number> {
  const removed = await db.delete(attemptLimits)
    .where(lt(attemptLimits.expire, now))
    .returning({ key: attemptLimits.key });
  return removed.length;
}

/**
 * Gives the app its `attempts` limiter (`AttemptLimiter.open`), and, where it counts in the
 * database, a pass every hour that removes the counts no longer needed.
 */
export const attemptLimiting = fp((app: FastifyInstance, database: Pick<DatabaseHandle, 'ownedByThisProcess'>) => {
  const { redisUrl, redisKeyPrefix } = app.config;
  const redis = redisUrl ? { url: redisUrl, keyPrefix: redisKeyPrefix } : undefined;
  app.decorate('attempts', AttemptLimiter.open({ db: app.db, ownedByThisProcess: database.ownedByThisProcess }, redis));
  app.addHook('onClose', () => app.attempts.close());
  if (!redis && !database.ownedByThisProcess) {
    runPeriodically<number>(app, { name: 'attempt limits', intervalMs: 60 * 60_000, isWorthLogging: (removed) => removed > 0 },
      (now) => deleteExpiredAttempts(app.db, now));
  }
}, { name: 'attempt-limiting' });
