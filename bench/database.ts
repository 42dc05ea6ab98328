import pg from 'pg';
import { openPglite, openPostgres, type DatabaseHandle } from '../apps/server/src/db/client.ts';

/**
 * A fresh database: PGlite in memory, or with `BENCH_DATABASE_URL` a new database on that
 * PostgreSQL server, dropped at the end.
 */
export async function openBenchDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) return openPglite('memory');
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

/** Which engine the measurements run on, for the report. */
export const benchEngine = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
