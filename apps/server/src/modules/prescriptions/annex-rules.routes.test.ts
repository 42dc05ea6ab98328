import {
  cuirGroupOf, decomposeCuir, messages, type ApiError, type Prescription, type PrescriptionsCreated,
  type PrescriptionsSigned,
} from '@receta/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApprovedDoctor } from '../../../test/factories/approved-doctors.ts';
import {
  createPatientRecord, createPrescription, headersIn, prescriptionInput, sampleMedications,
} from '../../../test/factories/prescriptions.ts';
import { createWorkspace } from '../../../test/factories/workspaces.ts';
import { useTestApp } from '../../../test/helper.ts';
import { doctors, patients, prescriptions } from '../../db/schema/index.ts';
import { hashSecret } from '../../platform/passwords.ts';

const logLines: string[] = [];
const test = useTestApp({
  environment: { CUIR_PLATFORM_CODE: '1025', CUIR_REPOSITORY_CODE: '0042', LOG_LEVEL: 'warn' },
  logStream: { write: (line) => { logLines.push(line); } },
});

let pinHash: string;

beforeAll(async () => {
  pinHash = await hashSecret('1234');
});

/** A doctor of the workspace who may sign, with a Córdoba licence. */
async function newDoctor(options: { refepsCode?: string | null; restrictedAuthorisedOn?: string | null } = {}) {
  const doctor = await createApprovedDoctor(test.app, { pinHash, ...options });
  await test.app.db.update(doctors).set({ jurisdictionCode: 'CBA' }).where(eq(doctors.userId, doctor.id));
  const workspace = await createWorkspace(test.app, { memberIds: [doctor.id] });
  return { ...doctor, workspaceId: workspace.id, headers: await headersIn(test.app, doctor.id, workspace.id) };
}
type Doctor = Awaited<ReturnType<typeof newDoctor>>;

function create(doctor: Doctor, payload: object) {
  return test.app.inject({ method: 'POST', url: '/api/prescriptions', headers: doctor.headers, payload });
}

function sign(doctor: Doctor, id: string) {
  return test.app.inject({ method: 'POST', url: `/api/prescriptions/${id}/sign`, headers: doctor.headers, payload: { pin: '1234' } });
}

async function signedOne(doctor: Doctor, id: string): Promise<Prescription> {
  const response = await sign(doctor, id);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PrescriptionsSigned>().prescriptions[0]!;
}

async function prescriptionCount(patientId: string): Promise<number> {
  return (await test.app.db.select().from(prescriptions).where(eq(prescriptions.patientId, patientId))).length;
}

/** The body of a prescription of `medication` alone. */
function only(patientId: string, medication: { medicationId: number; genericName: string; presentation: string }) {
  return prescriptionInput(patientId, { items: [item(medication)] });
}

const item = (medication: { medicationId: number; genericName: string; presentation: string }) => ({
  ...medication, quantity: 1, dosage: '1 comprimido por día',
});

describe('the official CUIR', () => {
  it('gives each signed item 41 digits: registry codes, licence jurisdiction, type and subtype, number, position', async () => {
    const doctor = await newDoctor();
    const patient = await createPatientRecord(test.app, { workspaceId: doctor.workspaceId });
    const created = await create(doctor, prescriptionInput(patient.id, {
      items: [item(sampleMedications.enalapril), { genericName: 'Crema de ordeñe', presentation: 'Pote', quantity: 1, dosage: 'Uso externo' }],
    }));
    expect(created.statusCode, created.body).toBe(201);
    const [draft] = created.json<PrescriptionsCreated>().prescriptions;
    expect(draft?.items.map(({ subtype, cuir }) => ({ subtype, cuir }))).toEqual([
      { subtype: 'prescription', cuir: null }, { subtype: 'prescription', cuir: null },
    ]);

    const signed = await signedOne(doctor, draft!.id);
    const cuirs = signed.items.map((signedItem) => signedItem.cuir ?? '');
    expect(cuirs.map((cuir) => decomposeCuir(cuir))).toEqual([1, 2].map((position) => ({
      platform: '1025', repository: '0042', jurisdiction: '14', type: '01', subtype: '02',
      group: cuirGroupOf(signed.number), item: `0${position}`,
    })));
    const shown = await test.app.inject({ url: `/api/prescriptions/${signed.id}`, headers: doctor.headers });
    expect(shown.json<Prescription>().items.map((shownItem) => shownItem.cuir)).toEqual(cuirs);
    expect(signed.prescriber).toMatchObject({
      jurisdictionCode: 'CBA', licenceIssuer: 'Ministerio de Salud de Córdoba', phone: '1145678901',
      email: doctor.email, restrictedAuthorisedOn: null,
    });
    expect(signed.prescriber.refepsCode).toMatch(/^\d+$/);
  });

  it('does not warn at start-up once both registry codes are set', () => {
    expect(logLines.join('')).not.toContain('CUIR_PLATFORM_CODE');
  });
});

describe('subtypes from the condition of sale', () => {
  it('makes a psychotropic of list IV archived (0103)', async () => {
    const doctor = await newDoctor();
    const patient = await createPatientRecord(test.app, { workspaceId: doctor.workspaceId });
    const created = await create(doctor, only(patient.id, sampleMedications.clonazepam));
    expect(created.statusCode, created.body).toBe(201);
    const [draft] = created.json<PrescriptionsCreated>().prescriptions;
    expect(draft?.items[0]?.subtype).toBe('archived');
    const signed = await signedOne(doctor, draft!.id);
    expect(signed.items[0]?.cuir?.slice(10, 14)).toBe('0103');
  });

  it('makes a psychotropic of list II restricted (0104), for an authorised doctor and a patient with an address', async () => {
    const doctor = await newDoctor({ restrictedAuthorisedOn: '2026-01-15' });
    const patient = await createPatientRecord(test.app, { workspaceId: doctor.workspaceId, address: 'Colón 100, Córdoba' });
    const created = await create(doctor, only(patient.id, sampleMedications.methylphenidate));
    expect(created.statusCode, created.body).toBe(201);
    const [draft] = created.json<PrescriptionsCreated>().prescriptions;
    expect(draft?.items[0]?.subtype).toBe('restricted');
    expect(draft?.patient.address).toBe('Colón 100, Córdoba');
    const signed = await signedOne(doctor, draft!.id);
    expect(signed.items[0]?.cuir?.slice(10, 14)).toBe('0104');
    expect(signed.prescriber.restrictedAuthorisedOn).toBe('2026-01-15');
  });
});

describe('the rules on legally restricted medicines', () => {
  it('refuses one from a doctor without the authorisation, on create and on edit, changing nothing', async () => {
    const doctor = await newDoctor();
    const patient = await createPatientRecord(test.app, { workspaceId: doctor.workspaceId, address: 'Colón 100' });
    const refused = await create(doctor, only(patient.id, sampleMedications.methylphenidate));
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ApiError>().fields).toEqual([
      { field: 'body.items.0.medicationId', message: messages.prescriptions.restrictedNotAuthorised },
    ]);
    expect(await prescriptionCount(patient.id)).toBe(0);

    const created = await create(doctor, prescriptionInput(patient.id));
    const [draft] = created.json<PrescriptionsCreated>().prescriptions;
    const edited = await test.app.inject({
      method: 'PUT', url: `/api/prescriptions/${draft!.id}`, headers: doctor.headers,
      payload: { ...only(patient.id, sampleMedications.methylphenidate), type: undefined },
    });
    expect(edited.statusCode).toBe(400);
    expect(edited.json<ApiError>().fields).toEqual([
      { field: 'body.items.0.medicationId', message: messages.prescriptions.restrictedNotAuthorised },
    ]);
    const shown = await test.app.inject({ url: `/api/prescriptions/${draft!.id}`, headers: doctor.headers });
    expect(shown.json<Prescription>().items.map((shownItem) => shownItem.medicationId))
      .toEqual([sampleMedications.enalapril.medicationId]);
  });

  it('asks for the patient address, and a Receta Única with nothing else', async () => {
    const doctor = await newDoctor({ restrictedAuthorisedOn: '2026-01-15' });
    const homeless = await createPatientRecord(test.app, { workspaceId: doctor.workspaceId });
    const noAddress = await create(doctor, only(homeless.id, sampleMedications.methylphenidate));
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json<ApiError>().fields).toEqual([
      { field: 'body.patientId', message: messages.prescriptions.restrictedAddressRequired },
    ]);

    const patient = await createPatientRecord(test.app, { workspaceId: doctor.workspaceId, address: 'Colón 100' });
    const alone = [{ field: 'body.items', message: messages.prescriptions.restrictedAlone }];
    const withOther = await create(doctor, prescriptionInput(patient.id, {
      items: [item(sampleMedications.enalapril), item(sampleMedications.methylphenidate)],
    }));
    expect(withOther.statusCode).toBe(400);
    expect(withOther.json<ApiError>().fields).toEqual(alone);
    const chronic = await create(doctor, prescriptionInput(patient.id, {
      type: 'chronic', items: [item(sampleMedications.methylphenidate)],
    }));
    expect(chronic.statusCode).toBe(400);
    expect(chronic.json<ApiError>().fields).toEqual(alone);
    expect(await prescriptionCount(homeless.id) + await prescriptionCount(patient.id)).toBe(0);
  });

  it('refuses to sign one once the patient has no address, leaving the draft as it was', async () => {
    const doctor = await newDoctor({ restrictedAuthorisedOn: '2026-01-15' });
    const patient = await createPatientRecord(test.app, { workspaceId: doctor.workspaceId, address: 'Colón 100' });
    const draft = await createPrescription(test.app, {
      workspaceId: doctor.workspaceId, doctorUserId: doctor.id, patientId: patient.id,
      items: [{ ...sampleMedications.methylphenidate, subtype: 'restricted' }],
    });
    await test.app.db.update(patients).set({ address: null }).where(eq(patients.id, patient.id));
    const refused = await sign(doctor, draft.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ApiError>().fields).toEqual([
      { field: 'body.patientId', message: messages.prescriptions.restrictedAddressRequired },
    ]);
    const [row] = await test.app.db.select().from(prescriptions).where(eq(prescriptions.id, draft.id));
    expect(row?.state).toBe('draft');
  });
});

describe('what a signature needs', () => {
  it("refuses while the patient has neither CUIL nor a foreigner's document, then copies the document", async () => {
    const doctor = await newDoctor();
    const patient = await createPatientRecord(test.app, { workspaceId: doctor.workspaceId, cuil: null });
    const draft = await createPrescription(test.app, {
      workspaceId: doctor.workspaceId, doctorUserId: doctor.id, patientId: patient.id,
    });
    const refused = await sign(doctor, draft.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ApiError>()).toMatchObject({
      message: messages.prescriptions.patientIdentityRequired, errorCode: 'patientIdentityRequired',
    });
    expect((await test.app.db.select().from(prescriptions).where(eq(prescriptions.id, draft.id)))[0]?.state).toBe('draft');

    await test.app.db.update(patients).set({ identityDocumentType: 'PASAPORTE', identityDocumentNumber: 'AB123456', address: 'Colón 100' })
      .where(eq(patients.id, patient.id));
    const signed = await signedOne(doctor, draft.id);
    expect(signed.patient).toMatchObject({
      cuil: null, identityDocument: { type: 'PASAPORTE', number: 'AB123456' }, address: 'Colón 100',
    });
  });

  it('refuses a doctor without a REFEPS code', async () => {
    const doctor = await newDoctor({ refepsCode: null });
    const draft = await createPrescription(test.app, { workspaceId: doctor.workspaceId, doctorUserId: doctor.id });
    const refused = await sign(doctor, draft.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ApiError>()).toMatchObject({ message: messages.prescriptions.refepsRequired, errorCode: 'refepsRequired' });
    expect((await test.app.db.select().from(prescriptions).where(eq(prescriptions.id, draft.id)))[0]?.state).toBe('draft');
  });
});
