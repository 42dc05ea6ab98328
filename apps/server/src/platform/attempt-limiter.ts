import { lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes, type RateLimiterStoreAbstract } from 'rate-limiter-flexible';
import type { Database } from '../db/client.ts';
import { attemptLimits } from '../db/schema/index.ts';
import { AttemptLimitsStore } from './attempt-limits-store.ts';
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

/** Where the attempts are counted: the application's database, or Redis when configured. */
export type AttemptStore =
  | { kind: 'database'; db: Database }
  | { kind: 'redis'; client: Redis; keyPrefix: string };

function retryAfterSeconds(refusal: RateLimiterRes): number {
  return Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
}

/**
 * Every lock-out and rate limit of the platform, counted atomically by rate-limiter-flexible
 * in a store every server process shares (decision 026). An attempt is reserved before the
 * secret it carries is checked: however many requests race, and on however many processes,
 * no more than a policy's allowance is ever evaluated.
 */
export class AttemptLimiter {
  readonly #limiters = new Map<string, RateLimiterStoreAbstract>();

  constructor(private readonly store: AttemptStore) {}

  /** The limiter the configuration asks for: Redis when a URL is given, else the database. */
  static open(db: Database, redis: { url: string; keyPrefix: string } | undefined): AttemptLimiter {
    if (!redis) return new AttemptLimiter({ kind: 'database', db });
    const client = new Redis(redis.url, { enableOfflineQueue: true, maxRetriesPerRequest: 2 });
    return new AttemptLimiter({ kind: 'redis', client, keyPrefix: redis.keyPrefix });
  }

  /**
   * Spends one attempt of every key, in order, and refuses with 429 and the seconds to wait
   * as soon as one of them has none left. The attempt stays spent whatever comes of it, until
   * `refund` or `clear` gives it back.
   */
  async reserve(keys: readonly AttemptKey[]): Promise<void> {
    for (const [policy, subject] of keys) {
      try {
        await this.#limiter(policy).consume(normalise(subject));
      } catch (refusal) {
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        throw AppError.tooManyRequests(retryAfterSeconds(refusal));
      }
    }
  }

  /** Gives back an attempt that turned out not to be a guess (the right secret, a code replayed). */
  async refund(keys: readonly AttemptKey[]): Promise<void> {
    await Promise.all(keys.map(([policy, subject]) => this.#limiter(policy).reward(normalise(subject))));
  }

  /** Forgets every attempt of a key: after the right secret, or when the owner recovers the account. */
  async clear(keys: readonly AttemptKey[]): Promise<void> {
    await Promise.all(keys.map(([policy, subject]) => this.#limiter(policy).delete(normalise(subject))));
  }

  /** Closes the Redis connection, when there is one. */
  async close(): Promise<void> {
    if (this.store.kind === 'redis') await this.store.client.quit();
  }

  #limiter(policy: AttemptPolicy): RateLimiterStoreAbstract {
    let limiter = this.#limiters.get(policy.name);
    if (!limiter) {
      const options = {
        points: policy.maxAttempts,
        duration: policy.windowMs / 1000,
        blockDuration: policy.lockMs / 1000,
      };
      limiter = this.store.kind === 'redis'
        ? new RateLimiterRedis({ ...options, storeClient: this.store.client, keyPrefix: `${this.store.keyPrefix}${policy.name}` })
        : new AttemptLimitsStore(this.store.db, { ...options, keyPrefix: policy.name });
      this.#limiters.set(policy.name, limiter);
    }
    return limiter;
  }
}

// Emails are keys too: the same account however its owner capitalises it.
function normalise(subject: string): string {
  return subject.toLowerCase();
}

/** Removes the counts whose window and lock have passed, which no limiter reads again. */
export async function deleteExpiredAttempts(db: Database, now: Date): Promise<number> {
  const removed = await db.delete(attemptLimits)
    .where(lt(attemptLimits.expire, now))
    .returning({ key: attemptLimits.key });
  return removed.length;
}

/**
 * Gives the app its `attempts` limiter, on Redis when `REDIS_URL` is set, and, on the
 * database, a pass every hour that removes the counts no longer needed.
 */
export const attemptLimiting = fp((app: FastifyInstance) => {
  const { redisUrl, redisKeyPrefix } = app.config;
  app.decorate('attempts', AttemptLimiter.open(app.db, redisUrl ? { url: redisUrl, keyPrefix: redisKeyPrefix } : undefined));
  app.addHook('onClose', () => app.attempts.close());
  if (!redisUrl) {
    runPeriodically<number>(app, { name: 'attempt limits', intervalMs: 60 * 60_000, isWorthLogging: (removed) => removed > 0 },
      (now) => deleteExpiredAttempts(app.db, now));
  }
}, { name: 'attempt-limiting' });
