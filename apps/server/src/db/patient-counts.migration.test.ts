import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBefore, runMigration } from '../../test/migrations.ts';

const migrationTag = '0026_patients-counted-per-workspace';

let client: PGlite;

async function insertWorkspace(name: string): Promise<string> {
  const { rows: [row] } = await client.query<{ id: string }>(
    'insert into workspaces (name, kind) values ($1, \'clinic\') returning id', [name],
  );
  return row!.id;
}

async function insertPatients(workspaceId: string, count: number, firstDni: number): Promise<void> {
  await client.query(`insert into patients (workspace_id, name, last_name, dni, sex, date_of_birth, search_text)
    select $1, 'Ana', 'Acosta', ($2::integer + n)::text, 'F', '1970-03-03', 'acosta ana'
    from generate_series(1, $3::integer) as n`, [workspaceId, firstDni, count]);
}

async function kept() {
  const { rows } = await client.query<{ name: string; patients: number }>(`select workspaces.name, counts.patients
    from workspace_patient_counts as counts join workspaces on workspaces.id = counts.workspace_id order by workspaces.name`);
  return rows;
}

let larger: string;

beforeAll(async () => {
  client = await databaseBefore(migrationTag);
  larger = await insertWorkspace('Clínica grande');
  await insertPatients(larger, 120, 20_000_000);
  await insertPatients(await insertWorkspace('Consultorio'), 3, 30_000_000);
  await insertWorkspace('Clínica sin pacientes');
  await runMigration(client, migrationTag);
});
afterAll(() => client.close());

describe('migration 0026 on the patients saved before it', () => {
  it("counts each workspace's patients as they were", async () => {
    expect(await kept()).toEqual([{ name: 'Clínica grande', patients: 120 }, { name: 'Consultorio', patients: 3 }]);
  });

  it('then keeps the counts as patients are added and removed', async () => {
    await insertPatients(larger, 2, 40_000_000);
    await client.query('delete from patients where workspace_id = $1 and dni < \'20000011\'', [larger]);
    expect(await kept()).toEqual([{ name: 'Clínica grande', patients: 112 }, { name: 'Consultorio', patients: 3 }]);
  });
});
