import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres, type DatabaseHandle } from '../apps/server/src/db/client.ts';

/**
 * A fresh database: PGlite in a temporary folder, as `npm start` keeps it, or with
 * `BENCH_DATABASE_URL` a new database on that PostgreSQL server; removed at the end.
 */
export async function openBenchDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) return openPgliteInAFolder();
  const name = `receta_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString());
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await admin.query(`drop database "${name}" with (force)`);
      await admin.end();
    },
  };
}

/**
 * In memory, PGlite keeps each table's file in one growing array, copied whole at every
 * eighth of growth: the event log's file alone made it a tenth of a request's time, which
 * a database in a folder never spends.
 */
async function openPgliteInAFolder(): Promise<DatabaseHandle> {
  const folder = await mkdtemp(join(tmpdir(), 'receta-bench-'));
  const handle = await openPglite({ dataDir: folder });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await rm(folder, { recursive: true, force: true });
    },
  };
}

/** Which engine the measurements run on, for the report. */
export const benchEngine = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
