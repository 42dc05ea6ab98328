import {
  messages, type MedicalDetail, type MedicalPage, type MedicalsRemoved, type UserSession,
} from '@receta/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApprovedDoctor } from '../../../test/factories/approved-doctors.ts';
import { authorizeDoctor, confirmationTokenIn, lastMailTo, registerDoctor } from '../../../test/factories/doctors.ts';
import { createMedical, mailsTo, medicalInput } from '../../../test/factories/medicals.ts';
import { freshAddress } from '../../../test/factories/second-factor.ts';
import { authorizationFor, createUser } from '../../../test/factories/users.ts';
import { createWorkspace } from '../../../test/factories/workspaces.ts';
import { useTestApp } from '../../../test/helper.ts';
import {
  auditEvents, doctors, files, sessions, userTokens, users, workspaceMembers, workspaces,
} from '../../db/schema/index.ts';
import { readAuditEvents } from '../../../test/audit-events.ts';

const test = useTestApp();
let adminId: string;
let admin: Record<string, string>;
let federation: Record<string, string>;
let clinicAdmin: Record<string, string>;
let clinicId: string;
let doctorHeaders: Record<string, string>;

beforeAll(async () => {
  adminId = (await createUser(test.app, { roles: ['superadmin'] })).id;
  admin = await authorizationFor(test.app, adminId);
  federation = await authorizationFor(test.app, (await createUser(test.app, { roles: ['femecon.admin'] })).id);
  const clinicAdminId = (await createUser(test.app, { roles: ['fds.admin'] })).id;
  clinicAdmin = await authorizationFor(test.app, clinicAdminId);
  clinicId = (await createWorkspace(test.app, { name: 'Clínica del Sol', memberIds: [clinicAdminId] })).id;
  doctorHeaders = await authorizationFor(test.app, (await createApprovedDoctor(test.app)).id);
});

const unknownId = '00000000-0000-4000-8000-000000000000';

function list(query: string, headers = admin) {
  return test.app.inject({ url: `/api/medicals${query}`, headers });
}

function show(id: string, headers = admin) {
  return test.app.inject({ url: `/api/medicals/${id}`, headers });
}

function edit(id: string, payload: object, headers = admin) {
  return test.app.inject({ method: 'PUT', url: `/api/medicals/${id}`, headers, payload });
}

function authorize(id: string, headers = admin) {
  return test.app.inject({ method: 'POST', url: `/api/medicals/${id}/authorize`, headers });
}

function suspend(id: string, payload?: object, headers = admin) {
  return test.app.inject({ method: 'POST', url: `/api/medicals/${id}/suspend`, headers, ...(payload ? { payload } : {}) });
}

function remove(ids: string[], headers = admin) {
  return test.app.inject({ method: 'DELETE', url: '/api/medicals', headers, payload: { ids } });
}

function login(credentials: { email: string; password: string }) {
  return test.app.inject({ method: 'POST', url: '/api/auth/login', payload: credentials, remoteAddress: freshAddress() });
}

async function statusOf(userId: string) {
  const [row] = await test.app.db.select({ status: users.status }).from(users).where(eq(users.id, userId));
  return row?.status;
}

async function auditOf(action: string, subjectId: string) {
  return readAuditEvents(test.app.db, and(eq(auditEvents.action, action), eq(auditEvents.subjectId, subjectId)));
}

describe('GET /api/medicals', () => {
  const tag = 'Listadez';

  beforeAll(async () => {
    await createMedical(test.app, admin, { name: 'Bruno', lastName: `${tag} Alba`, doctorEnrollment: '11111', referenceCode: 'REFEPS-1' });
    await createMedical(test.app, admin, { name: 'Carla', lastName: `${tag} Brito`, doctorEnrollment: '22222' });
    const third = await createMedical(test.app, admin, { name: 'Ana', lastName: `${tag} Cano`, doctorEnrollment: '33333' });
    await test.app.db.update(users).set({ status: 'suspended' }).where(eq(users.id, third.id));
  });

  it('lists the doctors by last name with their jurisdiction, specialty and status, a page at a time', async () => {
    const response = await list(`?q=${tag}&pageSize=2`);
    expect(response.statusCode).toBe(200);
    const page = response.json<MedicalPage>();
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    const { id: _id, email, ...first } = page.items[0] ?? { id: '', email: '' };
    expect(email).toMatch(/@receta\.test$/);
    expect(first).toEqual({
      name: 'Bruno',
      lastName: `${tag} Alba`,
      enrollment: '11111',
      jurisdiction: { code: 'MN', name: 'Nacional (Ministerio de Salud de la Nación)' },
      specialty: { id: 1, name: 'Clínica Médica' },
      status: 'active',
      authorized: true,
      referenceCode: 'REFEPS-1',
    });
    expect(page.items[1]).toMatchObject({ lastName: `${tag} Brito`, referenceCode: null });
    const second = (await list(`?q=${tag}&pageSize=2&page=2`)).json<MedicalPage>();
    expect(second.items).toMatchObject([{ lastName: `${tag} Cano`, status: 'suspended', authorized: false }]);
  });

  it('filters by status and sorts by any listed column', async () => {
    const suspended = (await list(`?q=${tag}&status=suspended`)).json<MedicalPage>();
    expect(suspended.items.map((item) => item.name)).toEqual(['Ana']);
    const byName = (await list(`?q=${tag}&sort=name`)).json<MedicalPage>();
    expect(byName.items.map((item) => item.name)).toEqual(['Ana', 'Bruno', 'Carla']);
    const byEnrollment = (await list(`?q=${tag}&sort=enrollment&order=desc`)).json<MedicalPage>();
    expect(byEnrollment.items.map((item) => item.enrollment)).toEqual(['33333', '22222', '11111']);
  });

  it('searches every word in the name, last name, email, DNI and enrollment', async () => {
    const doctor = await createMedical(test.app, admin, { name: 'Dolores', lastName: 'Irigoyen', doctorEnrollment: '4455667' });
    const search = async (q: string) => (await list(`?q=${encodeURIComponent(q)}`)).json<MedicalPage>()
      .items.map((item) => item.id);
    expect(await search('dolores irigoyen')).toEqual([doctor.id]);
    expect(await search('IRIGO')).toEqual([doctor.id]);
    expect(await search(doctor.dni)).toEqual([doctor.id]);
    expect(await search('4455667')).toEqual([doctor.id]);
    expect(await search(doctor.email)).toEqual([doctor.id]);
    expect(await search('dolores brito')).toEqual([]);
  });

  it('lists doctors waiting for approval too', async () => {
    const pending = await registerDoctor(test.app, { lastName: 'Esperanza' });
    const page = (await list('?q=esperanza&status=pending_approval')).json<MedicalPage>();
    expect(page.items).toMatchObject([{ id: pending.id, status: 'pending_approval', authorized: false }]);
  });

  it.each([
    ['an unknown status', '?status=borrado'],
    ['an unknown sort', '?sort=password'],
    ['a page size over 100', '?pageSize=101'],
    ['page 0', '?page=0'],
  ])('refuses %s', async (_case, query) => {
    expect((await list(query)).statusCode).toBe(400);
  });

  it('needs index.medical: a clinic administrator and the federation may list, a doctor may not', async () => {
    expect((await list('', clinicAdmin)).statusCode).toBe(200);
    expect((await list('', federation)).statusCode).toBe(200);
    expect((await list('', doctorHeaders)).statusCode).toBe(403);
    expect((await list('', {})).statusCode).toBe(401);
  });
});

describe('GET /api/medicals/{id}', () => {
  it('shows everything of a registered doctor: data, documents, PIN state and personal workspace', async () => {
    const registered = await registerDoctor(test.app, { lastName: 'Benítez' });
    await authorizeDoctor(test.app, registered, admin);
    await test.app.db.update(doctors).set({ pinHash: 'hash' }).where(eq(doctors.userId, registered.id));
    await test.app.db.insert(workspaceMembers).values({ workspaceId: clinicId, userId: registered.id });

    const response = await show(registered.id, clinicAdmin);
    expect(response.statusCode).toBe(200);
    const detail = response.json<MedicalDetail>();
    const { registration } = registered;
    expect(detail).toMatchObject({
      id: registered.id, name: 'Ana', lastName: 'Benítez', email: registered.email, enrollment: '123456',
      dni: registration.dni, cuit: registration.cuit, birthDate: '1980-05-17', phoneNumber: '1145678901',
      address: 'Av. Corrientes 1234', apartment: '5B', district: 'Balvanera', province: 'CABA',
      profession: { code: '35', label: 'Médico' }, specialty: { id: 1, name: 'Clínica Médica' },
      status: 'active', authorized: true, hasPin: true, rejectionReason: null,
      documents: registration.attachments,
    });
    expect(detail.workspaces).toMatchObject([
      { name: 'Consultorio Benítez', avatarUri: null, kind: 'personal' }, { name: 'Clínica del Sol', kind: 'clinic' },
    ]);
    expect(detail.reviewedAt).not.toBeNull();

    // The document locations open for whoever may see the doctor, the administrator of their clinic included.
    const document = await test.app.inject({ url: detail.documents.dniFront ?? '', headers: clinicAdmin });
    expect(document.statusCode).toBe(200);
  });

  it('answers 404 for an unknown id and for a user who is not a doctor', async () => {
    const plain = await createUser(test.app);
    for (const id of [unknownId, plain.id]) {
      const response = await show(id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: messages.medicals.notFound });
    }
  });

  it('needs show.medical', async () => {
    const doctor = await createApprovedDoctor(test.app);
    expect((await show(doctor.id, doctorHeaders)).statusCode).toBe(403);
  });
});

describe('POST /api/medicals', () => {
  it('registers an active doctor with a personal workspace and mails the password and PIN links', async () => {
    const input = medicalInput({ lastName: 'Ledesma', referenceCode: ' SISA-778 ' });
    const response = await test.app.inject({
      method: 'POST', url: '/api/medicals', headers: { ...admin, 'x-page-path': '/medicals/new' },
      payload: { ...input, password: 'ignorada-1234', status: 'suspended' },
    });
    expect(response.statusCode).toBe(201);
    const created = response.json<MedicalDetail>();
    expect(created).toMatchObject({
      name: 'Julia', lastName: 'Ledesma', email: input.email, status: 'active', authorized: true, hasPin: false,
      referenceCode: 'SISA-778', apartment: null,
      documents: { dniFront: null, dniBack: null, degreeCertificate: null, doctorEnrollmentLocation: null },
      workspaces: [{ name: 'Consultorio Ledesma', avatarUri: null, kind: 'personal' }],
    });

    const [record] = await test.app.db.select({ reviewedBy: doctors.reviewedBy })
      .from(doctors)
      .where(eq(doctors.userId, created.id));
    expect(record?.reviewedBy).toBe(adminId);
    expect(await auditOf('doctor.created', created.id)).toMatchObject([{ actorUserId: adminId, pagePath: '/medicals/new' }]);

    const mails = await mailsTo(test.app, input.email);
    const invitation = mails.find((mail) => mail.text.includes('/invitation/'));
    const confirmation = mails.find((mail) => mail.text.includes('/confirmation/'));
    expect(mails).toHaveLength(2);
    expect(invitation?.subject).toBe('Receta Digital: elija la contraseña de su cuenta');
    expect(invitation?.text).toContain('Hola, Julia:');
    expect(invitation?.text).toMatch(new RegExp(`${test.config.publicUrl}/invitation/[\\w-]{43}`));
    expect(await test.app.db.$count(userTokens, and(eq(userTokens.userId, created.id), eq(userTokens.purpose, 'invitation')))).toBe(1);
    expect(confirmation?.subject).toBe('Su cuenta fue aprobada: establezca su PIN de firma');

    // The mailed link sets the PIN, as for a doctor approved by a moderator.
    const pin = await test.app.inject({
      method: 'PUT', url: `/api/auth/confirmation/doctors/${confirmationTokenIn(confirmation?.text ?? '')}`,
      payload: { PIN: '4821' },
    });
    expect(pin.statusCode).toBe(200);
    expect((await show(created.id)).json<MedicalDetail>().hasPin).toBe(true);

    // The invitation link sets the password the doctor then logs in with.
    const invitationToken = /\/invitation\/([\w-]+)/.exec(invitation?.text ?? '')?.[1] ?? '';
    const password = 'Mi-Clave-Nueva-2026';
    const accepted = await test.app.inject({
      method: 'POST', url: `/api/auth/invitation/${invitationToken}`, payload: { password },
    });
    expect(accepted.statusCode).toBe(200);
    expect((await login({ email: input.email, password })).statusCode).toBe(200);
  });

  it('shows the new doctor their personal workspace in the session', async () => {
    const created = await createMedical(test.app, admin, { lastName: 'Sosa' });
    const session = await test.app.inject({ url: '/api/auth/session', headers: await authorizationFor(test.app, created.id) });
    expect(session.json<UserSession>().workspaces).toEqual([{ id: created.workspaces[0]?.id, name: 'Consultorio Sosa', avatarUri: null }]);
  });

  it.each([
    ['DNI', 'dni', messages.registration.dniTaken],
    ['CUIT', 'cuit', messages.registration.cuitTaken],
    ['email', 'email', messages.registration.emailTaken],
  ] as const)('refuses a %s that already has an account and creates nothing', async (_label, field, message) => {
    const first = medicalInput();
    await createMedical(test.app, admin, first);
    const second = medicalInput();
    const payload = { ...second, [field]: first[field] };
    const response = await test.app.inject({ method: 'POST', url: '/api/medicals', headers: admin, payload });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message, errorCode: `${field}Taken` });
    expect(await test.app.db.$count(doctors, eq(doctors.dni, second.dni))).toBe(0);
  });

  it('refuses lookups the lists do not offer, naming each field', async () => {
    const response = await test.app.inject({
      method: 'POST', url: '/api/medicals', headers: admin,
      payload: medicalInput({ jurisdictionCode: 'XX', professionCode: '9999' }),
    });
    expect(response.statusCode).toBe(400);
    const message = messages.registration.unknownReference;
    expect(response.json()).toMatchObject({
      errorCode: 'unknownReference',
      fields: [{ field: 'body.jurisdictionCode', message }, { field: 'body.professionCode', message }],
    });
  });

  it.each([
    ['a CUIT with a wrong check digit', { cuit: '20123456780' }, 'body.cuit', messages.registration.cuitInvalid],
    ['a DNI of 5 digits', { dni: '12345' }, 'body.dni', messages.registration.dniMin],
    ['an invalid email', { email: 'no-es-un-email' }, 'body.email', messages.registration.emailInvalid],
    ['an enrollment with letters', { doctorEnrollment: '12a' }, 'body.doctorEnrollment', messages.registration.onlyDigits],
    ['a reference code of 41 characters', { referenceCode: 'x'.repeat(41) }, 'body.referenceCode', messages.medicals.referenceCodeTooLong],
  ])('refuses %s with its Spanish message', async (_case, overrides, field, message) => {
    const response = await test.app.inject({ method: 'POST', url: '/api/medicals', headers: admin, payload: medicalInput(overrides) });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fields: unknown[] }>().fields).toContainEqual({ field, message });
  });

  it('needs create.medical: a clinic administrator may, the federation and a doctor may not', async () => {
    const post = (headers: Record<string, string>) => test.app.inject({ method: 'POST', url: '/api/medicals', headers, payload: medicalInput() });
    const created = await post(clinicAdmin);
    expect(created.statusCode, created.body).toBe(201);
    // The clinic's administrator's doctor joins the clinic beside their own practice.
    expect(created.json<MedicalDetail>().workspaces.map((workspace) => workspace.kind)).toEqual(['personal', 'clinic']);
    expect((await post(federation)).statusCode).toBe(403);
    expect((await post(doctorHeaders)).statusCode).toBe(403);
  });
});

describe('PUT /api/medicals/{id}', () => {
  const changes = {
    phoneNumber: '2614455667', address: 'San Martín 50', apartment: '', district: 'Ciudad', province: 'Mendoza',
    specialtyId: 1, jurisdictionCode: 'MN', doctorEnrollment: '98765', professionCode: '35', referenceCode: 'FEM-42',
  };

  it('sets the REFEPS code given at creation or in an edit, keeps it when an edit leaves it out, and refuses one with letters', async () => {
    const medic = await createMedical(test.app, admin, { refepsCode: '700123' });
    expect(medic.refepsCode).toBe('700123');
    expect((await edit(medic.id, changes)).json<MedicalDetail>().refepsCode).toBe('700123');
    expect((await edit(medic.id, { ...changes, refepsCode: '800456' })).json<MedicalDetail>().refepsCode).toBe('800456');
    const refused = await edit(medic.id, { ...changes, refepsCode: 'A1' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ fields: [{ field: 'body.refepsCode', message: messages.registration.refepsCodeInvalid }] });
    const created = await test.app.inject({
      method: 'POST', url: '/api/medicals', headers: admin, payload: medicalInput({ refepsCode: undefined }),
    });
    expect(created.json()).toMatchObject({ fields: [{ field: 'body.refepsCode', message: messages.registration.refepsCodeInvalid }] });
  });

  it('saves the professional and contact data and the reference code, leaving identity alone', async () => {
    const medic = await createMedical(test.app, admin);
    const response = await edit(medic.id, { ...changes, name: 'Otro', dni: '11222333' }, federation);
    expect(response.statusCode).toBe(200);
    expect(response.json<MedicalDetail>()).toMatchObject({
      phoneNumber: '2614455667', address: 'San Martín 50', apartment: null, district: 'Ciudad', province: 'Mendoza',
      enrollment: '98765', referenceCode: 'FEM-42', name: 'Julia', dni: medic.dni,
    });
    expect(await auditOf('doctor.edited', medic.id)).toHaveLength(1);

    const cleared = await edit(medic.id, { ...changes, referenceCode: '  ' });
    expect(cleared.json<MedicalDetail>().referenceCode).toBeNull();
  });

  it('refuses an unknown jurisdiction and a missing field', async () => {
    const medic = await createMedical(test.app, admin);
    expect((await edit(medic.id, { ...changes, jurisdictionCode: 'XX' })).json()).toMatchObject({ errorCode: 'unknownReference' });
    const { phoneNumber: _phone, ...withoutPhone } = changes;
    const missing = await edit(medic.id, withoutPhone);
    expect(missing.statusCode).toBe(400);
    const fields = missing.json<{ fields: { field: string }[] }>().fields.map((field) => field.field);
    expect(fields).toContain('body.phoneNumber');
  });

  it('answers 404 for an unknown doctor and 403 without edit.medical', async () => {
    expect((await edit(unknownId, changes)).statusCode).toBe(404);
    const medic = await createMedical(test.app, admin);
    expect((await edit(medic.id, changes, doctorHeaders)).statusCode).toBe(403);
  });
});

describe('POST /api/medicals/{id}/suspend and /authorize', () => {
  it('suspends at once: the existing token gets 401, login is refused, and the doctor is told why', async () => {
    const doctor = await createApprovedDoctor(test.app, { password: 'Clave-Segura-2026' });
    const token = await authorizationFor(test.app, doctor.id);
    expect((await test.app.inject({ url: '/api/auth/session', headers: token })).statusCode).toBe(200);

    const response = await suspend(doctor.id, { reason: 'Matrícula vencida' }, federation);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: messages.medicals.suspended });
    expect(await statusOf(doctor.id)).toBe('suspended');

    const afterwards = await test.app.inject({ url: '/api/auth/session', headers: token });
    expect(afterwards.statusCode).toBe(401);
    expect(afterwards.json()).toMatchObject({ message: messages.session.invalidAccessToken });
    const refused = await login(doctor);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: messages.auth.suspended });

    const mail = await lastMailTo(test.app, doctor.email);
    expect(mail.subject).toBe('Receta Digital: su cuenta fue suspendida');
    expect(mail.text).toContain('Motivo: Matrícula vencida');
    expect(await auditOf('doctor.suspended', doctor.id)).toMatchObject([{ details: { reason: 'Matrícula vencida' } }]);
    expect(await test.app.db.$count(sessions, and(eq(sessions.userId, doctor.id), isNull(sessions.revokedAt)))).toBe(0);

    const again = await suspend(doctor.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: messages.medicals.notActive });
  });

  it('reactivates a suspended doctor, who may log in again while old tokens stay dead', async () => {
    const doctor = await createApprovedDoctor(test.app);
    const token = await authorizationFor(test.app, doctor.id);
    expect((await suspend(doctor.id)).statusCode).toBe(200);

    const response = await authorize(doctor.id, federation);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: messages.medicals.authorized });
    expect(await statusOf(doctor.id)).toBe('active');
    expect((await login(doctor)).statusCode).toBe(200);
    expect((await test.app.inject({ url: '/api/auth/session', headers: token })).statusCode).toBe(401);
    expect((await lastMailTo(test.app, doctor.email)).subject).toBe('Receta Digital: su cuenta fue reactivada');
    expect(await auditOf('doctor.reactivated', doctor.id)).toHaveLength(1);
    // A doctor approved before personal workspaces existed gets one on reactivation.
    expect(await test.app.db.$count(workspaces, eq(workspaces.ownerUserId, doctor.id))).toBe(1);
  });

  it('approves a pending doctor as moderation does: active, personal workspace and the PIN link', async () => {
    const pending = await registerDoctor(test.app, { lastName: 'Vidal' });
    expect((await authorize(pending.id)).statusCode).toBe(200);
    expect(await statusOf(pending.id)).toBe('active');
    expect((await lastMailTo(test.app, pending.email)).text).toContain('/confirmation/');
    expect((await show(pending.id)).json<MedicalDetail>().workspaces).toMatchObject([{ name: 'Consultorio Vidal' }]);
  });

  it('refuses to authorize an active doctor or a rejected request', async () => {
    const active = await createApprovedDoctor(test.app);
    const already = await authorize(active.id);
    expect(already.statusCode).toBe(409);
    expect(already.json()).toMatchObject({ message: messages.medicals.alreadyActive });

    const rejected = await registerDoctor(test.app);
    await test.app.inject({ method: 'POST', url: `/api/users/${rejected.id}/reject`, headers: admin, payload: { reason: 'Ilegible' } });
    const response = await authorize(rejected.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: messages.medicals.rejectedRequest });
  });

  it('is for the authorizeMedic group only: a clinic administrator and a doctor get 403', async () => {
    const doctor = await createApprovedDoctor(test.app);
    for (const headers of [clinicAdmin, doctorHeaders]) {
      expect((await suspend(doctor.id, undefined, headers)).statusCode).toBe(403);
      expect((await authorize(doctor.id, headers)).statusCode).toBe(403);
    }
    expect(await statusOf(doctor.id)).toBe('active');
  });

  it('answers 404 for an unknown doctor and 400 for a reason over 500 characters', async () => {
    expect((await suspend(unknownId)).statusCode).toBe(404);
    expect((await authorize(unknownId)).statusCode).toBe(404);
    const doctor = await createApprovedDoctor(test.app);
    const response = await suspend(doctor.id, { reason: 'x'.repeat(501) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: messages.moderation.reasonTooLong });
  });
});

describe('DELETE /api/medicals', () => {
  it('deletes requests that never became accounts that could work, with their documents', async () => {
    const pending = await registerDoctor(test.app);
    const rejected = await registerDoctor(test.app);
    await test.app.inject({ method: 'POST', url: `/api/users/${rejected.id}/reject`, headers: admin, payload: { reason: 'Ilegible' } });

    const response = await remove([pending.id, rejected.id, unknownId]);
    expect(response.statusCode).toBe(200);
    const answer = response.json<MedicalsRemoved>();
    expect({ ...answer, deleted: [...answer.deleted].sort() }).toEqual({
      deleted: [pending.id, rejected.id].sort(), deactivated: [], message: messages.medicals.removed,
    });
    expect(await test.app.db.$count(users, eq(users.id, pending.id))).toBe(0);
    expect(await test.app.db.$count(files, eq(files.ownerUserId, pending.id))).toBe(0);
    const [audit] = await auditOf('doctor.deleted', pending.id);
    expect(audit).toMatchObject({ actorUserId: adminId, details: {} });

    // The DNI, CUIT and email are free again for a new registration.
    const again = await test.app.inject({
      method: 'POST', url: '/api/auth/register/doctors/verify-email', payload: { email: pending.email }, remoteAddress: freshAddress(),
    });
    expect(again.statusCode).toBe(200);
  });

  it('deactivates a doctor who could work instead of deleting them, keeping their practice', async () => {
    const medic = await createMedical(test.app, admin);
    const suspended = await createApprovedDoctor(test.app, { status: 'suspended' });
    const token = await authorizationFor(test.app, medic.id);

    const response = await remove([medic.id, suspended.id]);
    expect(response.statusCode).toBe(200);
    const answer = response.json<MedicalsRemoved>();
    expect(answer.deleted).toEqual([]);
    expect([...answer.deactivated].sort()).toEqual([medic.id, suspended.id].sort());
    expect(await statusOf(medic.id)).toBe('suspended');
    expect(await statusOf(suspended.id)).toBe('suspended');
    expect((await test.app.inject({ url: '/api/auth/session', headers: token })).statusCode).toBe(401);
    expect(await test.app.db.$count(workspaces, eq(workspaces.ownerUserId, medic.id))).toBe(1);
    expect(await auditOf('doctor.deactivated', medic.id)).toHaveLength(1);
  });

  it('answers 404 when none of the ids is a doctor, 400 without ids, and 403 without destroy.medical', async () => {
    expect((await remove([unknownId])).statusCode).toBe(404);
    expect((await remove([])).statusCode).toBe(400);
    const pending = await registerDoctor(test.app);
    expect((await remove([pending.id], clinicAdmin)).statusCode).toBe(403);
    expect((await remove([pending.id], federation)).statusCode).toBe(403);
    expect(await statusOf(pending.id)).toBe('pending_approval');
  });
});
