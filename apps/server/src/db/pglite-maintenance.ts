import type { PGlite } from '@electric-sql/pglite';

/** The tables a maintenance pass vacuumed and analyzed, each named as PostgreSQL quotes it. */
export interface MaintenanceReport {
  vacuumed: string[];
  analyzed: string[];
}

interface TableDue {
  name: string;
  needsVacuum: boolean;
  needsAnalyze: boolean;
}

/**
 * The tables PostgreSQL's autovacuum would vacuum or analyze now, by its rules ("The Autovacuum
 * Daemon" in the manual) and with the engine's own settings (50 rows + 20% dead, 1,000 + 20%
 * inserted, 50 + 10% changed since the last analyze, 200 million transactions since the last
 * freeze), and the tables with no vacuum or analyze on record: PGlite forgets its counts when it
 * closes (it writes no pg_stat file), so the first pass after it opens does every table once.
 * The catalogue's tables count too: every ANALYZE rewrites rows of pg_statistic and of its TOAST
 * table, which nothing else would vacuum; they come last, after this pass's analyzes. As autovacuum
 * does, it never analyzes TOAST tables nor pg_statistic, which ANALYZE skips. Names come quoted by
 * format('%I'), from the catalogue only.
 */
const tablesDue = `
  with settings as (
    select current_setting('autovacuum_vacuum_threshold')::float8 as vacuum_base,
           current_setting('autovacuum_vacuum_scale_factor')::float8 as vacuum_scale,
           current_setting('autovacuum_vacuum_insert_threshold')::float8 as insert_base,
           current_setting('autovacuum_vacuum_insert_scale_factor')::float8 as insert_scale,
           current_setting('autovacuum_analyze_threshold')::float8 as analyze_base,
           current_setting('autovacuum_analyze_scale_factor')::float8 as analyze_scale,
           current_setting('autovacuum_freeze_max_age')::float8 as freeze_max_age,
           current_setting('autovacuum_multixact_freeze_max_age')::float8 as multixact_freeze_max_age
  ), tables as (
    select format('%I.%I', s.schemaname, s.relname) as name,
           c.relkind = 't' as is_toast,
           c.oid in (statistic.oid, statistic.reltoastrelid) as is_statistics,
           -- -1 until the first vacuum or analyze, which autovacuum counts as none.
           greatest(c.reltuples, 0) as reltuples,
           s.n_dead_tup, s.n_ins_since_vacuum, s.n_mod_since_analyze, s.last_vacuum, s.last_analyze,
           age(c.relfrozenxid) as xid_age, mxid_age(c.relminmxid) as multixact_age
    from pg_stat_all_tables s
    join pg_class c on c.oid = s.relid
    cross join (select oid, reltoastrelid from pg_class where oid = 'pg_catalog.pg_statistic'::regclass) statistic
    where c.relkind in ('r', 'm', 't')
  ), due as (
    select name, is_statistics,
           n_dead_tup > vacuum_base + vacuum_scale * reltuples
             or n_ins_since_vacuum > insert_base + insert_scale * reltuples
             or xid_age > freeze_max_age
             or multixact_age > multixact_freeze_max_age
             or last_vacuum is null as "needsVacuum",
           not is_toast and not is_statistics
             and (n_mod_since_analyze > analyze_base + analyze_scale * reltuples or last_analyze is null)
             as "needsAnalyze"
    from tables, settings
  )
  select name, "needsVacuum", "needsAnalyze" from due
  where "needsVacuum" or "needsAnalyze"
  order by is_statistics, name`;

/**
 * PGlite's one backend publishes its row counts to pg_stat_* at most once a second, when a
 * statement ends: this has it publish them at the end of this one.
 */
async function publishRowCounts(client: PGlite) {
  await client.query('select pg_stat_force_next_flush()');
}

/**
 * Vacuums and analyzes the tables that PostgreSQL's autovacuum would, which PGlite does not run:
 * a statement for each table and each of the two, so that requests waiting for the one
 * connection go in between.
 */
export async function vacuumAndAnalyzeDueTables(client: PGlite): Promise<MaintenanceReport> {
  await publishRowCounts(client);
  const { rows } = await client.query<TableDue>(tablesDue);
  const report: MaintenanceReport = { vacuumed: [], analyzed: [] };
  for (const { name, needsVacuum, needsAnalyze } of rows) {
    if (needsVacuum) {
      // Counts published after the vacuum would add rows it already removed (this pass's
      // analyzes rewrite pg_statistic, for one).
      await publishRowCounts(client);
      await client.query(`vacuum ${name}`);
      report.vacuumed.push(name);
    }
    if (needsAnalyze) {
      await client.query(`analyze ${name}`);
      report.analyzed.push(name);
    }
  }
  return report;
}
