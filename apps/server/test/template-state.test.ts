import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProcessDatabase, openTestDatabase, testDatabaseUrl } from './database.ts';
import { resetPostgresToTemplate, resetPgliteToTemplate } from './template-state.ts';

/** A copy of the template, whichever the engine, with the reset a worker gives it between files. */
interface TemplateCopy {
  exec: (statements: string) => Promise<unknown>;
  query: <Row>(statement: string) => Promise<Row[]>;
  reset: () => Promise<boolean>;
  close: () => Promise<void>;
}

async function pgliteCopy(): Promise<TemplateCopy> {
  // The handle is the file's lease; the tests below reset its PGlite themselves, then close it.
  const { client } = await openTestDatabase() as unknown as { client: PGlite };
  return {
    exec: (statements) => client.exec(statements),
    query: async <Row>(statement: string) => (await client.query<Row>(statement)).rows,
    reset: () => resetPgliteToTemplate(client),
    close: () => client.close(),
  };
}

async function postgresCopy(): Promise<TemplateCopy> {
  const dataDir = await mkdtemp(join(tmpdir(), 'receta-template-state-'));
  const { databaseUrl, drop } = await createProcessDatabase(dataDir);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return {
    exec: (statements) => client.query(statements),
    query: async <Row>(statement: string) => (await client.query(statement)).rows as Row[],
    reset: () => resetPostgresToTemplate(databaseUrl),
    close: async () => {
      await client.end();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** What a test file could change of the template, read as one JSON value. */
async function stateOf(copy: TemplateCopy) {
  const [row] = await copy.query<{ state: unknown }>(`
    select json_build_object(
      'users', (select json_agg(u order by id) from users u),
      'userRoles', (select json_agg(r order by user_id) from user_roles r),
      'insurers', (select json_agg(i order by id) from insurers i),
      'logHead', (select json_agg(h) from audit_log_head h),
      'patients', (select count(*) from patients),
      'prescriptionNumber', (select last_value || ' ' || is_called from prescription_number_seq)
    ) as state`);
  return row!.state;
}

describe('a test database returned to the template\'s state', () => {
  let copy: TemplateCopy;
  let templateState: unknown;

  beforeAll(async () => {
    copy = testDatabaseUrl() ? await postgresCopy() : await pgliteCopy();
    templateState = await stateOf(copy);
  });

  afterAll(async () => {
    await copy.close();
  });

  it('empties what a file wrote, and puts back the template\'s rows and sequences', async () => {
    await copy.exec(`
      update users set email = 'otro@receta.test';
      delete from user_roles;
      delete from insurers where id in (select id from insurers order by id limit 3);
      select nextval('prescription_number_seq');
    `);
    expect(await stateOf(copy)).not.toEqual(templateState);

    expect(await copy.reset()).toBe(true);

    expect(await stateOf(copy)).toEqual(templateState);
  });

  it('refuses after a change of the schema, of a trigger or of the vademecum', async () => {
    await copy.exec('create table left_by_a_test (id int)');
    expect(await copy.reset()).toBe(false);
    await copy.exec('drop table left_by_a_test');
    expect(await copy.reset()).toBe(true);

    await copy.exec('alter table prescriptions disable trigger prescriptions_signed_immutable');
    expect(await copy.reset()).toBe(false);
    await copy.exec('alter table prescriptions enable trigger prescriptions_signed_immutable');

    await copy.exec('update medications set brand_name = brand_name where id = (select min(id) from medications)');
    expect(await copy.reset()).toBe(false);
  });
});

describe.skipIf(testDatabaseUrl())('a PGlite returned to the template\'s state', () => {
  it('keeps nothing of the last file\'s session', async () => {
    const copy = await pgliteCopy();
    try {
      await copy.exec('prepare left_behind as select 1; set random_page_cost = 9');
      expect(await copy.reset()).toBe(true);
      const [session] = await copy.query<{ prepared: number; cost: string }>(
        'select (select count(*)::int from pg_prepared_statements) as prepared, current_setting(\'random_page_cost\') as cost',
      );
      expect(session).toEqual({ prepared: 0, cost: '4' });
    } finally {
      await copy.close();
    }
  });

  it('answers no more to a file once that file has closed its database', async () => {
    const handle = await openTestDatabase();
    const { client } = handle as unknown as { client: PGlite };
    await handle.close();
    expect(() => client.query('select 1')).toThrow('This test file has closed its database');
  });
});
