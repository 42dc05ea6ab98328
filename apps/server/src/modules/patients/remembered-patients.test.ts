import type { Patient, PatientPage } from '@receta/domain';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../../test/database.ts';
import { createApprovedDoctor } from '../../../test/factories/approved-doctors.ts';
import { createPatientRecord, headersIn } from '../../../test/factories/prescriptions.ts';
import { createWorkspace } from '../../../test/factories/workspaces.ts';
import { useTestApps } from '../../../test/helper.ts';
import { insurers, patients } from '../../db/schema/index.ts';

// Two server processes on one database, as behind a load balancer. On PGlite a process
// remembers the patients it reads until the database announces a change (decision 061); on
// PostgreSQL none does while another shares the database (decision 068): what either
// changes, both answer on their very next read.
const [first, second] = useTestApps(2);

/** A clinic with one patient of an insurer, whose record and list its doctor just read through the first process. */
async function patientJustRead() {
  const doctor = await createApprovedDoctor(first!.app);
  const workspace = await createWorkspace(first!.app, { memberIds: [doctor.id] });
  const [insurer] = await first!.app.db.select({ id: insurers.id, name: insurers.name }).from(insurers).limit(1);
  const patient = await createPatientRecord(first!.app, { workspaceId: workspace.id, insurerId: insurer!.id, affiliateNumber: '123' });
  const headers = await headersIn(first!.app, doctor.id, workspace.id);
  const readPatient = async () => {
    const response = await first!.app.inject({ url: `/api/patients/${patient.id}`, headers });
    expect(response.statusCode).toBe(200);
    return response.json<Patient>();
  };
  const readPage = async () => {
    const response = await first!.app.inject({ url: '/api/patients?page=1&pageSize=20', headers });
    expect(response.statusCode).toBe(200);
    return response.json<PatientPage>();
  };
  await readPatient();
  await readPage();
  return { workspace, patient, insurer: insurer!, readPatient, readPage };
}

describe('a patient read again after a change through another process', () => {
  it('shows the patient as edited there, in the record and in the list', async () => {
    const { patient, readPatient, readPage } = await patientJustRead();
    await second!.app.db.update(patients).set({ name: 'Rosario' }).where(eq(patients.id, patient.id));
    expect(await readPatient()).toMatchObject({ name: 'Rosario' });
    expect((await readPage()).items).toEqual([expect.objectContaining({ id: patient.id, name: 'Rosario' })]);
  });

  it('lists and counts a patient added there, and leaves out one removed there', async () => {
    const { workspace, patient, readPage } = await patientJustRead();
    const added = await createPatientRecord(second!.app, { workspaceId: workspace.id, lastName: 'Acosta' });
    expect(await readPage()).toMatchObject({ total: 2, items: [{ id: added.id }, { id: patient.id }] });
    await second!.app.db.delete(patients).where(eq(patients.id, added.id));
    expect(await readPage()).toMatchObject({ total: 1, items: [{ id: patient.id }] });
  });

  it('shows the insurer by the name it was given there', async () => {
    const { insurer, readPatient, readPage } = await patientJustRead();
    const renamed = `${insurer.name} (renombrada)`;
    await second!.app.db.update(insurers).set({ name: renamed }).where(eq(insurers.id, insurer.id));
    try {
      expect(await readPatient()).toMatchObject({ insurer: { id: insurer.id, name: renamed } });
      expect((await readPage()).items[0]).toMatchObject({ insurer: { name: renamed } });
    } finally {
      await second!.app.db.update(insurers).set({ name: insurer.name }).where(eq(insurers.id, insurer.id));
    }
  });
});

/** Changes the patient's name without the database announcing it: its triggers do not fire for a replica's writes. */
async function renameUnannounced(patientId: string, name: string) {
  await first!.app.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.update(patients).set({ name }).where(eq(patients.id, patientId));
  });
}

describe.skipIf(testDatabaseUrl())('a patient remembered by the process on PGlite', () => {
  it('is answered from memory, record and list, until the database announces a change', async () => {
    const { patient, readPatient, readPage } = await patientJustRead();
    await renameUnannounced(patient.id, 'Inadvertida');
    expect(await readPatient()).toMatchObject({ name: 'Juana' });
    expect((await readPage()).items[0]).toMatchObject({ name: 'Juana' });

    await second!.app.db.update(patients).set({ phone: '1145678901' }).where(eq(patients.id, patient.id));
    expect(await readPatient()).toMatchObject({ name: 'Inadvertida', phone: '1145678901' });
    expect((await readPage()).items[0]).toMatchObject({ name: 'Inadvertida', phone: '1145678901' });
  });
});

it.runIf(testDatabaseUrl())('reads a patient on every request on PostgreSQL while another process shares the database', async () => {
  const { patient, readPatient, readPage } = await patientJustRead();
  await renameUnannounced(patient.id, 'Inadvertida');
  expect(await readPatient()).toMatchObject({ name: 'Inadvertida' });
  expect((await readPage()).items[0]).toMatchObject({ name: 'Inadvertida' });
});
