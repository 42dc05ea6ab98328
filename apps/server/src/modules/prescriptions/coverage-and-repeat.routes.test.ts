import {
  messages, type ApiError, type Prescription, type PrescriptionInput, type PrescriptionsCreated,
  type RepeatedPrescription,
} from '@receta/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createPatientRecord, createPrescribingDoctor, createPrescription, headersIn, prescriptionInput, sampleMedications,
} from '../../../test/factories/prescriptions.ts';
import { createWorkspace } from '../../../test/factories/workspaces.ts';
import { useTestApp } from '../../../test/helper.ts';
import { patients } from '../../db/schema/index.ts';

const test = useTestApp();

let workspaceId: string;
let doctorId: string;
let doctor: Record<string, string>;

beforeAll(async () => {
  doctorId = (await createPrescribingDoctor(test.app)).id;
  workspaceId = (await createWorkspace(test.app, { memberIds: [doctorId] })).id;
  doctor = await headersIn(test.app, doctorId, workspaceId);
});

function pamiPatient() {
  return createPatientRecord(test.app, { workspaceId, insurerId: 'rnos-500807', affiliateNumber: '15-987654321-00' });
}

async function issued(payload: PrescriptionInput): Promise<Prescription> {
  const response = await test.app.inject({ method: 'POST', url: '/api/prescriptions', headers: doctor, payload });
  expect(response.statusCode, response.body).toBe(201);
  const [prescription] = response.json<PrescriptionsCreated>().prescriptions;
  if (!prescription) throw new Error('Nothing issued');
  return prescription;
}

function withoutCoverage(patientId: string): PrescriptionInput {
  const { insurerSlug: _insurerSlug, affiliateNumber: _affiliateNumber, ...input } = prescriptionInput(patientId);
  return input;
}

function repeat(id: string, headers = doctor) {
  return test.app.inject({ method: 'GET', url: `/api/prescriptions/${id}/repeat`, headers });
}

describe('the coverage of a new prescription', () => {
  it('is the patient’s insurer and affiliate number when the request names no insurer', async () => {
    const patient = await pamiPatient();
    const prescription = await issued(withoutCoverage(patient.id));
    expect(prescription.insurer).toMatchObject({ slug: 'pami-500807' });
    expect(prescription.affiliateNumber).toBe('15-987654321-00');
  });

  it('is particular, without affiliate number, for a patient whose record has no insurer', async () => {
    const patient = await createPatientRecord(test.app, { workspaceId });
    const prescription = await issued(withoutCoverage(patient.id));
    expect(prescription.insurer).toBeNull();
    expect(prescription.affiliateNumber).toBeNull();
  });

  it('is particular when the doctor says so, even for a patient with an insurer', async () => {
    const patient = await pamiPatient();
    const prescription = await issued(prescriptionInput(patient.id, { insurerSlug: 'particular', affiliateNumber: '15-987654321-00' }));
    expect(prescription.insurer).toBeNull();
    expect(prescription.affiliateNumber).toBeNull();
  });

  it('is the insurer the doctor names, with the affiliate number sent', async () => {
    const patient = await pamiPatient();
    const prescription = await issued(prescriptionInput(patient.id, { insurerSlug: 'osde-400800', affiliateNumber: '61 234 567' }));
    expect(prescription.insurer).toMatchObject({ slug: 'osde-400800' });
    expect(prescription.affiliateNumber).toBe('61 234 567');
  });
});

describe('GET /api/prescriptions/:id/repeat', () => {
  it('answers a new prescription’s input from a past one, under the patient’s current coverage and without dates', async () => {
    const patient = await createPatientRecord(test.app, { workspaceId });
    const past = await createPrescription(test.app, {
      workspaceId, doctorUserId: doctorId, patientId: patient.id, state: 'signed', type: 'chronic', seriesLength: 3,
      issuedOn: '2026-01-05',
      items: [sampleMedications.enalapril, { medicationId: null, genericName: 'Ácido Fólico', presentation: 'Comprimidos x 30' }],
    });
    // Since the past prescription, the patient joined PAMI.
    await test.app.db.update(patients).set({ insurerId: 'rnos-500807', affiliateNumber: '15-111111111-00' })
      .where(eq(patients.id, patient.id));

    const response = await repeat(past.id);

    expect(response.statusCode, response.body).toBe(200);
    const repeated = response.json<RepeatedPrescription>();
    expect(repeated).toEqual({
      repeatedFrom: past.id,
      patientId: patient.id,
      insurerSlug: 'pami-500807',
      affiliateNumber: '15-111111111-00',
      diagnosis: { code: 'I10', description: 'Hipertensión esencial (primaria)' },
      symptoms: null,
      type: 'chronic',
      seriesLength: 3,
      kind: 'medication',
      items: [
        expect.objectContaining({ medicationId: 510, genericName: 'Enalapril Maleato', quantity: 1, dosage: '1 comprimido por día', subtype: 'prescription' }),
        expect.objectContaining({ medicationId: null, genericName: 'Ácido Fólico', presentation: 'Comprimidos x 30' }),
      ],
    });
    expect(Object.keys(repeated)).not.toContain('startDate');

    // What it answers is what issuing takes; the repeated prescription starts today.
    const { repeatedFrom: _from, diagnosis, kind: _kind, items, ...input } = repeated;
    const again = await issued({
      ...input,
      diagnosisCode: diagnosis.code,
      items: items.map(({ subtype: _subtype, ...item }) => item),
      type: 'classic',
      seriesLength: undefined,
    });
    expect(again.insurer).toMatchObject({ slug: 'pami-500807' });
    expect(again.items.map((item) => item.genericName)).toEqual(['Enalapril Maleato', 'Ácido Fólico']);
    expect(again.startDate).toBe(again.issuedOn);
  });

  it('answers particular for a patient who now has no insurer', async () => {
    const patient = await createPatientRecord(test.app, { workspaceId });
    const past = await createPrescription(test.app, {
      workspaceId, doctorUserId: doctorId, patientId: patient.id, insurerId: 'rnos-500807',
    });
    const repeated = (await repeat(past.id)).json<RepeatedPrescription>();
    expect(repeated).toMatchObject({ insurerSlug: 'particular', affiliateNumber: null, type: 'classic' });
    expect(repeated.seriesLength).toBeUndefined();
  });

  it('refuses a prescription of another workspace as one that does not exist', async () => {
    const otherDoctorId = (await createPrescribingDoctor(test.app)).id;
    const otherWorkspaceId = (await createWorkspace(test.app, { memberIds: [otherDoctorId] })).id;
    const elsewhere = await createPrescription(test.app, {
      workspaceId: otherWorkspaceId, doctorUserId: otherDoctorId,
    });

    const response = await repeat(elsewhere.id);
    expect(response.statusCode).toBe(404);
    expect(response.json<ApiError>().message).toBe(messages.prescriptions.notFound);
    const ownDoctor = await headersIn(test.app, otherDoctorId, otherWorkspaceId);
    expect((await repeat(elsewhere.id, ownDoctor)).statusCode).toBe(200);
  });

  it('refuses a prescription of the same workspace written by another doctor, which this one cannot read', async () => {
    const colleagueId = (await createPrescribingDoctor(test.app)).id;
    const sharedId = (await createWorkspace(test.app, { memberIds: [doctorId, colleagueId] })).id;
    const colleagues = await createPrescription(test.app, { workspaceId: sharedId, doctorUserId: colleagueId });
    expect((await repeat(colleagues.id, await headersIn(test.app, doctorId, sharedId))).statusCode).toBe(404);
  });
});
