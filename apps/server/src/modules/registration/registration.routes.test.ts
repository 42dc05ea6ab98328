import { messages } from '@receta/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { doctorRegistration, randomDni, registerDoctor, validCuit } from '../../../test/factories/doctors.ts';
import { randomAddress, uploadedLocation } from '../../../test/factories/uploads.ts';
import { useTestApp } from '../../../test/helper.ts';
import { auditEvents, doctors, files, mailOutbox, roles, userRoles, users } from '../../db/schema/index.ts';
import { fileIdOfLocation } from '../../platform/files/file-store.ts';
import { verifySecret } from '../../platform/passwords.ts';
import { readAuditEvents } from '../../../test/audit-events.ts';

const test = useTestApp();

function post(url: string, payload: object, remoteAddress = randomAddress()) {
  return test.app.inject({ method: 'POST', url, payload, remoteAddress });
}

const verifyInformation = (payload: object, address?: string) =>
  post('/api/auth/register/doctors/verify-information', payload, address);
const verifyEmail = (payload: object, address?: string) => post('/api/auth/register/doctors/verify-email', payload, address);

function freshInformation() {
  const dni = randomDni();
  return { dni, cuit: validCuit(dni), phoneNumber: '1145678901' };
}

describe('POST /api/auth/register/doctors/verify-information', () => {
  it('passes a DNI and CUIT nobody has registered', async () => {
    const response = await verifyInformation(freshInformation());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ valid: true });
  });

  it.each([
    ['dni', '', messages.common.required],
    ['dni', '12345', messages.registration.dniMin],
    ['dni', '1234567890', messages.registration.dniMax],
    ['dni', '12a456', messages.registration.onlyDigits],
    ['cuit', '2012345678', messages.registration.cuitLength],
    ['cuit', '20123456780', messages.registration.cuitInvalid],
    ['phoneNumber', '123', messages.registration.phoneLength],
  ])('refuses %s "%s" with "%s"', async (field, value, message) => {
    const response = await verifyInformation({ ...freshInformation(), [field]: value });
    expect(response.statusCode).toBe(400);
    // The first problem of the field is the one the form shows.
    const answer = response.json<{ message: string; fields: { field: string; message: string }[] }>();
    expect(answer.fields[0]).toEqual({ field: `body.${field}`, message });
    expect(answer.message.startsWith(message)).toBe(true);
  });

  it('refuses a DNI that already has an account', async () => {
    const doctor = await registerDoctor(test.app);
    const response = await verifyInformation({ ...freshInformation(), dni: doctor.registration.dni });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: messages.registration.dniTaken, errorCode: 'dniTaken' });
  });

  it('refuses a CUIT that already has an account', async () => {
    const doctor = await registerDoctor(test.app);
    const response = await verifyInformation({ ...freshInformation(), cuit: doctor.registration.cuit });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: messages.registration.cuitTaken, errorCode: 'cuitTaken' });
  });

  it('limits the checks of one address, since they tell whether an identifier is registered', async () => {
    const address = randomAddress();
    for (let check = 0; check < 30; check += 1) {
      expect((await verifyInformation(freshInformation(), address)).statusCode).toBe(200);
    }
    expect((await verifyInformation(freshInformation(), address)).statusCode).toBe(429);
    expect((await verifyEmail({ email: 'otra@receta.test' }, address)).statusCode).toBe(429);
  });
});

describe('POST /api/auth/register/doctors/verify-email', () => {
  it('passes an email nobody has registered', async () => {
    const response = await verifyEmail({ email: 'nueva@receta.test' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ valid: true });
  });

  it('refuses an email that already has an account, whatever its case', async () => {
    const doctor = await registerDoctor(test.app);
    const response = await verifyEmail({ email: doctor.email.toUpperCase() });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: messages.registration.emailTaken, errorCode: 'emailTaken' });
  });

  it.each([
    ['', messages.common.required],
    ['a@b', messages.registration.emailMin],
    ['no-es-un-email', messages.registration.emailInvalid],
  ])('refuses "%s" with "%s"', async (email, message) => {
    const response = await verifyEmail({ email });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fields: { message: string }[] }>().fields[0]).toEqual({ field: 'body.email', message });
  });
});

describe('POST /api/auth/register/doctors', () => {
  it('creates a pending doctor with the medical role, claims the uploads and mails the doctor', async () => {
    const registration = await doctorRegistration(test.app, { email: 'Ana.Perez@Receta.Test' });
    const response = await post('/api/auth/register/doctors', registration);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: messages.registration.moderatorNotice });

    const [user] = await test.app.db.select().from(users).where(eq(users.email, 'ana.perez@receta.test'));
    expect(user).toMatchObject({ status: 'pending_approval', displayName: 'Ana Pérez' });
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifySecret(user?.passwordHash ?? '', registration.password)).toBe(true);
    const userId = user?.id ?? '';

    const assigned = await test.app.db.select({ slug: roles.slug, position: userRoles.position })
      .from(userRoles).innerJoin(roles, eq(roles.id, userRoles.roleId)).where(eq(userRoles.userId, userId));
    expect(assigned).toEqual([{ slug: 'fds.medical', position: 0 }]);

    const [doctor] = await test.app.db.select().from(doctors).where(eq(doctors.userId, userId));
    expect(doctor).toMatchObject({
      name: 'Ana', lastName: 'Pérez', birthDate: '1980-05-17', dni: registration.dni, cuit: registration.cuit,
      phoneNumber: '1145678901', address: 'Av. Corrientes 1234', apartment: '5B', district: 'Balvanera',
      province: 'CABA', specialtyId: 1, jurisdictionCode: 'MN', enrollment: '123456', professionCode: '35',
      refepsCode: registration.refepsCode, pinHash: null, reviewedAt: null,
    });

    for (const [field, location] of Object.entries(registration.attachments)) {
      const [file] = await test.app.db.select().from(files).where(eq(files.id, fileIdOfLocation(location) ?? ''));
      expect(file).toMatchObject({ ownerUserId: userId, field, expiresAt: null });
    }

    const mails = await test.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'ana.perez@receta.test'));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: 'Recibimos su solicitud de registro' });
    // Queued, or already kept by the delivery pass (every 2 s), which has no SMTP server here.
    expect(['pending', 'kept']).toContain(mails[0]?.status);
    expect(mails[0]?.text).toContain('Hola, Ana:');
    expect(mails[0]?.text).toContain('Un moderador verificará sus datos');

    const audit = await readAuditEvents(test.app.db, and(eq(auditEvents.subjectId, userId), eq(auditEvents.action, 'doctor.registered')));
    expect(audit).toHaveLength(1);
  });

  it('takes the licence number as a number too, as spec section 3 types it', async () => {
    const registration = await doctorRegistration(test.app, { doctorEnrollment: 4567 });
    const response = await post('/api/auth/register/doctors', registration);
    expect(response.statusCode, response.body).toBe(201);
    const [user] = await test.app.db.select({ id: users.id }).from(users).where(eq(users.email, registration.email));
    const [doctor] = await test.app.db.select({ enrollment: doctors.enrollment }).from(doctors)
      .where(eq(doctors.userId, user?.id ?? ''));
    expect(doctor?.enrollment).toBe('4567');
  });

  it.each([
    [1, messages.registration.enrollmentLength],
    [123_456_789, messages.registration.enrollmentLength],
    [-45, messages.registration.onlyDigits],
    [45.5, messages.registration.onlyDigits],
  ])('refuses the licence number %d with "%s"', async (doctorEnrollment, message) => {
    const response = await post('/api/auth/register/doctors', await doctorRegistration(test.app, { doctorEnrollment }));
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fields: unknown[] }>().fields).toEqual([{ field: 'body.doctorEnrollment', message }]);
  });

  it.each([
    ['dni', messages.registration.dniTaken],
    ['cuit', messages.registration.cuitTaken],
    ['email', messages.registration.emailTaken],
  ] as const)('refuses a %s that already has an account and leaves the uploads unclaimed', async (field, message) => {
    const existing = await registerDoctor(test.app);
    const dni = randomDni();
    const registration = await doctorRegistration(test.app, {
      dni, cuit: validCuit(dni), [field]: existing.registration[field],
    });
    const response = await post('/api/auth/register/doctors', registration);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message });
    const [file] = await test.app.db.select().from(files)
      .where(eq(files.id, fileIdOfLocation(registration.attachments.dniFront) ?? ''));
    expect(file?.ownerUserId).toBeNull();
  });

  it('gives one account to two registrations racing with the same email', async () => {
    const first = await doctorRegistration(test.app);
    const second = await doctorRegistration(test.app, { email: first.email });
    const answers = await Promise.all([post('/api/auth/register/doctors', first), post('/api/auth/register/doctors', second)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json()).toMatchObject({
      message: messages.registration.emailTaken,
    });
  });

  it('refuses a document another registration already claimed', async () => {
    const existing = await registerDoctor(test.app);
    const registration = await doctorRegistration(test.app);
    registration.attachments.dniBack = existing.registration.attachments.dniBack;
    const response = await post('/api/auth/register/doctors', registration);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: messages.registration.attachmentInvalid,
      errorCode: 'attachmentInvalid',
      fields: [{ field: 'body.attachments.dniBack', message: messages.registration.attachmentInvalid }],
    });
  });

  it('refuses one upload given for two documents, and a location this server never gave', async () => {
    const registration = await doctorRegistration(test.app);
    registration.attachments.dniBack = registration.attachments.dniFront;
    registration.attachments.degreeCertificate = 'https://otro.sitio/api/files/00000000-0000-4000-8000-000000000000';
    const response = await post('/api/auth/register/doctors', registration);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fields: { field: string }[] }>().fields.map((entry) => entry.field)).toEqual([
      'body.attachments.dniBack', 'body.attachments.degreeCertificate',
    ]);
  });

  it('refuses an upload older than 24 hours', async () => {
    const registration = await doctorRegistration(test.app);
    await test.app.db.update(files).set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(files.id, fileIdOfLocation(registration.attachments.doctorEnrollmentLocation) ?? ''));
    const response = await post('/api/auth/register/doctors', registration);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      fields: [{ field: 'body.attachments.doctorEnrollmentLocation', message: messages.registration.attachmentInvalid }],
    });
  });

  it('refuses a specialty, jurisdiction or profession the lists do not offer, naming each field', async () => {
    const registration = await doctorRegistration(test.app, {
      specialtyId: 999_999, jurisdictionCode: 'XX', professionCode: '99999',
    });
    const response = await post('/api/auth/register/doctors', registration);
    expect(response.statusCode).toBe(400);
    const message = messages.registration.unknownReference;
    expect(response.json()).toMatchObject({
      message,
      errorCode: 'unknownReference',
      fields: [
        { field: 'body.specialtyId', message },
        { field: 'body.jurisdictionCode', message },
        { field: 'body.professionCode', message },
      ],
    });
  });

  it.each([
    ['without documents', { attachments: undefined }, messages.registration.documentsMissing],
    ['without accepting the terms', { termsAccepted: false }, messages.registration.termsNotAccepted],
    ['with a short password', { password: 'Corta-1' }, messages.password.tooShort],
    ['with a password of letters and digits only', { password: 'Clave12345' }, messages.password.weak],
    ['with a birth date in the future', { birthDate: '2999-01-01' }, messages.registration.invalidDate],
    ['with a short enrollment', { doctorEnrollment: '1' }, messages.registration.enrollmentLength],
  ])('refuses a registration %s', async (_case, change, message) => {
    const registration = { ...(await doctorRegistration(test.app)), ...change };
    const response = await post('/api/auth/register/doctors', registration);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(message);
  });

  it.each([
    ['without', undefined],
    ['with a blank', '  '],
    ['with letters in', 'REFEPS-12'],
    ['with 13 digits in', '1234567890123'],
  ])('refuses a registration %s the Licencia Sanitaria Federal (REFEPS code), on its field', async (_case, refepsCode) => {
    const registration = { ...(await doctorRegistration(test.app)), refepsCode };
    const response = await post('/api/auth/register/doctors', registration);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fields: unknown[] }>().fields)
      .toContainEqual({ field: 'body.refepsCode', message: messages.registration.refepsCodeInvalid });
    expect(await test.app.db.$count(users, eq(users.email, registration.email))).toBe(0);
  });
});

describe('POST /api/auth/register', () => {
  it('creates the same pending doctor and answers the user without an access token', async () => {
    const registration = await doctorRegistration(test.app);
    const response = await post('/api/auth/register', registration);
    expect(response.statusCode).toBe(201);
    const [user] = await test.app.db.select({ id: users.id }).from(users).where(eq(users.email, registration.email));
    expect(response.json()).toEqual({
      user: { id: user?.id, email: registration.email, status: 'pending_approval' },
      access_token: null,
    });
    expect(await test.app.db.$count(doctors, eq(doctors.userId, user?.id ?? ''))).toBe(1);
  });

  it('answers the errors of the doctor registration with the Spanish message in the error field too', async () => {
    const existing = await registerDoctor(test.app);
    const registration = await doctorRegistration(test.app, { email: existing.email });
    const response = await post('/api/auth/register', registration);
    expect(response.statusCode).toBe(409);
    const { emailTaken } = messages.registration;
    expect(response.json()).toMatchObject({ error: emailTaken, message: emailTaken });
  });

  it('puts the field messages of a refused payload in the error field', async () => {
    const registration = await doctorRegistration(test.app, { doctorEnrollment: '1' });
    const response = await post('/api/auth/register', registration);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: messages.registration.enrollmentLength });
  });

  it('keeps the status name in the error field of the other routes', async () => {
    const registration = await doctorRegistration(test.app, { doctorEnrollment: '1' });
    const response = await post('/api/auth/register/doctors', registration);
    expect(response.json()).toMatchObject({ error: 'Bad Request', message: messages.registration.enrollmentLength });
  });
});

describe('uploads for the registration', () => {
  it('can be claimed by a registration from another address than the one that uploaded them', async () => {
    const registration = await doctorRegistration(test.app, {
      attachments: {
        dniFront: await uploadedLocation(test.app),
        dniBack: await uploadedLocation(test.app),
        degreeCertificate: await uploadedLocation(test.app),
        doctorEnrollmentLocation: await uploadedLocation(test.app),
      },
    });
    expect((await post('/api/auth/register/doctors', registration)).statusCode).toBe(201);
  });
});
