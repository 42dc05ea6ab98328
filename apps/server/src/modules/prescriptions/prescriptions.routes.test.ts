import {
  addDays, messages, todayInArgentina, type ApiError, type DeleteManyResultSchema, type Prescription,
  type PrescriptionInput, type PrescriptionsCreated,
} from '@receta/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createApprovedDoctor } from '../../../test/factories/approved-doctors.ts';
import {
  createPatientRecord, createPrescribingDoctor, createPrescription, headersIn, prescriptionInput, sampleMedications,
} from '../../../test/factories/prescriptions.ts';
import { createUser } from '../../../test/factories/users.ts';
import { createWorkspace } from '../../../test/factories/workspaces.ts';
import { useTestApp } from '../../../test/helper.ts';
import { auditEvents, prescriptions } from '../../db/schema/index.ts';
import { readAuditEvents } from '../../../test/audit-events.ts';

const test = useTestApp();
const today = todayInArgentina();

let workspaceId: string;
let doctorId: string;
let doctor: Record<string, string>;

beforeAll(async () => {
  doctorId = (await createPrescribingDoctor(test.app)).id;
  workspaceId = (await createWorkspace(test.app, { memberIds: [doctorId] })).id;
  doctor = await headersIn(test.app, doctorId, workspaceId);
});

function newPatient() {
  return createPatientRecord(test.app, { workspaceId, name: 'Juana', lastName: 'Gómez' });
}

function issue(payload: PrescriptionInput, headers = doctor) {
  return test.app.inject({ method: 'POST', url: '/api/prescriptions', headers, payload });
}

async function issued(payload: PrescriptionInput): Promise<Prescription[]> {
  const response = await issue(payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<PrescriptionsCreated>().prescriptions;
}

function edit(id: string, payload: Omit<PrescriptionInput, 'type' | 'seriesLength'>, headers = doctor) {
  return test.app.inject({ method: 'PUT', url: `/api/prescriptions/${id}`, headers, payload });
}

function remove(ids: string[], headers = doctor) {
  return test.app.inject({ method: 'DELETE', url: '/api/prescriptions', headers, payload: { ids } });
}

function prescriptionCountOf(patientId: string) {
  return test.app.db.$count(prescriptions, eq(prescriptions.patientId, patientId));
}

describe('POST /api/prescriptions', () => {
  it('issues a Receta Única as a draft that copies the patient, the prescriber and the diagnosis', async () => {
    const patient = await newPatient();
    const response = await issue(prescriptionInput(patient.id, { symptoms: 'Cefalea', items: [
      { ...sampleMedications.enalapril, quantity: 2, dosage: '1 cada 12 horas', noSubstitution: true },
      { medicationId: null, genericName: 'Ácido Fólico', presentation: 'Comprimidos x 30', quantity: 1, dosage: '1 por día' },
    ] }));

    expect(response.statusCode, response.body).toBe(201);
    const { message, prescriptions: [prescription, ...others] } = response.json<PrescriptionsCreated>();
    expect(message).toBe(messages.prescriptions.created);
    expect(others).toEqual([]);
    expect(prescription).toMatchObject({
      type: 'classic',
      state: 'draft',
      displayState: 'draft',
      signed: false,
      seriesPosition: 1,
      seriesLength: 1,
      issuedOn: today,
      startDate: today,
      expiryDate: addDays(today, 29),
      patient: { id: patient.id, name: 'Juana', lastName: 'Gómez', dni: patient.dni, sex: 'F', dateOfBirth: '1960-02-14' },
      insurer: { id: 'rnos-500807', slug: 'pami-500807', acronym: 'PAMI', kind: 'obra_social' },
      affiliateNumber: '15-123456789-00',
      diagnosis: { code: 'I10', description: 'Hipertensión esencial (primaria)' },
      symptoms: 'Cefalea',
      prescriber: {
        userId: doctorId, name: 'Ana', lastName: 'Pérez', licenceType: 'MN', enrollment: '123456',
        address: 'Av. Corrientes 1234, Balvanera, CABA',
      },
      signedAt: null,
    });
    expect(prescription?.number).toBeGreaterThan(0);
    expect(prescription?.items.map((item) => [item.medicationId, item.genericName, item.quantity, item.noSubstitution]))
      .toEqual([[510, 'Enalapril Maleato', 2, true], [null, 'Ácido Fólico', 1, false]]);

    const audit = await readAuditEvents(test.app.db, and(eq(auditEvents.action, 'prescription.created'), eq(auditEvents.subjectId, prescription?.id ?? '')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: doctorId, subjectType: 'prescription' });
  });

  it('issues a Receta Crónica as three monthly prescriptions with consecutive windows and their own numbers', async () => {
    const patient = await newPatient();
    const start = addDays(today, 10);
    const series = await issued(prescriptionInput(patient.id, { type: 'chronic', startDate: start }));

    expect(series.map((prescription) => [prescription.seriesPosition, prescription.startDate, prescription.expiryDate]))
      .toEqual([
        [1, start, addDays(start, 29)],
        [2, addDays(start, 30), addDays(start, 59)],
        [3, addDays(start, 60), addDays(start, 89)],
      ]);
    expect(new Set(series.map((prescription) => prescription.seriesId)).size).toBe(1);
    expect(series.every((prescription) => prescription.seriesLength === 3 && prescription.type === 'chronic')).toBe(true);
    const numbers = series.map((prescription) => prescription.number);
    expect([...numbers].sort((a, b) => a - b)).toEqual(numbers);
    expect(new Set(numbers).size).toBe(3);
  });

  it('issues a Receta Crónica of two prescriptions when asked', async () => {
    const series = await issued(prescriptionInput((await newPatient()).id, { type: 'chronic', seriesLength: 2 }));
    expect(series.map((prescription) => prescription.startDate)).toEqual([today, addDays(today, 30)]);
  });

  it.each([
    ['the day before the issue date', -1, 400],
    ['the issue date', 0, 201],
    ['30 days after the issue date', 30, 201],
    ['31 days after the issue date', 31, 400],
  ])('takes a start date on %s only inside the allowed window', async (_label, days, status) => {
    const response = await issue(prescriptionInput((await newPatient()).id, { startDate: addDays(today, days) }));
    expect(response.statusCode, response.body).toBe(status);
    if (status === 400) {
      expect(response.json<ApiError>().fields).toEqual([{ field: 'body.startDate', message: messages.prescriptions.startDateInvalid }]);
    }
  });

  it.each([
    ['an insurer that does not exist', { insurerSlug: 'no-existe-1' }, 'body.insurerSlug', messages.prescriptions.unknownInsurer],
    ['an insurer without the affiliate number', { affiliateNumber: null }, 'body.affiliateNumber', messages.patients.affiliateNumberRequired],
    ['a code that is not in CIE-10', { diagnosisCode: 'Z99.99' }, 'body.diagnosisCode', messages.prescriptions.diagnosisUnknown],
    [
      'a medication that is not in the vademecum',
      { items: [{ medicationId: 999_999_999, genericName: 'Inventada', presentation: 'x 10', quantity: 1, dosage: '1 por día' }] },
      'body.items.0.medicationId',
      messages.prescriptions.medicationUnknown,
    ],
    ['a series length for a Receta Única', { seriesLength: 2 as const }, 'body.seriesLength', messages.prescriptions.seriesLengthInvalid],
    ['no medicine', { items: [] }, 'body.items', messages.prescriptions.itemsRequired],
    ['four medicines', { items: Array.from({ length: 4 }, () => ({ ...sampleMedications.metformin, quantity: 1, dosage: '1' })) },
      'body.items', messages.prescriptions.itemsMax],
    ['a quantity of 11', { items: [{ ...sampleMedications.metformin, quantity: 11, dosage: '1' }] },
      'body.items.0.quantity', messages.prescriptions.quantityInvalid],
  ])('refuses %s, naming the field', async (_label, overrides, field, message) => {
    const patient = await newPatient();
    const response = await issue(prescriptionInput(patient.id, overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().fields).toContainEqual({ field, message });
    expect(await prescriptionCountOf(patient.id)).toBe(0);
  });

  it('needs no affiliate number for a patient without coverage, and keeps no insurer', async () => {
    const [prescription] = await issued(prescriptionInput((await newPatient()).id, {
      insurerSlug: 'particular', affiliateNumber: '123',
    }));
    expect(prescription).toMatchObject({ insurer: null, affiliateNumber: null });
  });

  it('answers a patient of another workspace as not found', async () => {
    const elsewhere = await createWorkspace(test.app);
    const stranger = await createPatientRecord(test.app, { workspaceId: elsewhere.id });
    const response = await issue(prescriptionInput(stranger.id));
    expect(response.statusCode).toBe(404);
    expect(response.json<ApiError>().message).toBe(messages.patients.notFound);
  });

  it('lets only an approved doctor with a signing PIN prescribe', async () => {
    const withoutPin = await createApprovedDoctor(test.app);
    const superadmin = await createUser(test.app, { roles: ['superadmin'] });
    const clinic = await createWorkspace(test.app, { memberIds: [withoutPin.id, superadmin.id] });
    const patient = await createPatientRecord(test.app, { workspaceId: clinic.id });
    for (const userId of [withoutPin.id, superadmin.id]) {
      const response = await issue(prescriptionInput(patient.id), await headersIn(test.app, userId, clinic.id));
      expect(response.statusCode).toBe(403);
      expect(response.json<ApiError>().message).toBe(messages.prescriptions.notDoctor);
    }
  });

  it('issues in the doctor\'s only workspace when the request names none', async () => {
    const response = await issue(prescriptionInput((await newPatient()).id), { authorization: doctor.authorization ?? '' });
    expect(response.statusCode, response.body).toBe(201);
    const [issued] = await test.app.db.select({ workspaceId: prescriptions.workspaceId }).from(prescriptions)
      .where(eq(prescriptions.id, response.json<PrescriptionsCreated>().prescriptions[0]!.id));
    expect(issued?.workspaceId).toBe(workspaceId);
  });
});

describe('duplicate medicines', () => {
  it('warns before repeating a medicine the patient has on a valid prescription, and issues once confirmed', async () => {
    const patient = await newPatient();
    const valid = await createPrescription(test.app, { workspaceId, doctorUserId: doctorId, patientId: patient.id, state: 'signed' });

    const check = await test.app.inject({
      method: 'POST', url: '/api/prescriptions/duplicates', headers: doctor,
      payload: { patientId: patient.id, items: [{ medicationId: null, genericName: 'ENALAPRIL maleato' }] },
    });
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toEqual({
      duplicates: [{ prescriptionId: valid.id, number: valid.number, genericName: 'Enalapril Maleato', expiryDate: valid.expiryDate }],
      allergies: [],
    });

    const refused = await issue(prescriptionInput(patient.id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ApiError>()).toMatchObject({
      message: messages.prescriptions.duplicateMedication, errorCode: 'duplicateMedication',
    });
    expect(await prescriptionCountOf(patient.id)).toBe(1);

    await issued(prescriptionInput(patient.id, { confirmDuplicates: true }));
    expect(await prescriptionCountOf(patient.id)).toBe(2);
  });

  it('does not warn about drafts, expired prescriptions or other medicines', async () => {
    const patient = await newPatient();
    const past = addDays(today, -40);
    await createPrescription(test.app, { workspaceId, doctorUserId: doctorId, patientId: patient.id });
    await createPrescription(test.app, {
      workspaceId, doctorUserId: doctorId, patientId: patient.id, state: 'signed', issuedOn: past,
    });
    await createPrescription(test.app, {
      workspaceId, doctorUserId: doctorId, patientId: patient.id, state: 'signed', items: [sampleMedications.metformin],
    });
    await issued(prescriptionInput(patient.id));
  });

  it('answers a patient of another workspace as not found', async () => {
    const elsewhere = await createWorkspace(test.app);
    const stranger = await createPatientRecord(test.app, { workspaceId: elsewhere.id });
    const response = await test.app.inject({
      method: 'POST', url: '/api/prescriptions/duplicates', headers: doctor,
      payload: { patientId: stranger.id, items: [{ genericName: 'Enalapril' }] },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('PUT /api/prescriptions/:id', () => {
  it('rewrites every draft of a Receta Crónica and recomputes its windows from the new start date', async () => {
    const patient = await newPatient();
    const series = await issued(prescriptionInput(patient.id, { type: 'chronic', seriesLength: 2 }));
    const start = addDays(today, 5);
    const response = await edit(series[1]?.id ?? '', {
      ...prescriptionInput(patient.id), insurerSlug: 'particular', startDate: start, diagnosisCode: 'E11.9',
      items: [{ ...sampleMedications.metformin, quantity: 3, dosage: '1 con el almuerzo' }],
    });

    expect(response.statusCode, response.body).toBe(200);
    const { message, prescriptions: edited } = response.json<PrescriptionsCreated>();
    expect(message).toBe(messages.prescriptions.edited);
    expect(edited.map((prescription) => [
      prescription.seriesPosition, prescription.startDate, prescription.expiryDate, prescription.diagnosis.code,
      prescription.insurer, prescription.items.map((item) => item.genericName),
    ])).toEqual([
      [1, start, addDays(start, 29), 'E11.9', null, ['Metformina Clorhidrato']],
      [2, addDays(start, 30), addDays(start, 59), 'E11.9', null, ['Metformina Clorhidrato']],
    ]);
    const numberOf = (prescription: Prescription) => prescription.number;
    expect(edited.map(numberOf)).toEqual(series.map(numberOf));
  });

  it('refuses to edit a signed prescription', async () => {
    const signed = await createPrescription(test.app, { workspaceId, doctorUserId: doctorId, state: 'signed' });
    const response = await edit(signed.id, prescriptionInput(signed.patientId ?? ''));
    expect(response.statusCode).toBe(409);
    expect(response.json<ApiError>().message).toBe(messages.prescriptions.notDraft);
  });

  it("answers another doctor's draft as not found", async () => {
    const colleague = await createPrescribingDoctor(test.app);
    const draft = await createPrescription(test.app, { workspaceId, doctorUserId: colleague.id });
    const response = await edit(draft.id, prescriptionInput(draft.patientId ?? ''));
    expect(response.statusCode).toBe(404);
    expect(response.json<ApiError>().message).toBe(messages.prescriptions.notFound);
  });

  it('applies the checks and the duplicate warning of a new prescription', async () => {
    const patient = await newPatient();
    const [draft] = await issued(prescriptionInput(patient.id, { items: [{ ...sampleMedications.metformin, quantity: 1, dosage: '1' }] }));
    await createPrescription(test.app, { workspaceId, doctorUserId: doctorId, patientId: patient.id, state: 'signed' });

    const tooLate = await edit(draft?.id ?? '', prescriptionInput(patient.id, { startDate: addDays(today, 31) }));
    expect(tooLate.json<ApiError>().fields).toContainEqual({ field: 'body.startDate', message: messages.prescriptions.startDateInvalid });
    const duplicate = await edit(draft?.id ?? '', prescriptionInput(patient.id));
    expect(duplicate.json<ApiError>()).toMatchObject({ statusCode: 409, errorCode: 'duplicateMedication' });
    const confirmed = await edit(draft?.id ?? '', prescriptionInput(patient.id, { confirmDuplicates: true }));
    expect(confirmed.statusCode).toBe(200);
  });
});

describe('DELETE /api/prescriptions', () => {
  type Removed = z.infer<typeof DeleteManyResultSchema>;

  it('deletes a draft, and with one draft of a Receta Crónica the whole series', async () => {
    const patient = await newPatient();
    const [single] = await issued(prescriptionInput(patient.id));
    const series = await issued(prescriptionInput(patient.id, { type: 'chronic' }));
    const response = await remove([single?.id ?? '', series[0]?.id ?? '']);

    expect(response.statusCode, response.body).toBe(200);
    const removed = response.json<Removed>();
    expect(removed.message).toBe(messages.prescriptions.removed);
    expect(removed.deleted.sort()).toEqual([single, ...series].map((prescription) => prescription?.id).sort());
    expect(await prescriptionCountOf(patient.id)).toBe(0);
  });

  it('keeps signed prescriptions: partly when some drafts go, refused when none do', async () => {
    const patient = await newPatient();
    const signed = await createPrescription(test.app, { workspaceId, doctorUserId: doctorId, patientId: patient.id, state: 'signed' });
    const draft = await createPrescription(test.app, { workspaceId, doctorUserId: doctorId, patientId: patient.id });

    const partly = await remove([signed.id, draft.id]);
    expect(partly.json<Removed>()).toEqual({ deleted: [draft.id], message: messages.prescriptions.partlyRemoved });
    const refused = await remove([signed.id]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ApiError>().message).toBe(messages.prescriptions.notRemoved);
    expect(await prescriptionCountOf(patient.id)).toBe(1);
  });

  it("reaches another doctor's drafts only with the workspace's list and delete permissions", async () => {
    const colleague = await createPrescribingDoctor(test.app);
    const superadmin = await createUser(test.app, { roles: ['superadmin'] });
    const clinic = await createWorkspace(test.app, { memberIds: [doctorId, colleague.id, superadmin.id] });
    const draft = await createPrescription(test.app, { workspaceId: clinic.id, doctorUserId: colleague.id });

    const byDoctor = await remove([draft.id], await headersIn(test.app, doctorId, clinic.id));
    expect(byDoctor.statusCode).toBe(404);
    const bySuperadmin = await remove([draft.id], await headersIn(test.app, superadmin.id, clinic.id));
    expect(bySuperadmin.json<Removed>().deleted).toEqual([draft.id]);
    const audit = await test.app.db.select({ actorUserId: auditEvents.actorUserId }).from(auditEvents)
      .where(and(eq(auditEvents.action, 'prescription.deleted'), inArray(auditEvents.subjectId, [draft.id])));
    expect(audit).toEqual([{ actorUserId: superadmin.id }]);
  });
});
