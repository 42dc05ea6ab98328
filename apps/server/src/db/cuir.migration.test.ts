import type { PGlite } from '@electric-sql/pglite';
import { cuirGroupOf, decomposeCuir } from '@receta/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBefore, runMigration } from '../../test/migrations.ts';

const migrationTag = '0018_cuir-and-annex-ii';

let client: PGlite;
let signedNumber: number;

/** A prescription of the doctor as the platform wrote it before the official CUIR. */
async function insertPrescription(
  state: string, doctorId: string, workspaceId: string,
): Promise<{ id: string; number: number }> {
  const prescriber = { userId: doctorId, jurisdiction: 'Córdoba', licenceType: 'MP', name: 'Ana', lastName: 'Pérez' };
  const { rows: [row] } = await client.query<{ id: string; number: number }>(`insert into prescriptions
    (workspace_id, doctor_user_id, type, state, series_id, series_position, series_length, issued_on, start_date,
     expiry_date, patient_name, patient_last_name, patient_dni, patient_sex, patient_date_of_birth, diagnosis_code,
     diagnosis_description, prescriber)
    values ($1, $2, 'classic', $3, gen_random_uuid(), 1, 1, '2026-11-02', '2026-11-02', '2026-12-02', 'Juana', 'Gómez',
     '30123456', 'F', '1960-02-14', 'I10', 'Hipertensión esencial (primaria)', $4) returning id, number`,
  [workspaceId, doctorId, state, JSON.stringify(prescriber)]);
  if (!row) throw new Error('Prescription not inserted');
  await client.query(`insert into prescription_items
    (prescription_id, position, medication_id, generic_name, presentation, quantity, dosage)
    values ($1, 1, 27659, 'Clonazepam', 'Blister Por 30 Unidades', 1, '1 por noche'),
           ($1, 2, null, 'Crema de ordeñe', 'Pote', 1, 'Uso externo')`, [row.id]);
  return { id: row.id, number: Number(row.number) };
}

async function itemsOf(prescriptionId: string) {
  const { rows } = await client.query<{ subtype: string; cuir: string | null }>(
    'select subtype, cuir from prescription_items where prescription_id = $1 order by position', [prescriptionId],
  );
  return rows;
}

let signedId: string;
let draftId: string;

beforeAll(async () => {
  client = await databaseBefore(migrationTag);

  const { rows: [user] } = await client.query<{ id: string }>(`insert into users (email, password_hash, display_name, status)
    values ('ana@receta.test', 'x', 'Ana Pérez', 'active') returning id`);
  const doctorId = user!.id;
  await client.query(`insert into doctors (user_id, name, last_name, birth_date, dni, cuit, phone_number, address, district,
    province, specialty_id, jurisdiction_code, enrollment, profession_code)
    values ($1, 'Ana', 'Pérez', '1980-05-17', '30123456', '27301234564', '1145678901', 'Colón 100', 'Centro', 'Córdoba', 1,
    'CBA', '123456', '35')`, [doctorId]);
  const { rows: [workspace] } = await client.query<{ id: string }>(
    'insert into workspaces (name, kind) values (\'Consultorio\', \'personal\') returning id',
  );
  await client.query(`insert into diagnosis_chapters (code, first_code, last_code, title, position)
    values ('IX', 'I00', 'I99', 'Enfermedades del sistema circulatorio', 9)`);
  await client.query(`insert into diagnoses (code, compact_code, description, level, category, chapter, search_text)
    values ('I10', 'I10', 'Hipertensión esencial (primaria)', 1, 'I10', 'IX', 'hipertension')`);
  await client.query(`insert into medications (id, certificate, brand_name, presentation, laboratory, search_text, sale_condition)
    values (27659, '45570', 'Solfidin', 'Blister Por 30 Unidades', 'Astrazeneca', 'solfidin',
    'Bajo Receta Archivada (Psicotropicos Lista Iv)')`);
  const signed = await insertPrescription('signed', doctorId, workspace!.id);
  signedId = signed.id;
  signedNumber = signed.number;
  draftId = (await insertPrescription('draft', doctorId, workspace!.id)).id;
  await runMigration(client, migrationTag);
});
afterAll(() => client.close());

describe('migration 0018 on the prescriptions written before it', () => {
  it('gives each item of a signed prescription its subtype and a 41-digit CUIR of the official form', async () => {
    const items = await itemsOf(signedId);
    expect(items.map((item) => item.subtype)).toEqual(['archived', 'prescription']);
    expect(items.map((item) => decomposeCuir(item.cuir ?? ''))).toEqual([
      { platform: '0000', repository: '0000', jurisdiction: '14', type: '01', subtype: '03', group: cuirGroupOf(signedNumber), item: '01' },
      { platform: '0000', repository: '0000', jurisdiction: '14', type: '01', subtype: '02', group: cuirGroupOf(signedNumber), item: '02' },
    ]);
  });

  it('leaves the CUIR of a draft to its signature', async () => {
    expect(await itemsOf(draftId)).toEqual([{ subtype: 'archived', cuir: null }, { subtype: 'prescription', cuir: null }]);
  });

  it('keeps the items of a signed prescription unchangeable but for the quantity dispensed', async () => {
    await expect(client.query('update prescription_items set quantity = 2 where prescription_id = $1', [signedId]))
      .rejects.toThrow('an item of a signed prescription changes only its quantity dispensed');
    await expect(client.query('update prescription_items set cuir = null where prescription_id = $1', [signedId]))
      .rejects.toThrow('an item of a signed prescription changes only its quantity dispensed');
    await client.query('update prescription_items set dispensed_quantity = 1 where prescription_id = $1', [signedId]);
    expect((await itemsOf(signedId)).every((item) => item.cuir?.length === 41)).toBe(true);
  });
});
