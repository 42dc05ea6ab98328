import { messages, type ApiError, type Profile, type ProfileSession, type UserSession } from '@receta/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createApprovedDoctor } from '../../../test/factories/approved-doctors.ts';
import {
  authenticityClaimsOf, freshAddress, signInThroughBothSteps,
} from '../../../test/factories/second-factor.ts';
import { multipartBody, sampleJpeg, samplePdf, samplePng, type MultipartFile } from '../../../test/factories/uploads.ts';
import { authorizationFor, createUser, signIn } from '../../../test/factories/users.ts';
import { useTestApp } from '../../../test/helper.ts';
import { auditEvents, doctors, files, mailOutbox, sessions, users } from '../../db/schema/index.ts';
import { readAuditEvents } from '../../../test/audit-events.ts';

const test = useTestApp();

function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

async function auditActionsOf(userId: string): Promise<string[]> {
  const rows = await test.app.db.select({ action: auditEvents.action })
    .from(auditEvents)
    .where(and(eq(auditEvents.subjectType, 'user'), eq(auditEvents.subjectId, userId)));
  return rows.map((row) => row.action);
}

/** Whether the token still opens a session. */
async function isSignedIn(token: string): Promise<boolean> {
  return (await test.app.inject({ url: '/api/auth/session', headers: bearer(token) })).statusCode === 200;
}

function fieldErrorsOf(body: ApiError) {
  return body.fields?.map(({ field, message }) => ({ field, message }));
}

describe('GET /api/profile', () => {
  it('shows a doctor their account and their whole record, with the names of the lookups', async () => {
    const doctor = await createApprovedDoctor(test.app, { displayName: 'Ana Pérez' });
    const response = await test.app.inject({ url: '/api/profile', headers: await authorizationFor(test.app, doctor.id) });
    expect(response.statusCode).toBe(200);
    const profile = response.json<Profile>();
    expect(profile).toMatchObject({
      id: doctor.id, email: doctor.email, displayName: 'Ana Pérez', photoURL: null, roleNames: ['Médico'],
      secondFactorEnrolledAt: null,
    });
    expect(profile.doctor).toMatchObject({
      name: 'Ana', lastName: 'Pérez', birthDate: '1980-05-17', phoneNumber: '1145678901', province: 'CABA',
      enrollment: '123456', jurisdiction: { code: 'MN' }, specialty: { id: 1 }, profession: { code: '35' }, hasPin: false,
    });
    expect(profile.doctor?.jurisdiction.name).not.toBe('MN');
  });

  it('shows any other user their account without a professional part', async () => {
    const pharmacist = await createUser(test.app, { roles: ['pharmacy'], displayName: 'Farmacia Central' });
    const profile = (await test.app.inject({ url: '/api/profile', headers: await authorizationFor(test.app, pharmacist.id) }))
      .json<Profile>();
    expect(profile).toMatchObject({ displayName: 'Farmacia Central', roleNames: ['Farmacia'], doctor: null });
  });

  it('answers 401 without a session', async () => {
    expect((await test.app.inject({ url: '/api/profile' })).statusCode).toBe(401);
  });
});

describe('PUT /api/profile', () => {
  it('changes the display name and answers the session the navbar shows', async () => {
    const user = await createUser(test.app, { roles: ['pharmacy'] });
    const response = await test.app.inject({
      method: 'PUT', url: '/api/profile', headers: await authorizationFor(test.app, user.id),
      payload: { displayName: '  Farmacia del Centro  ' },
    });
    expect(response.statusCode).toBe(200);
    const answer = response.json<{ message: string; user: UserSession }>();
    expect(answer.message).toBe(messages.profile.saved);
    expect(answer.user.displayName).toBe('Farmacia del Centro');
    expect(answer.user.data.displayName).toBe('Farmacia del Centro');
    expect(await auditActionsOf(user.id)).toContain('user.data_updated');
  });

  it('refuses a blank name with the required message on the field', async () => {
    const user = await createUser(test.app);
    const response = await test.app.inject({
      method: 'PUT', url: '/api/profile', headers: await authorizationFor(test.app, user.id), payload: { displayName: '   ' },
    });
    expect(response.statusCode).toBe(400);
    expect(fieldErrorsOf(response.json())).toEqual([{ field: 'body.displayName', message: messages.common.required }]);
  });
});

describe('PUT /api/profile/refeps-code', () => {
  it('lets a doctor registered before it was asked give their Licencia Sanitaria Federal, shown with their authorisation', async () => {
    const doctor = await createApprovedDoctor(test.app);
    await test.app.db.update(doctors).set({ refepsCode: null }).where(eq(doctors.userId, doctor.id));
    const headers = await authorizationFor(test.app, doctor.id);
    const before = (await test.app.inject({ url: '/api/profile', headers })).json<Profile>();
    expect(before.doctor).toMatchObject({ refepsCode: null, restrictedAuthorisation: null });

    const response = await test.app.inject({ method: 'PUT', url: '/api/profile/refeps-code', headers, payload: { refepsCode: ' 70012345 ' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Profile>().doctor?.refepsCode).toBe('70012345');
    const [event] = await readAuditEvents(test.app.db, and(eq(auditEvents.subjectId, doctor.id), eq(auditEvents.action, 'doctor.refeps_updated')));
    expect(event?.details).toEqual({ changes: { refepsCode: { from: null, to: '70012345' } } });
  });

  it.each(['', 'REFEPS-1', '1234567890123'])('refuses %j on its field, changing nothing', async (refepsCode) => {
    const doctor = await createApprovedDoctor(test.app);
    const [before] = await test.app.db.select().from(doctors).where(eq(doctors.userId, doctor.id));
    const response = await test.app.inject({
      method: 'PUT', url: '/api/profile/refeps-code', headers: await authorizationFor(test.app, doctor.id), payload: { refepsCode },
    });
    expect(response.statusCode).toBe(400);
    expect(fieldErrorsOf(response.json())).toEqual([{ field: 'body.refepsCode', message: messages.registration.refepsCodeInvalid }]);
    const [after] = await test.app.db.select().from(doctors).where(eq(doctors.userId, doctor.id));
    expect(after?.refepsCode).toBe(before?.refepsCode);
  });

  it('refuses an account without a professional record', async () => {
    const superadmin = await createUser(test.app, { roles: ['superadmin'] });
    const response = await test.app.inject({
      method: 'PUT', url: '/api/profile/refeps-code', headers: await authorizationFor(test.app, superadmin.id), payload: { refepsCode: '1' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('PUT /api/profile/contact', () => {
  const contact = {
    phoneNumber: '3514567890', address: 'Bv. San Juan 500', apartment: '3° B', district: 'Nueva Córdoba', province: 'Córdoba',
  };

  it('saves a doctor\'s contact data and leaves the identity and the licence alone', async () => {
    const doctor = await createApprovedDoctor(test.app);
    const [before] = await test.app.db.select().from(doctors).where(eq(doctors.userId, doctor.id));
    const response = await test.app.inject({
      method: 'PUT', url: '/api/profile/contact', headers: await authorizationFor(test.app, doctor.id),
      payload: { ...contact, dni: '11111111', doctorEnrollment: '99', name: 'Otra' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Profile>().doctor).toMatchObject(contact);
    const [after] = await test.app.db.select().from(doctors).where(eq(doctors.userId, doctor.id));
    expect(after).toMatchObject({ ...contact, dni: before?.dni, enrollment: before?.enrollment, name: before?.name });
    const [event] = await readAuditEvents(test.app.db, and(eq(auditEvents.subjectId, doctor.id), eq(auditEvents.action, 'doctor.contact_updated')));
    expect(event?.details).toMatchObject({ changes: { province: { from: 'CABA', to: 'Córdoba' } } });
  });

  it('checks the data with the registration\'s rules and messages', async () => {
    const doctor = await createApprovedDoctor(test.app);
    const response = await test.app.inject({
      method: 'PUT', url: '/api/profile/contact', headers: await authorizationFor(test.app, doctor.id),
      payload: { ...contact, phoneNumber: '123', address: '  ', district: '', province: 'Atlántida' },
    });
    expect(response.statusCode).toBe(400);
    expect(fieldErrorsOf(response.json())).toEqual(expect.arrayContaining([
      { field: 'body.phoneNumber', message: messages.registration.phoneLength },
      { field: 'body.address', message: messages.common.required },
      { field: 'body.district', message: messages.common.required },
      { field: 'body.province', message: messages.common.required },
    ]));
  });

  it('refuses an account without a professional record', async () => {
    const superadmin = await createUser(test.app, { roles: ['superadmin'] });
    const response = await test.app.inject({
      method: 'PUT', url: '/api/profile/contact', headers: await authorizationFor(test.app, superadmin.id), payload: contact,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: messages.profile.notDoctor });
  });

  it('is closed to roles without the doctor\'s own permission', async () => {
    const pharmacist = await createUser(test.app, { roles: ['pharmacy'] });
    const response = await test.app.inject({
      method: 'PUT', url: '/api/profile/contact', headers: await authorizationFor(test.app, pharmacist.id), payload: contact,
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('the profile photo', () => {
  async function uploadPhoto(headers: Record<string, string>, file: MultipartFile) {
    const { payload, headers: multipart } = await multipartBody([{ field: 'photo', filename: 'foto.png', ...file }]);
    return test.app.inject({ method: 'POST', url: '/api/profile/photo', payload, headers: { ...headers, ...multipart } });
  }

  it('stores a PNG as the user\'s own file and points the session\'s photo at it', async () => {
    const user = await createUser(test.app);
    const headers = await authorizationFor(test.app, user.id);
    const response = await uploadPhoto(headers, { content: samplePng, contentType: 'image/png' });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<{ message: string; user: UserSession }>();
    expect(answer.message).toBe(messages.profile.photoUpdated);
    const location = answer.user.data.photoURL ?? '';
    expect(location).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);

    const image = await test.app.inject({ url: location, headers });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(samplePng)).toBe(true);
    const stranger = await createUser(test.app, { roles: ['pharmacy'] });
    const asStranger = await test.app.inject({ url: location, headers: await authorizationFor(test.app, stranger.id) });
    expect(asStranger.statusCode).toBe(404);
  });

  it('replaces the earlier photo, deleting it, and takes a JPEG whatever its name', async () => {
    const user = await createUser(test.app);
    const headers = await authorizationFor(test.app, user.id);
    const first = (await uploadPhoto(headers, { content: samplePng })).json<{ user: UserSession }>().user.data.photoURL ?? '';
    const second = await uploadPhoto(headers, { content: sampleJpeg, filename: 'retrato.bin' });
    expect(second.statusCode).toBe(200);
    const location = second.json<{ user: UserSession }>().user.data.photoURL ?? '';
    expect(location).not.toBe(first);
    expect((await test.app.inject({ url: first, headers })).statusCode).toBe(404);
    expect((await test.app.inject({ url: location, headers })).headers['content-type']).toBe('image/jpeg');
    const stored = await test.app.db.select({ id: files.id }).from(files).where(eq(files.ownerUserId, user.id));
    expect(stored).toHaveLength(1);
  });

  it.each([
    ['text named .png', { content: Buffer.from('no soy una imagen'), filename: 'foto.png', contentType: 'image/png' }],
    ['a PDF', { content: samplePdf, filename: 'foto.pdf' }],
  ])('refuses %s by its content', async (_case, file) => {
    const user = await createUser(test.app);
    const response = await uploadPhoto(await authorizationFor(test.app, user.id), file);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ message: messages.profile.photoInvalid, errorCode: 'invalidExtension' });
    const [account] = await test.app.db.select({ photoUrl: users.photoUrl }).from(users).where(eq(users.id, user.id));
    expect(account?.photoUrl).toBeNull();
  });

  it('refuses an image over 5 MB, another part name and a body that is not multipart', async () => {
    const user = await createUser(test.app);
    const headers = await authorizationFor(test.app, user.id);
    const huge = Buffer.concat([samplePng, Buffer.alloc(5 * 1024 * 1024)]);
    const tooLarge = await uploadPhoto(headers, { content: huge });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ message: messages.upload.tooLarge });
    expect((await uploadPhoto(headers, { field: 'avatar' })).json()).toMatchObject({ statusCode: 400, message: messages.upload.fileMissing });
    const json = await test.app.inject({ method: 'POST', url: '/api/profile/photo', headers, payload: {} });
    expect(json.statusCode).toBe(415);
  });

  it('removes the photo and its file', async () => {
    const user = await createUser(test.app);
    const headers = await authorizationFor(test.app, user.id);
    const location = (await uploadPhoto(headers, { content: samplePng })).json<{ user: UserSession }>().user.data.photoURL ?? '';
    const response = await test.app.inject({ method: 'DELETE', url: '/api/profile/photo', headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: messages.profile.photoRemoved, user: { data: { photoURL: null } },
    });
    expect((await test.app.inject({ url: location, headers })).statusCode).toBe(404);
    expect(await auditActionsOf(user.id)).toEqual(expect.arrayContaining(['user.photo_changed', 'user.photo_removed']));
  });
});

describe('POST /api/profile/password', () => {
  const newPassword = 'Nueva-Clave-2026';

  it('changes the password, ends the other sessions, keeps this one and mails a notice', async () => {
    const user = await createUser(test.app);
    const token = await signIn(test.app, user.id);
    const otherDevice = await signIn(test.app, user.id);
    const response = await test.app.inject({
      method: 'POST', url: '/api/profile/password', headers: bearer(token),
      payload: { currentPassword: user.password, newPassword, confirmPassword: newPassword },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: messages.profile.passwordChanged });
    expect(await isSignedIn(token)).toBe(true);
    expect(await isSignedIn(otherDevice)).toBe(false);

    const login = (password: string) => test.app.inject({
      method: 'POST', url: '/api/auth/login', remoteAddress: freshAddress(), payload: { email: user.email, password },
    });
    expect((await login(user.password)).statusCode).toBe(401);
    expect((await login(newPassword)).statusCode).toBe(200);
    const mails = await test.app.db.select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, user.email));
    expect(mails.map((mail) => mail.subject)).toEqual(['Receta Digital: se cambió su contraseña']);
    const [event] = await readAuditEvents(test.app.db, and(eq(auditEvents.subjectId, user.id), eq(auditEvents.action, 'user.password_changed')));
    expect(event?.details).toEqual({ revokedSessions: 1 });
  });

  it('refuses a wrong current password on its field, and locks after five as the login does', async () => {
    const user = await createUser(test.app);
    const headers = await authorizationFor(test.app, user.id);
    const change = (currentPassword: string) => test.app.inject({
      method: 'POST', url: '/api/profile/password', headers,
      payload: { currentPassword, newPassword, confirmPassword: newPassword },
    });
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const wrong = await change('No-Es-La-Clave');
      expect(wrong.statusCode).toBe(400);
      expect(fieldErrorsOf(wrong.json())).toEqual([{ field: 'body.currentPassword', message: messages.profile.wrongPassword }]);
    }
    const locked = await change(user.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ message: messages.common.tooManyRequests });
    const login = await test.app.inject({
      method: 'POST', url: '/api/auth/login', remoteAddress: freshAddress(), payload: { email: user.email, password: user.password },
    });
    expect(login.statusCode).toBe(429);
  });

  it.each([
    ['a short new password', { newPassword: 'Corta-1', confirmPassword: 'Corta-1' }, 'body.newPassword', messages.password.tooShort],
    ['a new password without capitals', { newPassword: 'nueva-clave-2026', confirmPassword: 'nueva-clave-2026' }, 'body.newPassword', messages.password.weak],
    ['a confirmation that differs', { newPassword, confirmPassword: 'Otra-Clave-2026' }, 'body.confirmPassword', messages.registration.passwordsMismatch],
    ['the same password again', { newPassword: 'Clave-Segura-2026', confirmPassword: 'Clave-Segura-2026' }, 'body.newPassword', messages.profile.samePassword],
    ['no current password', { currentPassword: '', newPassword, confirmPassword: newPassword }, 'body.currentPassword', messages.common.required],
  ])('refuses %s with its message', async (_case, passwords, field, message) => {
    const user = await createUser(test.app, { password: 'Clave-Segura-2026' });
    const response = await test.app.inject({
      method: 'POST', url: '/api/profile/password', headers: await authorizationFor(test.app, user.id),
      payload: { currentPassword: user.password, ...passwords },
    });
    expect(response.statusCode).toBe(400);
    expect(fieldErrorsOf(response.json())).toEqual([{ field, message }]);
  });
});

describe('POST /api/profile/second-factor/reset', () => {
  it('forgets the authenticator after the password: the next login enrols a new one', async () => {
    const doctor = await createApprovedDoctor(test.app);
    const signedIn = await signInThroughBothSteps(test.app, doctor);
    const otherDevice = await signIn(test.app, doctor.id);
    const [enrolled] = await test.app.db.select({ totpSecret: users.totpSecret })
      .from(users)
      .where(eq(users.id, doctor.id));

    const response = await test.app.inject({
      method: 'POST', url: '/api/profile/second-factor/reset', headers: bearer(signedIn.access_token),
      payload: { password: doctor.password },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: messages.profile.secondFactorReset });
    expect(await isSignedIn(signedIn.access_token)).toBe(true);
    expect(await isSignedIn(otherDevice)).toBe(false);
    const profile = await test.app.inject({ url: '/api/profile', headers: bearer(signedIn.access_token) });
    expect(profile.json<Profile>().secondFactorEnrolledAt).toBeNull();

    const login = await test.app.inject({
      method: 'POST', url: '/api/auth/login', remoteAddress: freshAddress(), payload: { email: doctor.email, password: doctor.password },
    });
    const claims = authenticityClaimsOf(login.json<{ authenticityToken: string }>().authenticityToken);
    expect(claims.isSync).toBe(false);
    expect(claims.secret).toBeDefined();
    expect(claims.secret).not.toBe(enrolled?.totpSecret);
    expect(await auditActionsOf(doctor.id)).toContain('user.second_factor_reset');
  });

  it('refuses a wrong password and leaves the authenticator in place', async () => {
    const doctor = await createApprovedDoctor(test.app);
    const signedIn = await signInThroughBothSteps(test.app, doctor);
    const response = await test.app.inject({
      method: 'POST', url: '/api/profile/second-factor/reset', headers: bearer(signedIn.access_token),
      payload: { password: 'No-Es-La-Clave' },
    });
    expect(response.statusCode).toBe(400);
    expect(fieldErrorsOf(response.json())).toEqual([{ field: 'body.password', message: messages.profile.wrongPassword }]);
    const [account] = await test.app.db.select({ totpEnabledAt: users.totpEnabledAt })
      .from(users)
      .where(eq(users.id, doctor.id));
    expect(account?.totpEnabledAt).not.toBeNull();
  });
});

describe('the sessions of the account', () => {
  const firefoxOnLinux = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

  /** A session opened from a device, as the login would record it; answers its id and token. */
  async function openSession(userId: string, device: { userAgent?: string; expiresAt?: Date; revokedAt?: Date } = {}) {
    const [session] = await test.app.db.insert(sessions).values({
      userId,
      userAgent: device.userAgent ?? null,
      ipAddress: '190.210.1.2',
      expiresAt: device.expiresAt ?? new Date(Date.now() + 60 * 60_000),
      revokedAt: device.revokedAt ?? null,
    }).returning({ id: sessions.id });
    if (!session) throw new Error('Session not created');
    return { id: session.id, token: test.app.tokens.sign('access', { sub: userId, sid: session.id }, 60 * 60) };
  }

  it('lists the live sessions with their device, marking the one that asks', async () => {
    const user = await createUser(test.app);
    const current = await openSession(user.id);
    const laptop = await openSession(user.id, { userAgent: firefoxOnLinux });
    await openSession(user.id, { expiresAt: new Date(Date.now() - 1000) });
    await openSession(user.id, { revokedAt: new Date() });
    const response = await test.app.inject({ url: '/api/profile/sessions', headers: bearer(current.token) });
    expect(response.statusCode).toBe(200);
    const items = response.json<{ items: ProfileSession[] }>().items;
    expect(items.map((item) => item.id).sort()).toEqual([current.id, laptop.id].sort());
    expect(items.find((item) => item.id === laptop.id)).toMatchObject({
      browser: 'Firefox', system: 'Linux', ipAddress: '190.210.1.2', isCurrent: false,
    });
    expect(items.find((item) => item.id === current.id)).toMatchObject({
      browser: null, system: null, isCurrent: true,
    });
  });

  it('closes one session of the account: its token stops working', async () => {
    const user = await createUser(test.app);
    const current = await openSession(user.id);
    const laptop = await openSession(user.id, { userAgent: firefoxOnLinux });
    const response = await test.app.inject({ method: 'DELETE', url: `/api/profile/sessions/${laptop.id}`, headers: bearer(current.token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: messages.profile.sessionClosed });
    expect(await isSignedIn(laptop.token)).toBe(false);
    expect(await isSignedIn(current.token)).toBe(true);
    expect(await auditActionsOf(user.id)).toContain('user.session_closed');
  });

  it('cannot close another user\'s session: it answers not found and the session goes on', async () => {
    const user = await createUser(test.app);
    const someoneElse = await createUser(test.app);
    const theirs = await openSession(someoneElse.id);
    const response = await test.app.inject({
      method: 'DELETE', url: `/api/profile/sessions/${theirs.id}`, headers: await authorizationFor(test.app, user.id),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: messages.profile.sessionNotFound });
    expect(await isSignedIn(theirs.token)).toBe(true);
  });

  it('answers a malformed session id with the not-found message', async () => {
    const user = await createUser(test.app);
    const response = await test.app.inject({
      method: 'DELETE', url: '/api/profile/sessions/no-es-un-id', headers: await authorizationFor(test.app, user.id),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: messages.profile.sessionNotFound });
  });

  it('closes every other session of the account and only those', async () => {
    const user = await createUser(test.app);
    const current = await openSession(user.id);
    const others = [await openSession(user.id), await openSession(user.id, { userAgent: firefoxOnLinux })];
    const someoneElse = await openSession((await createUser(test.app)).id);
    const response = await test.app.inject({ method: 'DELETE', url: '/api/profile/sessions/others', headers: bearer(current.token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: messages.profile.otherSessionsClosed, closed: 2 });
    for (const other of others) expect(await isSignedIn(other.token)).toBe(false);
    expect(await isSignedIn(current.token)).toBe(true);
    expect(await isSignedIn(someoneElse.token)).toBe(true);
  });
});
