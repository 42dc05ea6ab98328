import type { Database } from '../db/client.ts';
import type { AttemptCounts, CountedAttempt } from './attempt-counts.ts';

interface Count {
  points: number;
  /** When the window, or the lock once the allowance was spent, runs out (epoch milliseconds). */
  expire: number;
}

/** At most once a minute, a spend removes the counts whose window and lock ran out. */
const sweepIntervalMs = 60_000;

/**
 * The counts in this process's memory, for a database that this process alone opens (PGlite):
 * it is every server process there is, and JavaScript runs one spend at a time, so each is as
 * atomic as the database's statement, which cost a login more than a millisecond on the one
 * connection. The rules are the database's functions' (migration 0025). A restart forgets the
 * counts, and with them a lock of at most fifteen minutes (docs/decisions/062).
 */
export class ProcessAttemptCounts implements AttemptCounts {
  static readonly #ofDatabase = new WeakMap<Database, ProcessAttemptCounts>();
  readonly #counts = new Map<string, Count>();
  #nextSweepAt = 0;

  /** The counts of the process that owns `db`: every app built on that database counts together. */
  static of(db: Database): ProcessAttemptCounts {
    let counts = ProcessAttemptCounts.#ofDatabase.get(db);
    if (!counts) {
      counts = new ProcessAttemptCounts();
      ProcessAttemptCounts.#ofDatabase.set(db, counts);
    }
    return counts;
  }

  /** How many keys are counted: no more than the last window's and lock's, once swept. */
  get keysCounted(): number {
    return this.#counts.size;
  }

  spend(attempts: readonly CountedAttempt[], at: Date): Promise<number> {
    const now = at.getTime();
    this.#sweepOnceAMinute(now);
    for (const { key, allowance, windowMs, lockMs } of attempts) {
      const counted = this.#counts.get(key);
      const count = !counted || counted.expire <= now
        ? { points: 1, expire: now + windowMs }
        : { points: counted.points + 1, expire: counted.points === allowance ? now + lockMs : counted.expire };
      this.#counts.set(key, count);
      if (count.points > allowance) return Promise.resolve(Math.min(lockMs, Math.max(1, count.expire - now)));
    }
    return Promise.resolve(0);
  }

  release(cleared: readonly string[], refunded: readonly string[], at: Date): Promise<void> {
    for (const key of cleared) this.#counts.delete(key);
    for (const key of refunded) {
      const counted = this.#counts.get(key);
      if (counted && counted.expire > at.getTime() && counted.points > 0) counted.points -= 1;
    }
    return Promise.resolve();
  }

  close(): Promise<void> {
    return Promise.resolve();
  }

  #sweepOnceAMinute(now: number): void {
    if (now < this.#nextSweepAt) return;
    this.#nextSweepAt = now + sweepIntervalMs;
    for (const [key, count] of this.#counts) {
      if (count.expire <= now) this.#counts.delete(key);
    }
  }
}
