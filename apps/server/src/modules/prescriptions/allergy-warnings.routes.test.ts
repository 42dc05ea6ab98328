import { messages, type ApiError, type Prescription, type PrescriptionsCreated } from '@receta/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createPatientRecord, createPrescribingDoctor, headersIn, prescriptionInput, sampleMedications,
} from '../../../test/factories/prescriptions.ts';
import { createWorkspace } from '../../../test/factories/workspaces.ts';
import { useTestApp } from '../../../test/helper.ts';
import { auditEvents, prescriptions } from '../../db/schema/index.ts';
import { readAuditEvents } from '../../../test/audit-events.ts';

const test = useTestApp();

let workspaceId: string;
let doctor: Record<string, string>;

beforeAll(async () => {
  const doctorId = (await createPrescribingDoctor(test.app)).id;
  workspaceId = (await createWorkspace(test.app, { memberIds: [doctorId] })).id;
  doctor = await headersIn(test.app, doctorId, workspaceId);
});

/** A patient allergic to ACE inhibitors' enalapril, the factory's default medicine. */
function allergicPatient() {
  return createPatientRecord(test.app, {
    workspaceId, allergies: [{ kind: 'allergy', substance: 'Enalapril', fromVademecum: true }],
  });
}

const enalapril = { ...sampleMedications.enalapril, quantity: 1, dosage: '1 comprimido por día' };

describe('allergy warnings', () => {
  it('answers the allergies a prescription being written meets, with the duplicates', async () => {
    const patient = await allergicPatient();
    const response = await test.app.inject({
      method: 'POST', url: '/api/prescriptions/duplicates', headers: doctor,
      payload: { patientId: patient.id, items: [enalapril, { ...sampleMedications.metformin }] },
    });
    expect(response.json()).toEqual({
      duplicates: [],
      allergies: [{ genericName: 'Enalapril Maleato', substance: 'Enalapril', kind: 'allergy' }],
    });
  });

  it('refuses a medicine the patient is allergic to until the doctor confirms, and writes nothing', async () => {
    const patient = await allergicPatient();
    const refused = await test.app.inject({
      method: 'POST', url: '/api/prescriptions', headers: doctor, payload: prescriptionInput(patient.id),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ApiError>()).toMatchObject({ message: messages.prescriptions.allergyWarning, errorCode: 'allergyWarning' });
    expect(await test.app.db.$count(prescriptions, eq(prescriptions.patientId, patient.id))).toBe(0);
  });

  it('records in the audit trail that the doctor issued it knowing the allergy', async () => {
    const patient = await allergicPatient();
    const response = await test.app.inject({
      method: 'POST', url: '/api/prescriptions', headers: doctor,
      payload: prescriptionInput(patient.id, { confirmAllergies: true }),
    });
    expect(response.statusCode, response.body).toBe(201);
    const [issued] = response.json<PrescriptionsCreated>().prescriptions as [Prescription];
    const events = await readAuditEvents(test.app.db, and(eq(auditEvents.subjectId, issued.id), eq(auditEvents.action, 'prescription.allergy_confirmed')));
    expect(events).toHaveLength(1);
    expect(events[0]?.details).toMatchObject({
      conflicts: [{ genericName: 'Enalapril Maleato', substance: 'Enalapril', kind: 'allergy' }],
    });
  });

  it('checks an edited draft the same way, and issues what the allergies allow without asking', async () => {
    const patient = await allergicPatient();
    const created = await test.app.inject({
      method: 'POST', url: '/api/prescriptions', headers: doctor,
      payload: prescriptionInput(patient.id, { items: [{ ...sampleMedications.metformin, quantity: 1, dosage: '1 por día' }] }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const [draft] = created.json<PrescriptionsCreated>().prescriptions as [Prescription];
    const { type: _type, ...content } = prescriptionInput(patient.id);
    const edited = await test.app.inject({ method: 'PUT', url: `/api/prescriptions/${draft.id}`, headers: doctor, payload: content });
    expect(edited.json<ApiError>()).toMatchObject({ statusCode: 409, errorCode: 'allergyWarning' });
    const confirmed = await test.app.inject({
      method: 'PUT', url: `/api/prescriptions/${draft.id}`, headers: doctor, payload: { ...content, confirmAllergies: true },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  });
});
