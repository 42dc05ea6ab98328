import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { preparedPerDatabase } from '../db/prepared-statement.ts';
import type { AttemptCounts, CountedAttempt } from './attempt-counts.ts';

const at = sql`${sql.placeholder('at')}::timestamptz`;

// The counting is the functions of migration 0025: one named statement whatever the number of
// keys, where each key's upsert used to be a statement of its own (docs/decisions/055).
const spend = preparedPerDatabase((db) => db
  .select({ waitMs: sql<number>`wait_ms` })
  .from(sql`attempt_limits_spend(${sql.placeholder('attempts')}::text::jsonb, ${at}) as spent(wait_ms)`)
  .prepare('attempt_limits_spend'));

const release = preparedPerDatabase((db) => db
  .select({ released: sql`released` })
  .from(sql`attempt_limits_release(
    ${sql.placeholder('cleared')}::text::jsonb, ${sql.placeholder('refunded')}::text::jsonb, ${at}
  ) as release(released)`)
  .prepare('attempt_limits_release'));

/** The counts in the application's database, table `attempt_limits`. */
export class DatabaseAttemptCounts implements AttemptCounts {
  constructor(private readonly db: Database) {}

  async spend(attempts: readonly CountedAttempt[], now: Date): Promise<number> {
    const [row] = await spend(this.db).execute({ attempts: JSON.stringify(attempts), at: now.toISOString() });
    return row!.waitMs;
  }

  async release(cleared: readonly string[], refunded: readonly string[], now: Date): Promise<void> {
    await release(this.db).execute({
      cleared: JSON.stringify(cleared), refunded: JSON.stringify(refunded), at: now.toISOString(),
    });
  }

  async close(): Promise<void> {}
}
