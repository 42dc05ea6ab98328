import {
  messages, type Patient, type PatientInput, type PatientPage, type PrescriptionState,
} from '@receta/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { validCuit } from '../../../test/factories/doctors.ts';
import { createPatient, doctorInWorkspace, patientInput, type DoctorInWorkspace } from '../../../test/factories/patients.ts';
import { createPrescription } from '../../../test/factories/prescriptions.ts';
import { authorizationFor, createUser } from '../../../test/factories/users.ts';
import { inWorkspace } from '../../../test/factories/workspaces.ts';
import { useTestApp } from '../../../test/helper.ts';
import { auditEvents, insurers, patients, prescriptions, workspaceMembers } from '../../db/schema/index.ts';
import { readAuditEvents } from '../../../test/audit-events.ts';

const test = useTestApp();
let doctor: DoctorInWorkspace;

beforeAll(async () => {
  doctor = await doctorInWorkspace(test.app);
});

const unknownId = '00000000-0000-4000-8000-000000000000';

function post(payload: PatientInput, headers = doctor.headers) {
  return test.app.inject({ method: 'POST', url: '/api/patients', headers, payload });
}

function put(id: string, payload: PatientInput, headers = doctor.headers) {
  return test.app.inject({ method: 'PUT', url: `/api/patients/${id}`, headers, payload });
}

function remove(ids: string[], headers = doctor.headers) {
  return test.app.inject({ method: 'DELETE', url: '/api/patients', headers, payload: { ids } });
}

function show(id: string, headers = doctor.headers) {
  return test.app.inject({ url: `/api/patients/${id}`, headers });
}

async function list(query: string, headers = doctor.headers): Promise<PatientPage> {
  const response = await test.app.inject({ url: `/api/patients?${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PatientPage>();
}

async function patientExists(id: string): Promise<boolean> {
  return (await test.app.db.$count(patients, eq(patients.id, id))) === 1;
}

describe('POST /api/patients', () => {
  it('adds a patient to the workspace with their insurer', async () => {
    const input = patientInput({ email: 'Lucia@Correo.TEST' });
    const response = await post(input);
    expect(response.statusCode, response.body).toBe(201);
    const patient = response.json<Patient>();
    expect(patient).toEqual({
      id: expect.any(String) as unknown,
      name: 'Lucía',
      lastName: 'Fernández',
      dni: input.dni,
      cuil: input.cuil,
      identityDocument: null,
      sex: 'F',
      dateOfBirth: '1962-08-30',
      insurer: { id: 'rnos-500807', slug: 'pami-500807', name: expect.stringContaining('JUBILADOS') as unknown, acronym: 'PAMI', kind: 'obra_social' },
      affiliateNumber: '15-123456789-00',
      email: 'lucia@correo.test',
      phone: '1156781234',
      address: 'Av. Rivadavia 5000, CABA',
      allergies: [],
      createdAt: expect.any(String) as unknown,
      updatedAt: expect.any(String) as unknown,
    });
    const [stored] = await test.app.db.select().from(patients).where(eq(patients.id, patient.id));
    expect(stored).toMatchObject({ workspaceId: doctor.workspaceId, createdBy: doctor.id });
    expect((await show(patient.id)).json()).toEqual(patient);
  });

  it('keeps the patient\'s allergies and intolerances, and refuses more than the record holds', async () => {
    const allergies = [
      { kind: 'allergy' as const, substance: 'Amoxicilina', fromVademecum: true },
      { kind: 'intolerance' as const, substance: 'Lactosa', fromVademecum: false },
    ];
    const response = await post(patientInput({ allergies }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<Patient>().allergies).toEqual(allergies);
    const tooMany = await post(patientInput({
      allergies: Array.from({ length: 21 }, (_, index) => ({ kind: 'allergy' as const, substance: `Sustancia ${index}` })),
    }));
    expect(tooMany.json()).toMatchObject({
      statusCode: 400, fields: [{ field: 'body.allergies', message: messages.patients.allergiesMax }],
    });
    const blank = await post(patientInput({ allergies: [{ kind: 'allergy', substance: ' ' }] }));
    expect(blank.json()).toMatchObject({ statusCode: 400, fields: [{ field: 'body.allergies.0.substance' }] });
  });

  it('records the creation in the audit trail by ids only', async () => {
    const patient = await createPatient(test.app, doctor.headers, { name: 'Reservada', lastName: 'Confidencial' });
    const events = await readAuditEvents(test.app.db, eq(auditEvents.subjectId, patient.id));
    expect(events).toEqual([expect.objectContaining({
      action: 'patient.created', subjectType: 'patient', actorUserId: doctor.id, details: { workspaceId: doctor.workspaceId },
    })]);
    expect(JSON.stringify(events)).not.toMatch(new RegExp(`Reservada|Confidencial|${patient.dni}`));
  });

  it.each([null, 'particular'])('stores a patient without coverage (insurerId %j) with no insurer nor affiliate number', async (insurerId) => {
    const response = await post(patientInput({ insurerId, affiliateNumber: '999' }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ insurer: null, affiliateNumber: null });
  });

  it('keeps only the required fields when the optional ones are blank', async () => {
    const response = await post(patientInput({ email: '', phone: '', address: '', insurerId: null, affiliateNumber: '' }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ email: null, phone: null, address: null, insurer: null });
  });

  it.each<[string, { type: 'CUIT' | 'CDI' | 'PASAPORTE'; number: string }, string]>([
    ['a passport', { type: 'PASAPORTE', number: ' aab123456 ' }, 'AAB123456'],
    ['a CDI', { type: 'CDI', number: validCuit('94123456') }, validCuit('94123456')],
  ])('identifies a foreigner without CUIL by %s, stored and answered as written', async (_case, identityDocument, number) => {
    const response = await post(patientInput({ cuil: '', identityDocument }));
    expect(response.statusCode, response.body).toBe(201);
    const patient = response.json<Patient>();
    expect(patient).toMatchObject({ cuil: null, identityDocument: { type: identityDocument.type, number } });
    const [stored] = await test.app.db.select().from(patients).where(eq(patients.id, patient.id));
    expect(stored).toMatchObject({
      cuil: null, identityDocumentType: identityDocument.type, identityDocumentNumber: number,
    });
    expect((await show(patient.id)).json()).toEqual(patient);
  });

  it('keeps no foreign document for a patient who has a CUIL', async () => {
    const response = await post(patientInput({ identityDocument: { type: 'PASAPORTE', number: 'AAB123456' } }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ cuil: expect.any(String) as unknown, identityDocument: null });
  });

  it.each<[string, Partial<PatientInput>, string, string]>([
    ['neither a CUIL nor a document', { cuil: '' }, 'cuil', messages.patients.cuilRequired],
    ['a CUIL nor a document but null', { cuil: null, identityDocument: null }, 'cuil', messages.patients.cuilRequired],
    ['a passport of 5 characters', { cuil: '', identityDocument: { type: 'PASAPORTE', number: 'AB123' } }, 'identityDocument.number', messages.patients.identityDocumentInvalid],
    ['a passport with a dash', { cuil: '', identityDocument: { type: 'PASAPORTE', number: 'AB-123456' } }, 'identityDocument.number', messages.patients.identityDocumentInvalid],
    ['a CDI with a bad check digit', { cuil: '', identityDocument: { type: 'CDI', number: '20301234560' } }, 'identityDocument.number', messages.patients.identityDocumentInvalid],
    ['a CUIT of 10 digits', { cuil: '', identityDocument: { type: 'CUIT', number: '2030123456' } }, 'identityDocument.number', messages.patients.identityDocumentInvalid],
    ['a document of no known type', { cuil: '', identityDocument: { type: 'DNI' as 'CDI', number: '30123456' } }, 'identityDocument.type', messages.common.required],
    ['a CUIL with a bad check digit', { dni: '30123456', cuil: '20301234560' }, 'cuil', messages.patients.cuilInvalid],
    ['a CUIL of 10 digits', { cuil: '2030123456' }, 'cuil', messages.patients.cuilLength],
    ['a CUIL of another DNI', { dni: '30123456', cuil: validCuit('30123457') }, 'cuil', messages.patients.cuilDniMismatch],
    ['an insurer without affiliate number', { insurerId: 'rnos-500807', affiliateNumber: '' }, 'affiliateNumber', messages.patients.affiliateNumberRequired],
    ['a phone of 3 digits', { phone: '123' }, 'phone', messages.registration.phoneLength],
    ['a DNI of 5 digits', { dni: '12345', cuil: null, identityDocument: { type: 'PASAPORTE', number: 'AAB123456' } }, 'dni', messages.registration.dniMin],
    ['a birth date in the future', { dateOfBirth: '2999-01-01' }, 'dateOfBirth', messages.patients.dateOfBirthInvalid],
    ['no last name', { lastName: '' }, 'lastName', messages.common.required],
    ['a sex not on the DNI', { sex: 'Z' as 'F' }, 'sex', messages.common.required],
  ])('refuses %s', async (_case, overrides, field, message) => {
    const response = await post(patientInput(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fields: unknown[] }>().fields).toContainEqual({ field: `body.${field}`, message });
  });

  it('refuses an insurer that is not in the list or no longer active', async () => {
    for (const insurerId of ['rnos-no-existe', 'rnemp-110053']) {
      if (insurerId === 'rnemp-110053') await test.app.db.update(insurers).set({ isActive: false }).where(eq(insurers.id, insurerId));
      const response = await post(patientInput({ insurerId }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: messages.patients.insurerUnknown,
        fields: [{ field: 'body.insurerId', message: messages.patients.insurerUnknown }],
      });
    }
    await test.app.db.update(insurers).set({ isActive: true }).where(eq(insurers.id, 'rnemp-110053'));
  });

  it('refuses a DNI another patient of the workspace has, on the DNI field', async () => {
    const first = await createPatient(test.app, doctor.headers);
    const response = await post(patientInput({ dni: first.dni }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      message: messages.patients.dniTaken, fields: [{ field: 'body.dni', message: messages.patients.dniTaken }],
    });
  });

  it('accepts a DNI a patient of another workspace has', async () => {
    const other = await doctorInWorkspace(test.app);
    const theirs = await createPatient(test.app, other.headers);
    expect((await post(patientInput({ dni: theirs.dni }))).statusCode).toBe(201);
  });
});

describe('PUT /api/patients/:id', () => {
  it('saves the patient and records the edit by id', async () => {
    const patient = await createPatient(test.app, doctor.headers);
    const response = await put(patient.id, patientInput({
      dni: patient.dni, name: 'Lucía Inés', insurerId: 'sisa-902001', affiliateNumber: 'IOMA-1',
    }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id: patient.id, name: 'Lucía Inés', insurer: { slug: 'ioma-902001', acronym: 'IOMA' }, affiliateNumber: 'IOMA-1',
      createdAt: patient.createdAt,
    });
    expect(await test.app.db.$count(auditEvents, and(eq(auditEvents.subjectId, patient.id), eq(auditEvents.action, 'patient.edited'))))
      .toBe(1);
    expect((await list(`q=${patient.dni}`)).items[0]?.name).toBe('Lucía Inés');
  });

  it('completes a patient saved before the CUIL was required, and drops the foreign document once a CUIL is given', async () => {
    const patient = await createPatient(test.app, doctor.headers);
    await test.app.db.update(patients).set({ cuil: null }).where(eq(patients.id, patient.id));
    const refused = await put(patient.id, patientInput({ dni: patient.dni, cuil: '' }));
    expect(refused.json<{ fields: unknown[] }>().fields).toContainEqual({ field: 'body.cuil', message: messages.patients.cuilRequired });
    const foreigner = await put(patient.id, patientInput({ dni: patient.dni, cuil: '', identityDocument: { type: 'PASAPORTE', number: 'AAB123456' } }));
    expect(foreigner.json()).toMatchObject({ cuil: null, identityDocument: { type: 'PASAPORTE', number: 'AAB123456' } });
    const withCuil = await put(patient.id, patientInput({ dni: patient.dni }));
    expect(withCuil.json()).toMatchObject({ cuil: validCuit(patient.dni), identityDocument: null });
    const [stored] = await test.app.db.select().from(patients).where(eq(patients.id, patient.id));
    expect(stored).toMatchObject({ identityDocumentType: null, identityDocumentNumber: null });
  });

  it('refuses the DNI of another patient of the workspace', async () => {
    const first = await createPatient(test.app, doctor.headers);
    const second = await createPatient(test.app, doctor.headers);
    const response = await put(second.id, patientInput({ dni: first.dni }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ fields: [{ field: 'body.dni', message: messages.patients.dniTaken }] });
  });

  it('answers 404 for an unknown patient', async () => {
    const response = await put(unknownId, patientInput());
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: messages.patients.notFound });
  });
});

describe('GET /api/patients', () => {
  let searcher: DoctorInWorkspace;
  const created: Patient[] = [];

  beforeAll(async () => {
    searcher = await doctorInWorkspace(test.app);
    for (const [name, lastName, dni, dateOfBirth] of [
      ['José', 'Núñez', '30123456', '1950-01-01'],
      ['María José', 'Acosta', '27111222', '1990-05-05'],
      ['Pedro', 'Zárate', '40999888', '1970-03-03'],
      ['Ana', 'Nuñez Acosta', '12333444', '2001-12-12'],
    ]) {
      created.push(await createPatient(test.app, searcher.headers, { name, lastName, dni, dateOfBirth }));
    }
  });

  const lastNames = (page: PatientPage) => page.items.map((patient) => patient.lastName);

  it('lists the workspace\'s patients by last name, as Spanish orders them', async () => {
    const page = await list('', searcher.headers);
    expect(page).toMatchObject({ total: 4, page: 1, pageSize: 20 });
    expect(lastNames(page)).toEqual(['Acosta', 'Núñez', 'Nuñez Acosta', 'Zárate']);
  });

  it('finds by DNI, whole, in part or with its dots', async () => {
    for (const q of ['30123456', '0123', '30.123.456']) {
      expect(lastNames(await list(`q=${q}`, searcher.headers))).toEqual(['Núñez']);
    }
  });

  it('finds by name and last name without minding accents or case, every word counting', async () => {
    expect(lastNames(await list('q=NUNEZ', searcher.headers))).toEqual(['Núñez', 'Nuñez Acosta']);
    expect(lastNames(await list('q=jose', searcher.headers))).toEqual(['Acosta', 'Núñez']);
    expect(lastNames(await list(`q=${encodeURIComponent('acosta maría')}`, searcher.headers))).toEqual(['Acosta']);
    expect((await list('q=gonzalez', searcher.headers)).items).toEqual([]);
  });

  it('pages and sorts as asked', async () => {
    const first = await list('pageSize=3&sort=dni&order=desc', searcher.headers);
    expect(first).toMatchObject({ total: 4, page: 1, pageSize: 3 });
    expect(first.items.map((patient) => patient.dni)).toEqual(['40999888', '30123456', '27111222']);
    const second = await list('pageSize=3&page=2&sort=dni&order=desc', searcher.headers);
    expect(second.items.map((patient) => patient.dni)).toEqual(['12333444']);
    expect(lastNames(await list('sort=dateOfBirth', searcher.headers))).toEqual(['Núñez', 'Zárate', 'Acosta', 'Nuñez Acosta']);
    expect(lastNames(await list('sort=createdAt&order=desc&pageSize=1', searcher.headers))).toEqual(['Nuñez Acosta']);
  });

  it('refuses a sort it does not know', async () => {
    const response = await test.app.inject({ url: '/api/patients?sort=email', headers: searcher.headers });
    expect(response.statusCode).toBe(400);
  });
});

describe('DELETE /api/patients', () => {
  function prescriptionOf(patientId: string, state: PrescriptionState = 'draft') {
    return createPrescription(test.app, { workspaceId: doctor.workspaceId, doctorUserId: doctor.id, patientId, state });
  }

  it('deletes patients with their drafts and records each by id', async () => {
    const patient = await createPatient(test.app, doctor.headers);
    const draft = await prescriptionOf(patient.id);
    const response = await remove([patient.id, unknownId]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ deleted: [patient.id], message: messages.patients.removed });
    expect(await patientExists(patient.id)).toBe(false);
    expect(await test.app.db.$count(prescriptions, eq(prescriptions.id, draft.id))).toBe(0);
    expect(await test.app.db.$count(auditEvents, and(eq(auditEvents.subjectId, patient.id), eq(auditEvents.action, 'patient.deleted'))))
      .toBe(1);
  });

  it('deletes nobody when one of the patients has a signed prescription', async () => {
    const free = await createPatient(test.app, doctor.headers);
    const signed = await createPatient(test.app, doctor.headers);
    await prescriptionOf(signed.id, 'signed');
    const draft = await prescriptionOf(signed.id);
    const response = await remove([free.id, signed.id]);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: messages.patients.inUse });
    expect(await patientExists(free.id)).toBe(true);
    expect(await patientExists(signed.id)).toBe(true);
    expect(await test.app.db.$count(prescriptions, eq(prescriptions.id, draft.id))).toBe(1);
  });

  it('answers 404 when none of the patients exists', async () => {
    const response = await remove([unknownId]);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: messages.patients.notFound });
  });
});

describe('a workspace\'s patients', () => {
  let a: DoctorInWorkspace;
  let b: DoctorInWorkspace;
  let patientOfA: Patient;
  let patientOfB: Patient;

  beforeAll(async () => {
    a = await doctorInWorkspace(test.app);
    b = await doctorInWorkspace(test.app);
    patientOfA = await createPatient(test.app, a.headers, { lastName: 'Compartido' });
    patientOfB = await createPatient(test.app, b.headers, { lastName: 'Compartido' });
  });

  it('are unknown to another workspace\'s doctor, like a missing patient', async () => {
    const answers = [await show(patientOfB.id, a.headers), await put(patientOfB.id, patientInput(), a.headers)];
    for (const response of answers) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual((await show(unknownId, a.headers)).json());
    }
    expect((await show(patientOfB.id, b.headers)).json()).toEqual(patientOfB);
  });

  it('are never deleted from another workspace', async () => {
    expect((await remove([patientOfB.id], a.headers)).statusCode).toBe(404);
    const mixed = await createPatient(test.app, a.headers);
    const response = await remove([mixed.id, patientOfB.id], a.headers);
    expect(response.json()).toMatchObject({ deleted: [mixed.id] });
    expect(await patientExists(patientOfB.id)).toBe(true);
  });

  it('never appear in another workspace\'s list or search', async () => {
    const ids = (page: PatientPage) => page.items.map((patient) => patient.id);
    expect(ids(await list('q=compartido', a.headers))).toEqual([patientOfA.id]);
    expect(ids(await list(`q=${patientOfB.dni}`, a.headers))).toEqual([]);
    expect(ids(await list('pageSize=100', a.headers))).not.toContain(patientOfB.id);
  });

  it('cannot be reached by naming the other workspace', async () => {
    const intoB = { ...a.headers, ...inWorkspace(b.workspaceId) };
    for (const response of [
      await test.app.inject({ url: '/api/patients', headers: intoB }),
      await show(patientOfB.id, intoB),
      await put(patientOfB.id, patientInput(), intoB),
      await remove([patientOfB.id], intoB),
      await post(patientInput(), intoB),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ message: messages.workspaces.forbidden });
    }
    expect(await test.app.db.$count(patients, inArray(patients.id, [patientOfB.id]))).toBe(1);
  });

  it('go to the only workspace of a doctor whose request names none', async () => {
    const { 'x-workspace': _workspace, ...withoutWorkspace } = a.headers;
    const created = await post(patientInput({ lastName: 'SinEncabezado' }), withoutWorkspace);
    expect(created.statusCode, created.body).toBe(201);
    const [stored] = await test.app.db.select().from(patients).where(eq(patients.id, created.json<Patient>().id));
    expect(stored?.workspaceId).toBe(a.workspaceId);
    const listed = await list('q=SinEncabezado', withoutWorkspace);
    expect(listed.items.map((patient) => patient.id)).toEqual([created.json<Patient>().id]);
  });

  it('need the workspace named in the request of a doctor in several', async () => {
    const { 'x-workspace': _workspace, ...withoutWorkspace } = b.headers;
    await test.app.db.insert(workspaceMembers).values({ workspaceId: a.workspaceId, userId: b.id });
    const response = await post(patientInput(), withoutWorkspace);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: messages.workspaces.required, errorCode: 'workspaceRequired' });
    await test.app.db.delete(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, a.workspaceId), eq(workspaceMembers.userId, b.id)));
  });

  it('may be kept but not deleted by a provider of the workspace', async () => {
    const provider = await createUser(test.app, { roles: ['fds.provider'] });
    await test.app.db.insert(workspaceMembers)
      .values({ workspaceId: a.workspaceId, userId: provider.id });
    const headers = { ...await authorizationFor(test.app, provider.id), ...inWorkspace(a.workspaceId) };
    expect((await post(patientInput(), headers)).statusCode).toBe(201);
    expect((await show(patientOfA.id, headers)).statusCode).toBe(200);
    expect((await remove([patientOfA.id], headers)).statusCode).toBe(403);
  });
});
