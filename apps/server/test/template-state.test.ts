import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseUrl } from './database.ts';
import { resetToTemplate } from './template-state.ts';

/** What a test file could change of the template, read as one JSON text. */
async function stateOf(client: PGlite) {
  const { rows } = await client.query<{ state: unknown }>(`
    select json_build_object(
      'users', (select json_agg(u order by id) from users u),
      'userRoles', (select json_agg(r order by user_id) from user_roles r),
      'insurers', (select json_agg(i order by id) from insurers i),
      'logHead', (select json_agg(h) from audit_log_head h),
      'sessions', (select count(*) from sessions),
      'events', (select count(*) from audit_events),
      'prescriptionNumber', (select last_value || ' ' || is_called from prescription_number_seq)
    ) as state`);
  return rows[0]!.state;
}

describe.skipIf(testDatabaseUrl())('a test database returned to the template\'s state', () => {
  let client: PGlite;
  let templateState: unknown;

  beforeAll(async () => {
    const handle = await openTestDatabase();
    // The tests below reset this copy themselves; the next file's is its own.
    client = (handle as unknown as { client: PGlite }).client;
    templateState = await stateOf(client);
  });

  afterAll(async () => {
    await client.close();
  });

  it('empties what a file wrote, puts back the template\'s rows and sequences, and forgets the session', async () => {
    await client.exec(`
      update users set email = 'otro@receta.test';
      delete from user_roles;
      delete from insurers where id in (select id from insurers order by id limit 3);
      select nextval('prescription_number_seq');
      prepare left_behind as select 1;
      set random_page_cost = 9;
    `);
    expect(await stateOf(client)).not.toEqual(templateState);

    expect(await resetToTemplate(client)).toBe(true);

    expect(await stateOf(client)).toEqual(templateState);
    const { rows } = await client.query<{ prepared: number; cost: string }>(
      'select (select count(*)::int from pg_prepared_statements) as prepared, current_setting(\'random_page_cost\') as cost',
    );
    expect(rows[0]).toEqual({ prepared: 0, cost: '4' });
  });

  it('refuses after a change of the schema, of a trigger or of the vademecum', async () => {
    await client.exec('create table left_by_a_test (id int)');
    expect(await resetToTemplate(client)).toBe(false);
    await client.exec('drop table left_by_a_test');
    expect(await resetToTemplate(client)).toBe(true);

    await client.exec('alter table prescriptions disable trigger prescriptions_signed_immutable');
    expect(await resetToTemplate(client)).toBe(false);
    await client.exec('alter table prescriptions enable trigger prescriptions_signed_immutable');

    await client.exec('update medications set brand_name = brand_name where id = (select min(id) from medications)');
    expect(await resetToTemplate(client)).toBe(false);
  });

  it('answers no more to a file once that file has closed its database', async () => {
    const handle = await openTestDatabase();
    const { client: leased } = handle as unknown as { client: PGlite };
    await handle.close();
    expect(() => leased.query('select 1')).toThrow('This test file has closed its database');
  });
});
