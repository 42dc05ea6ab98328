import { eq, sql } from 'drizzle-orm';
import { RateLimiterDrizzle } from 'rate-limiter-flexible';
import type { Database } from '../db/client.ts';
import { preparedPerDatabase } from '../db/prepared-statement.ts';
import { attemptLimits } from '../db/schema/index.ts';

const key = sql.placeholder('key');
const now = sql.param(sql.placeholder('now'), attemptLimits.expire);
const windowPassed = sql`${attemptLimits.expire} <= ${now}`;

function upsert(db: Database) {
  return db.insert(attemptLimits)
    .values({ key, points: sql.placeholder('points'), expire: sql.placeholder('expire') });
}

/** Adds points to a key's count, or starts its window anew once the last one has passed. */
const addPoints = preparedPerDatabase((db) => upsert(db)
  .onConflictDoUpdate({
    target: attemptLimits.key,
    set: {
      points: sql`case when ${windowPassed} then excluded.points else ${attemptLimits.points} + excluded.points end`,
      expire: sql`case when ${windowPassed} then excluded.expire else ${attemptLimits.expire} end`,
    },
  })
  .returning()
  .prepare('attempt_limits_add_points'));

/** Sets a key's count and expiry whatever they were: a lock. */
const setPoints = preparedPerDatabase((db) => upsert(db)
  .onConflictDoUpdate({
    target: attemptLimits.key,
    set: { points: sql`excluded.points`, expire: sql`excluded.expire` },
  })
  .returning()
  .prepare('attempt_limits_set_points'));

const deleteKey = preparedPerDatabase((db) => db.delete(attemptLimits)
  .where(eq(attemptLimits.key, key))
  .returning({ key: attemptLimits.key })
  .prepare('attempt_limits_delete'));

/**
 * rate-limiter-flexible's database store, its writes named statements: the store builds each
 * upsert anew, which PGlite parses and plans on every attempt, and a sign-in spends three
 * (docs/decisions/052). The statements are the store's own, one atomic upsert per attempt,
 * so that racing attempts still never pass the allowance.
 */
export class AttemptLimitsStore extends RateLimiterDrizzle {
  readonly #db: Database;

  constructor(db: Database, options: { points: number; duration: number; blockDuration: number; keyPrefix: string }) {
    // The periodic pass of the database's retention removes expired rows, not a timer per limiter.
    super({ ...options, storeClient: db, schema: attemptLimits, clearExpiredByTimeout: false });
    this.#db = db;
  }

  /** Replaces the store's own upsert, with the same meaning. */
  async _upsert(rateLimiterKey: string, points: number, msDuration: number, forceExpire = false) {
    const at = new Date();
    const expire = msDuration > 0 ? new Date(at.getTime() + msDuration) : null;
    const statement = forceExpire ? setPoints(this.#db) : addPoints(this.#db);
    const [row] = await statement.execute({ key: rateLimiterKey, points, expire, now: at });
    return row;
  }

  /** Replaces the store's own delete: whether the key had a count. */
  async _delete(rateLimiterKey: string): Promise<boolean> {
    const [row] = await deleteKey(this.#db).execute({ key: rateLimiterKey });
    return row !== undefined;
  }
}
