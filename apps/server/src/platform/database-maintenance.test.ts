import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createProcessDatabase, testDatabaseUrl } from '../../test/database.ts';
import { useTestApp } from '../../test/helper.ts';
import { type Database, openPglite } from '../db/client.ts';

const test = useTestApp();

function runPass() {
  if (!test.app.databaseMaintenance) throw new Error('No maintenance pass on this database');
  return test.app.databaseMaintenance.runNow();
}

/** Runs a statement given as text: the tables' names below need quoting, which drizzle's builder would hide. */
function execute(statement: string, db: Database = test.app.db) {
  return db.execute(sql.raw(statement));
}

/**
 * A table of 2,000 rows under a name PostgreSQL must quote (capitals and a space), as the
 * maintenance pass has left it: vacuumed for its inserts, analyzed.
 */
async function createTableOfRows(name: string, note = "'nota ' || n") {
  await execute(`create table "${name}" (id int primary key, note text)`);
  await execute(`insert into "${name}" select n, ${note} from generate_series(1, 2000) n`);
  await runPass();
  return `public."${name}"`;
}

async function statisticsOf(name: string, db: Database = test.app.db) {
  // PGlite publishes its counts at most once a second unless asked.
  await execute('select pg_stat_force_next_flush()', db);
  const [statistics] = await db.select({
    deadRows: sql<number>`n_dead_tup::int`,
    changedSinceAnalyze: sql<number>`n_mod_since_analyze::int`,
    vacuumCount: sql<number>`vacuum_count::int`,
    analyzeCount: sql<number>`analyze_count::int`,
    lastVacuum: sql<string | null>`last_vacuum`,
  }).from(sql`pg_stat_user_tables`).where(sql`relname = ${name}`);
  if (!statistics) throw new Error(`No table ${name}`);
  return statistics;
}

describe.skipIf(testDatabaseUrl())('the embedded database\'s maintenance pass', () => {
  it('vacuums a table with many deleted rows, and leaves an untouched one alone', async () => {
    const deleted = await createTableOfRows('Deleted rows');
    await createTableOfRows('Untouched rows');
    await execute('delete from "Deleted rows" where id <= 1500');
    const before = await statisticsOf('Deleted rows');
    const untouchedBefore = await statisticsOf('Untouched rows');
    expect(before.deadRows).toBe(1500);

    expect(await runPass()).toEqual({ vacuumed: [deleted], analyzed: [deleted] });

    const after = await statisticsOf('Deleted rows');
    expect(after).toMatchObject({ deadRows: 0, changedSinceAnalyze: 0, vacuumCount: before.vacuumCount + 1 });
    expect(after.lastVacuum).not.toBeNull();
    expect(await statisticsOf('Untouched rows')).toEqual(untouchedBefore);
  });

  it('analyzes a table with many changed rows, without vacuuming it while its dead rows are few', async () => {
    const updated = await createTableOfRows('Updated rows');
    // 300 of 2,000: over analyze's 50 + 10%, under vacuum's 50 + 20%.
    await execute('update "Updated rows" set note = \'cambiada\' where id <= 300');
    const before = await statisticsOf('Updated rows');

    expect(await runPass()).toEqual({ vacuumed: [], analyzed: [updated] });

    expect(await statisticsOf('Updated rows')).toMatchObject({
      changedSinceAnalyze: 0, analyzeCount: before.analyzeCount + 1, vacuumCount: before.vacuumCount,
    });
  });

  it('vacuums the statistics that analyzing leaves behind, but never analyzes them, as ANALYZE skips them', async () => {
    // Notes of 128 characters: the column's histogram goes to pg_statistic's TOAST table, pg_toast_2619.
    await createTableOfRows('Analyzed rows', 'repeat(md5(n::text), 4)');
    for (let round = 0; round < 200; round += 1) await execute('analyze "Analyzed rows"');

    const report = await runPass();
    expect(report.vacuumed).toContain('pg_toast.pg_toast_2619');
    expect(report.analyzed).toEqual([]);
    expect(await runPass()).toEqual({ vacuumed: [], analyzed: [] });
  });

  it('does nothing on a second pass right after one', async () => {
    await execute('create table "Repeated rows" (id int primary key)');
    await execute('insert into "Repeated rows" select generate_series(1, 2000)');
    expect(await runPass()).toEqual({ vacuumed: ['public."Repeated rows"'], analyzed: ['public."Repeated rows"'] });

    expect(await runPass()).toEqual({ vacuumed: [], analyzed: [] });
  });

  it('vacuums and analyzes every table once after the database opens again, as PGlite forgets its counts', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'receta-maintenance-'));
    await createProcessDatabase(dataDir);
    const first = await openPglite({ dataDir: join(dataDir, 'db') });
    await execute('create table "Forgotten rows" (id int primary key)', first.db);
    await execute('insert into "Forgotten rows" select generate_series(1, 2000)', first.db);
    await first.vacuumAndAnalyze!();
    await execute('delete from "Forgotten rows" where id <= 1500', first.db);
    expect(await statisticsOf('Forgotten rows', first.db)).toMatchObject({ deadRows: 1500 });
    await first.close();

    const second = await openPglite({ dataDir: join(dataDir, 'db') });
    try {
      expect(await statisticsOf('Forgotten rows', second.db)).toMatchObject({ deadRows: 0, vacuumCount: 0 });
      const report = await second.vacuumAndAnalyze!();
      expect(report.vacuumed).toContain('public."Forgotten rows"');
      expect(report.analyzed).toContain('public."Forgotten rows"');
      expect(await statisticsOf('Forgotten rows', second.db)).toMatchObject({ vacuumCount: 1, analyzeCount: 1 });
      expect(await second.vacuumAndAnalyze!()).toEqual({ vacuumed: [], analyzed: [] });
    } finally {
      await second.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

it.runIf(testDatabaseUrl())('runs no maintenance pass on PostgreSQL, which has its own autovacuum', () => {
  expect(test.app.databaseMaintenance).toBeUndefined();
});
