import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, types, type PGliteOptions } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type MaintenanceReport, vacuumAndAnalyzeDueTables } from './pglite-maintenance.ts';
import { drizzleWithNamedStatements } from './pglite-named-statements.ts';
import { PostgresAnnouncements } from './postgres-announcements.ts';
import { RememberingLease } from './remembering-lease.ts';
import * as schema from './schema/index.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * What the database announces at each commit that changed it: `access_changed`, a session, a user,
 * a user's roles or memberships (docs/decisions/060); `patients_changed`, a patient, a
 * workspace's count of them or an insurer (docs/decisions/061); `mail_queued` and
 * `sms_queued`, a message in an outbox (docs/decisions/067).
 */
export type AnnouncedChange = 'access_changed' | 'patients_changed' | 'mail_queued' | 'sms_queued';

export interface DatabaseHandle {
  db: Database;
  /**
   * Whether this process alone opens the database (PGlite, which takes no lock): then what it
   * keeps in memory about the database answers for every server process there is.
   */
  ownedByThisProcess: boolean;
  /** Runs one statement that reaches the server, for the readiness probe. */
  ping: () => Promise<void>;
  close: () => Promise<void>;
  /**
   * One pass of the vacuuming and analyzing that PostgreSQL's autovacuum does on its own;
   * PGlite runs no autovacuum, and only its handle has this (docs/decisions/056).
   */
  vacuumAndAnalyze?: () => Promise<MaintenanceReport>;
  /**
   * Calls `listener` at each commit that made `change`: before that commit's caller goes on
   * where this process made it, as soon as PostgreSQL announces it where another connection
   * did; answers how to stop (docs/decisions/060 and 068).
   */
  watchChanges: (change: AnnouncedChange, listener: () => void) => Promise<() => Promise<void>>;
  /**
   * Whether what this process read may answer later reads, until an announced change: always
   * on PGlite, which one process alone opens; on PostgreSQL while this process is the only one
   * on the database and holds its remembering lease (docs/decisions/068).
   */
  mayRemember: () => boolean;
}

/** What a plugin that keeps in step with the database's announced changes is registered with. */
export type ChangeWatching = Pick<DatabaseHandle, 'watchChanges'>;

/** What a plugin that remembers reads until the database announces a change is registered with. */
export type Remembering = Pick<DatabaseHandle, 'watchChanges' | 'mayRemember'>;

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

// The database sits on SSD or in memory, where a random page read costs about a sequential
// one. With PostgreSQL's default of 4 (spinning disks) the planner reads the whole vademecum
// rather than its trigram index, 5 to 10 times slower.
const randomPageCost = '1.1';

/**
 * A pooled PostgreSQL connection, migrated to the latest schema, in step with the other server
 * processes on the database through its remembering lease (docs/decisions/068).
 */
export async function openPostgres(url: string): Promise<DatabaseHandle> {
  const announcements = new PostgresAnnouncements();
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // Sent when each connection starts, so no query ever runs with the default.
    options: `-c random_page_cost=${randomPageCost}`,
    // Before the connection's first query: the pool waits for the promise, which @types/pg
    // has yet to declare.
    // eslint-disable-next-line @typescript-eslint/no-misused-promises
    onConnect: (connection) => announcements.hearOwnChanges(connection),
  });
  // An idle connection the server closes (a restart, a failover) must not end the process:
  // the pool replaces it on the next query.
  pool.on('error', () => undefined);
  const db = drizzleNodePostgres({ client: pool, schema, casing: 'snake_case' });
  // Joined before migrating, so that a process remembering stops before this one writes
  // anything. A database without the lease's table yet is joined once migrated.
  const lease = await RememberingLease.join(url, {
    connected: (connection) => announcements.hearOtherChanges(connection),
    gained: () => announcements.announceEveryChange(),
  });
  await migrateNodePostgres(db, { migrationsFolder });
  return {
    db,
    ownedByThisProcess: false,
    ping: async () => void (await pool.query('select 1')),
    // The lease last: another process may remember once this one's writes are all done.
    close: async () => {
      await pool.end();
      await lease.close();
    },
    watchChanges: async (change, listener) => announcements.watch(change, listener),
    mayRemember: () => lease.holds(),
  };
}

/**
 * The contrib extensions the migrations create (trigram search indexes), which PostgreSQL
 * ships; and bytea written and read as hex by node's Buffer. PGlite's own turn each byte into
 * a string of its own: 15-20 ms for a signed prescription's PDF each way, on the one connection.
 */
const pgliteOptions = {
  extensions: { pg_trgm, btree_gin },
  serializers: {
    [types.BYTEA]: (value: Uint8Array) => `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`,
  },
  parsers: { [types.BYTEA]: (value: string) => Buffer.from(value.slice(2), 'hex') },
} satisfies PGliteOptions;

interface PgliteUse {
  /**
   * A database made to be dumped and copied (the tests' template): a checkpoint deletes the
   * write-ahead log it no longer needs (`wal_recycle = off`) instead of keeping 80 MB of it for
   * reuse, which every copy would carry.
   */
  forCopying?: boolean;
  /**
   * A database that lives for a few seconds and holds little beyond the reference data (a test
   * file's copy of the template): 16 MB of shared buffers instead of 128, which PGlite clears at
   * every start, a fifth of the CPU such an open costs.
   */
  shortLived?: boolean;
}

/**
 * An embedded PostgreSQL (PGlite), in memory or in a folder, migrated to the latest schema.
 * One process only may open a folder: PGlite takes no lock.
 */
export async function openPglite(
  source: { dataDir: string } | { dump: Blob } | 'memory',
  { forCopying = false, shortLived = false }: PgliteUse = {},
): Promise<DatabaseHandle & { client: PGlite }> {
  const options = {
    ...pgliteOptions,
    startParams: [
      ...PGlite.defaultStartParams,
      ...forCopying ? ['-c', 'wal_recycle=off'] : [],
      ...shortLived ? ['-c', 'shared_buffers=16MB'] : [],
    ],
  };
  let client: PGlite;
  if (source === 'memory') {
    client = await PGlite.create(options);
  } else if ('dump' in source) {
    client = await PGlite.create({ loadDataDir: source.dump, ...options });
  } else {
    await mkdir(source.dataDir, { recursive: true });
    client = await PGlite.create(source.dataDir, options);
  }
  await startPgliteSession(client);
  const db = namedStatementsOn(client);
  await migratePglite(db, { migrationsFolder });
  return pgliteHandle(client, db);
}

function namedStatementsOn(client: PGlite) {
  return drizzleWithNamedStatements(client, { schema, casing: 'snake_case' });
}

/** What each session on PGlite is set to before its first query. */
export async function startPgliteSession(client: PGlite): Promise<void> {
  await client.exec(`set random_page_cost = ${randomPageCost}`);
}

/** A handle on a PGlite already open, its session started and its database migrated. */
export function pgliteHandle(
  client: PGlite, db: Database = namedStatementsOn(client),
): DatabaseHandle & { client: PGlite } {
  return {
    db,
    client,
    ownedByThisProcess: true,
    ping: async () => void (await client.query('select 1')),
    close: () => client.close(),
    vacuumAndAnalyze: () => vacuumAndAnalyzeDueTables(client),
    watchChanges: (change, listener) => client.listen(change, listener),
    mayRemember: () => true,
  };
}

/** The database the configuration names: PostgreSQL when a URL is given, else PGlite under DATA_DIR/db. */
export function openDatabase(config: { databaseUrl: string | undefined; dataDir: string }): Promise<DatabaseHandle> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite({ dataDir: join(config.dataDir, 'db') });
}
