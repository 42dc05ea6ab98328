import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  addDays, decomposeCuir, messages, todayInArgentina, type ApiError, type DispenseResult, type Prescription,
  type PrescriptionInput, type PrescriptionsCreated, type PrescriptionsSigned, type ScannedPrescription,
} from '@receta/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInWithRoles, type SignedInUser } from '../../../test/factories/administrators.ts';
import {
  createPatientRecord, createPrescribingDoctor, headersIn, prescriptionInput, sampleMedications,
} from '../../../test/factories/prescriptions.ts';
import { createWorkspace } from '../../../test/factories/workspaces.ts';
import { useTestApp } from '../../../test/helper.ts';
import { pdfsigTrusting, type Pdfsig } from '../../../test/pdfsig.ts';
import { auditEvents, practices, prescriptionDocuments, prescriptions } from '../../db/schema/index.ts';
import { readAuditEvents } from '../../../test/audit-events.ts';

const test = useTestApp();
const today = todayInArgentina();

let workspaceId: string;
let doctor: Record<string, string>;
let pharmacy: SignedInUser;
let patientId: string;
let directory: string;
let pdfsig: Pdfsig;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'receta-kinds-'));
  pdfsig = await pdfsigTrusting(test.app.signing.ca.certificate, directory);
  const doctorId = (await createPrescribingDoctor(test.app)).id;
  workspaceId = (await createWorkspace(test.app, { memberIds: [doctorId] })).id;
  doctor = await headersIn(test.app, doctorId, workspaceId);
  pharmacy = await signedInWithRoles(test.app, ['pharmacy'], { displayName: 'Óptica y Laboratorio Central' });
  patientId = (await createPatientRecord(test.app, { workspaceId })).id;
  // Two entries of the catalogue, one withdrawn, whatever the shipped catalogue holds.
  await test.app.db.insert(practices).values([
    { code: 'TST-001', name: 'Hemograma completo', category: 'Laboratorio', searchText: 'tst-001 hemograma completo laboratorio' },
    { code: 'TST-002', name: 'Práctica retirada', category: 'Laboratorio', searchText: 'tst-002 practica retirada', isActive: false },
  ]).onConflictDoNothing();
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

async function storedPdfOf(prescriptionId: string): Promise<Uint8Array> {
  const [document] = await test.app.db.select({ pdf: prescriptionDocuments.pdf }).from(prescriptionDocuments)
    .where(eq(prescriptionDocuments.prescriptionId, prescriptionId));
  return document!.pdf;
}

const laboratoryOrder = {
  kind: 'practice',
  items: [
    { practiceCode: 'TST-001', genericName: 'hemograma', quantity: 1, dosage: 'En ayunas de 8 horas' },
    { genericName: 'Kinesiología motora', quantity: 10, dosage: 'Rehabilitación de rodilla derecha' },
  ],
} satisfies Partial<PrescriptionInput>;

const glasses = {
  kind: 'device',
  items: [{ genericName: 'Anteojos monofocales para lejos', quantity: 1, dosage: 'OD −1,50 esf; OI −1,25 esf' }],
} satisfies Partial<PrescriptionInput>;

function create(payload: unknown) {
  return test.app.inject({ method: 'POST', url: '/api/prescriptions', headers: doctor, payload: payload as object });
}

async function issued(overrides: Partial<PrescriptionInput>): Promise<Prescription> {
  const response = await create(prescriptionInput(patientId, overrides));
  expect(response.statusCode, response.body).toBe(201);
  const [prescription] = response.json<PrescriptionsCreated>().prescriptions;
  return prescription!;
}

async function signed(id: string): Promise<Prescription> {
  const response = await test.app.inject({
    method: 'POST', url: `/api/prescriptions/${id}/sign`, headers: doctor, payload: { pin: '1234' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PrescriptionsSigned>().prescriptions[0]!;
}

type Answer = { statusCode: number; body: string; json: <T>() => T };

function expectRefusal(response: Answer, status: number, message: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json<ApiError>().message).toContain(message);
}

describe('a prescription of studies and practices', () => {
  it('is issued with its kind, 60 days of validity, and the catalogue’s name for a line chosen by code', async () => {
    const prescription = await issued({ ...laboratoryOrder, startDate: addDays(today, 2) });
    expect(prescription).toMatchObject({ kind: 'practice', type: 'classic', seriesLength: 1 });
    expect(prescription.expiryDate).toBe(addDays(today, 2 + 59));
    expect(prescription.items).toMatchObject([
      { practiceCode: 'TST-001', genericName: 'Hemograma completo', quantity: 1, subtype: null, presentation: null },
      { practiceCode: null, genericName: 'Kinesiología motora', quantity: 10, dosage: 'Rehabilitación de rodilla derecha' },
    ]);
  });

  it('takes its CUIR with type 03 and subtype 00 when signed, in a PDF whose signature pdfsig trusts', async () => {
    const prescription = await signed((await issued(laboratoryOrder)).id);
    const report = await pdfsig(await storedPdfOf(prescription.id), 'practice-order.pdf');
    expect(report).toContain('Signature is Valid.');
    expect(report).toContain('Certificate is Trusted.');
    const parts = prescription.items.map((item) => decomposeCuir(item.cuir!));
    expect(parts.map((part) => [part?.type, part?.subtype, part?.item])).toEqual([['03', '00', '01'], ['03', '00', '02']]);
  });

  it('refuses a code the catalogue does not have, or has withdrawn, naming the line', async () => {
    for (const practiceCode of ['NOPE-999', 'TST-002']) {
      const response = await create(prescriptionInput(patientId, {
        kind: 'practice', items: [{ practiceCode, genericName: 'Algo', quantity: 1 }],
      }));
      expectRefusal(response, 400, messages.prescriptions.practiceUnknown);
      expect(response.json<ApiError>().fields).toEqual([
        { field: 'body.items.0.practiceCode', message: messages.prescriptions.practiceUnknown },
      ]);
    }
  });

  it('is never a Receta Crónica, and takes up to 10 lines of up to 50 sessions', async () => {
    expectRefusal(
      await create(prescriptionInput(patientId, { ...laboratoryOrder, type: 'chronic', seriesLength: 2 })),
      400, messages.prescriptions.chronicOnlyMedicines,
    );
    const line = { genericName: 'Fonoaudiología', quantity: 50 };
    await issued({ kind: 'practice', items: Array.from({ length: 10 }, () => line) });
    expectRefusal(
      await create(prescriptionInput(patientId, { kind: 'practice', items: Array.from({ length: 11 }, () => line) })),
      400, messages.prescriptions.itemsMaxOther,
    );
    expectRefusal(
      await create(prescriptionInput(patientId, { kind: 'practice', items: [{ ...line, quantity: 51 }] })),
      400, messages.prescriptions.quantityInvalidOther,
    );
  });
});

describe('a prescription of devices', () => {
  it('is issued and signed with type 02, subtype 00, and 60 days of validity', async () => {
    const draft = await issued(glasses);
    expect(draft).toMatchObject({ kind: 'device', expiryDate: addDays(today, 59) });
    const [part] = (await signed(draft.id)).items.map((item) => decomposeCuir(item.cuir!));
    expect([part?.type, part?.subtype]).toEqual(['02', '00']);
  });

  it('refuses a medicine of the vademecum or a catalogue practice among its lines', async () => {
    const withMedicine = await create(prescriptionInput(patientId, {
      kind: 'device', items: [{ ...sampleMedications.enalapril, quantity: 1, dosage: 'x' }],
    }));
    expectRefusal(withMedicine, 400, messages.common.invalidData);
    const withPractice = await create(prescriptionInput(patientId, {
      kind: 'device', items: [{ practiceCode: 'TST-001', genericName: 'Hemograma', quantity: 1 }],
    }));
    expectRefusal(withPractice, 400, messages.common.invalidData);
  });

  it('keeps its kind on an edit: a draft of devices cannot become one of medicines', async () => {
    const draft = await issued(glasses);
    const { type: _type, seriesLength: _seriesLength, ...content } = prescriptionInput(patientId);
    const response = await test.app.inject({
      method: 'PUT', url: `/api/prescriptions/${draft.id}`, headers: doctor, payload: { ...content, kind: 'medication' },
    });
    expectRefusal(response, 400, messages.prescriptions.kindFixed);
    const edited = await test.app.inject({
      method: 'PUT', url: `/api/prescriptions/${draft.id}`, headers: doctor,
      payload: { ...content, ...glasses, items: [{ ...glasses.items[0], quantity: 2 }] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
  });
});

describe('a prescription of medicines', () => {
  it('keeps its own limits: 3 lines of 10 units, with a presentation and a dosage', async () => {
    const medicine = { ...sampleMedications.enalapril, quantity: 1, dosage: '1 comprimido por día' };
    expectRefusal(
      await create(prescriptionInput(patientId, { items: Array.from({ length: 4 }, () => medicine) })),
      400, messages.prescriptions.itemsMax,
    );
    expectRefusal(
      await create(prescriptionInput(patientId, { items: [{ ...medicine, quantity: 11 }] })),
      400, messages.prescriptions.quantityInvalid,
    );
    const { dosage: _dosage, ...withoutDosage } = medicine;
    const response = await create(prescriptionInput(patientId, { items: [withoutDosage] }));
    expect(response.json<ApiError>().fields).toEqual([{ field: 'body.items.0.dosage', message: messages.common.required }]);
  });
});

describe('what a provider records of a device or a practice', () => {
  async function scanned(prescriptionId: string): Promise<ScannedPrescription> {
    const [row] = await test.app.db.select({ code: prescriptions.verificationCode })
      .from(prescriptions).where(eq(prescriptions.id, prescriptionId));
    const response = await test.app.inject({ method: 'GET', url: `/api/scanner/${row!.code}`, headers: pharmacy.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ScannedPrescription>();
  }

  it('is the delivery or the performance, item by item, then whole, audited with the provider', async () => {
    const order = await signed((await issued(laboratoryOrder)).id);
    const shown = await scanned(order.id);
    expect(shown.prescription).toMatchObject({ kind: 'practice', displayState: 'valid' });

    const [laboratory, sessions] = order.items;
    const dispense = (payload: object) => test.app.inject({
      method: 'POST', url: `/api/prescriptions/${order.id}/dispense`, headers: pharmacy.headers, payload,
    });
    const first = await dispense({ items: [{ itemId: sessions!.id, quantity: 4 }] });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<DispenseResult>().prescription).toMatchObject({ state: 'partially_dispensed' });
    const rest = await dispense({ all: true });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json<DispenseResult>().message).toBe(messages.dispensing.performed);
    const done = rest.json<DispenseResult>().prescription;
    expect(done.state).toBe('dispensed');
    expect(done.items.map((item) => [item.id, item.dispensedQuantity]))
      .toEqual([[laboratory!.id, 1], [sessions!.id, 10]]);
    const events = await readAuditEvents(test.app.db, and(eq(auditEvents.subjectId, order.id), eq(auditEvents.action, 'prescription.dispensed')));
    expect(events.map((event) => event.actorUserId)).toEqual([pharmacy.id, pharmacy.id]);
  });
});
