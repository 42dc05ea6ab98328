import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProcessDatabase } from '../../test/database.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { practices, referenceDatasets } from '../db/schema/index.ts';

const command = fileURLToPath(new URL('./prepare-database.ts', import.meta.url));

let dataDir: string;
let database: Awaited<ReturnType<typeof createProcessDatabase>>;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'receta-db-prepare-'));
  database = await createProcessDatabase(dataDir);
});

afterAll(async () => {
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
});

// On PGlite the embedded database of a folder of its own, which the command opens once the test
// has closed it; on PostgreSQL a database of its own.
describe('npm run db:prepare', () => {
  it('loads the reference data that changed and exits with 0, leaving the rest as it was', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: database.databaseUrl, LOG_LEVEL: 'silent' });
    const before = await openDatabase(config);
    // A release that ships a new list of practices: its hash no longer matches, a row has gone.
    await before.db.update(referenceDatasets).set({ contentHash: 'de una versión anterior' })
      .where(eq(referenceDatasets.name, 'practices'));
    await before.db.update(practices).set({ isActive: false });
    await before.close();

    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', command], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: database.databaseUrl },
    });
    expect(stdout).toMatch(/^reference data: practices loaded \(\d+ rows\)\nreference data: 1 of 9 datasets loaded/);

    const after = await openDatabase(config);
    const active = await after.db.$count(practices, eq(practices.isActive, true));
    await after.close();
    expect(active).toBeGreaterThan(200);
  });
});
