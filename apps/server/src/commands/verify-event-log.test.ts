import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProcessDatabase } from '../../test/database.ts';
import { testAdmin } from '../../test/fixtures.ts';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { auditEvents } from '../db/schema/index.ts';
import { recordAudit } from '../platform/audit.ts';

const run = promisify(execFile);
const command = fileURLToPath(new URL('./verify-event-log.ts', import.meta.url));

let dataDir: string;
let database: Awaited<ReturnType<typeof createProcessDatabase>>;
let config: Config;

/** The command as `npm run audit:verify` runs it, on the database of `dataDir` or `database.databaseUrl`. */
async function auditVerify(): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', command], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: database.databaseUrl },
    });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: `${failed.stdout}${failed.stderr}` };
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'receta-audit-verify-'));
  database = await createProcessDatabase(dataDir);
  config = loadConfig({
    DATA_DIR: dataDir, DATABASE_URL: database.databaseUrl, LOG_LEVEL: 'silent', ADMIN_EMAIL: testAdmin.email, ADMIN_PASSWORD: testAdmin.password,
  });
  const app = await buildApp({ config, database: await openDatabase(config), webRoot: join(dataDir, 'no-web') });
  for (const subjectId of ['uno', 'dos', 'tres']) {
    await recordAudit(app.db, { actorUserId: null, pagePath: null }, { action: 'test.recorded', subjectType: 'test', subjectId });
  }
  await app.close();
});

afterAll(async () => {
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
});

// On PGlite the embedded database of a folder of its own, which a second process opens after the
// first closed it; on PostgreSQL a database of its own.
describe('npm run audit:verify', () => {
  it('says the log is intact and exits with 0, then names the first broken link and exits with 1', async () => {
    const intact = await auditVerify();
    expect(intact).toEqual({ code: 0, output: 'Registro de eventos íntegro: 3 eventos verificados, el último es el nº 3.\n' });

    const tampering = await openDatabase(config);
    await tampering.db.execute(sql`alter table audit_events disable trigger audit_events_append_only`);
    await tampering.db.delete(auditEvents).where(eq(auditEvents.subjectId, 'dos'));
    await tampering.close();

    const broken = await auditVerify();
    expect(broken.code).toBe(1);
    expect(broken.output).toMatch(new RegExp(
      '^Registro de eventos alterado: primer enlace roto en el evento nº 2 \\(id [0-9a-f-]+, [^)]+\\)\\. '
      + 'Falta el evento nº 2\\. Se verificaron 1 eventos intactos antes de él\\.\n$',
    ));
  });
});
