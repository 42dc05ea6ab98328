import { messages, type ApiError } from '@receta/domain';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createApprovedDoctor } from '../../../test/factories/approved-doctors.ts';
import {
  authenticityClaimsOf, freshAddress, signInThroughBothSteps, totpCodeFor, totpSecretOf,
} from '../../../test/factories/second-factor.ts';
import { authorizationFor, createUser, signIn, superadminId } from '../../../test/factories/users.ts';
import { testAdmin } from '../../../test/fixtures.ts';
import { useTestApp } from '../../../test/helper.ts';
import { auditEvents, doctors, mailOutbox, users, userTokens } from '../../db/schema/index.ts';
import { policies } from '../../platform/attempt-limiter.ts';
import { verifySecret } from '../../platform/passwords.ts';
import { readAuditEvents } from '../../../test/audit-events.ts';

const test = useTestApp();

function requestPasswordRecovery(email: string, remoteAddress = freshAddress()) {
  return test.app.inject({ method: 'POST', url: '/api/auth/password-recovery-request', remoteAddress, payload: { email } });
}

function recoverPassword(token: string, password: string) {
  return test.app.inject({ method: 'POST', url: `/api/auth/password-recovery/${token}`, payload: { password } });
}

function login(email: string, password: string, remoteAddress = freshAddress()) {
  return test.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email, password } });
}

function mailsTo(email: string) {
  return test.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.createdAt));
}

/** The token of the newest link of `kind` mailed to `email`. */
async function mailedToken(email: string, kind: 'password-recovery' | 'pin-recovery'): Promise<string> {
  const [mail] = await mailsTo(email);
  const link = mail?.text.match(new RegExp(`${test.config.publicUrl}/${kind}/([\\w-]+)`));
  if (!link?.[1]) throw new Error(`No ${kind} link mailed to ${email}`);
  return link[1];
}

async function recoveryLinkFor(email: string): Promise<string> {
  expect((await requestPasswordRecovery(email)).statusCode).toBe(200);
  return mailedToken(email, 'password-recovery');
}

describe('POST /api/auth/password-recovery-request', () => {
  it('mails a recovery link in Spanish to an existing account', async () => {
    const user = await createUser(test.app, { email: 'olvido@receta.test', displayName: 'Ana Pérez' });
    const response = await requestPasswordRecovery(' Olvido@Receta.test ');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: messages.recovery.sent });
    const [mail, ...others] = await mailsTo(user.email);
    expect(others).toEqual([]);
    expect(mail).toMatchObject({ subject: 'Receta Digital: restablecer su contraseña' });
    // Queued, or already kept by the delivery pass (every 2 s), which has no SMTP server here.
    expect(['pending', 'kept']).toContain(mail?.status);
    expect(mail!.text).toContain('Hola, Ana Pérez:');
    expect(mail!.text).toContain('El enlace vence en 60 minutos');
    expect(mail!.html).toContain(`${test.config.publicUrl}/password-recovery/${await mailedToken(user.email, 'password-recovery')}`);
  });

  it('answers an unknown email in the same words and mails nothing', async () => {
    const known = await requestPasswordRecovery((await createUser(test.app)).email);
    const unknown = await requestPasswordRecovery('nadie@receta.test');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(await mailsTo('nadie@receta.test')).toEqual([]);
  });

  it('mails nothing to a rejected registration, with the same answer', async () => {
    const user = await createUser(test.app, { status: 'rejected' });
    const response = await requestPasswordRecovery(user.email);
    expect(response.json()).toEqual({ message: messages.recovery.sent });
    expect(await mailsTo(user.email)).toEqual([]);
  });

  it.each([
    ['', messages.common.required],
    ['a@b', messages.recovery.emailMin],
    ['ana.perez', messages.recovery.emailInvalid],
  ])('refuses the email %j with "%s"', async (email, message) => {
    const response = await requestPasswordRecovery(email);
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().fields?.[0]).toEqual({ field: 'body.email', message });
  });

  it('limits the requests of one address', async () => {
    const address = freshAddress();
    for (let request = 0; request < policies.mailRequestsPerAddress.maxAttempts; request++) {
      expect((await requestPasswordRecovery('nadie@receta.test', address)).statusCode).toBe(200);
    }
    const refused = await requestPasswordRecovery('nadie@receta.test', address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: messages.common.tooManyRequests });
  });
});

describe('POST /api/auth/password-recovery/{userToken}', () => {
  it('sets the new password, ends every session and records it', async () => {
    const user = await createUser(test.app);
    const sessionToken = await signIn(test.app, user.id);
    const token = await recoveryLinkFor(user.email);
    const response = await recoverPassword(token, 'Nueva-Clave-2026');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: messages.auth.passwordUpdated });

    expect((await login(user.email, user.password)).statusCode).toBe(401);
    expect((await login(user.email, 'Nueva-Clave-2026')).statusCode).toBe(200);
    const session = await test.app.inject({ url: '/api/auth/session', headers: { authorization: `Bearer ${sessionToken}` } });
    expect(session.statusCode).toBe(401);
    const [audit] = await readAuditEvents(test.app.db, and(eq(auditEvents.action, 'user.password_recovered'), eq(auditEvents.subjectId, user.id)));
    expect(audit).toMatchObject({ actorUserId: user.id, details: { revokedSessions: 1 } });
  });

  it('stores the new password as an argon2id hash', async () => {
    const user = await createUser(test.app);
    await recoverPassword(await recoveryLinkFor(user.email), 'Nueva-Clave-2026');
    const [account] = await test.app.db.select().from(users).where(eq(users.id, user.id));
    expect(account!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifySecret(account!.passwordHash, 'Nueva-Clave-2026')).toBe(true);
  });

  it('opens once: the second use of a link is refused', async () => {
    const user = await createUser(test.app);
    const token = await recoveryLinkFor(user.email);
    expect((await recoverPassword(token, 'Nueva-Clave-2026')).statusCode).toBe(200);
    const again = await recoverPassword(token, 'Otra-Clave-2026');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: messages.auth.linkInvalid });
    expect((await login(user.email, 'Nueva-Clave-2026')).statusCode).toBe(200);
  });

  it('refuses an expired link, an unknown one and one replaced by a newer mail', async () => {
    const expiring = await createUser(test.app);
    const expired = await recoveryLinkFor(expiring.email);
    await test.app.db.update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.userId, expiring.id));
    const replacing = await createUser(test.app);
    const replaced = await recoveryLinkFor(replacing.email);
    await recoveryLinkFor(replacing.email);
    for (const token of [expired, replaced, 'no-existe']) {
      const response = await recoverPassword(token, 'Nueva-Clave-2026');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: messages.auth.linkInvalid });
    }
  });

  it.each([
    ['', messages.common.required],
    ['Clave-123', messages.password.tooShort],
    ['clave-segura-2026', messages.password.weak],
  ])('refuses the password %j with "%s" and keeps the link usable', async (password, message) => {
    const user = await createUser(test.app);
    const token = await recoveryLinkFor(user.email);
    const response = await recoverPassword(token, password);
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().fields?.[0]).toEqual({ field: 'body.password', message });
    expect((await recoverPassword(token, 'Nueva-Clave-2026')).statusCode).toBe(200);
  });

  it('unlocks an account locked by wrong passwords', async () => {
    const user = await createUser(test.app);
    for (let attempt = 0; attempt < policies.passwordPerAccount.maxAttempts; attempt++) {
      await login(user.email, 'Otra-Clave-2026');
    }
    expect((await login(user.email, user.password)).statusCode).toBe(429);
    await recoverPassword(await recoveryLinkFor(user.email), 'Nueva-Clave-2026');
    expect((await login(user.email, 'Nueva-Clave-2026')).statusCode).toBe(200);
  });

  it('unlocks an account locked by wrong second-factor codes, without undoing the enrolment', async () => {
    const user = await createUser(test.app);
    await signInThroughBothSteps(test.app, user);
    const secret = await totpSecretOf(test.app, user.id);
    const firstStep = await login(user.email, user.password);
    const { authenticityToken } = firstStep.json<{ authenticityToken: string }>();
    const secondStep = (token: string) => test.app.inject({
      method: 'POST',
      url: '/api/auth/login/2fa',
      remoteAddress: freshAddress(),
      headers: { authorization: `Bearer ${authenticityToken}` },
      payload: { token },
    });
    for (let attempt = 0; attempt < policies.totpPerAccount.maxAttempts; attempt++) await secondStep('000000');
    expect((await secondStep(totpCodeFor(secret, 1))).statusCode).toBe(429);

    await recoverPassword(await recoveryLinkFor(user.email), 'Nueva-Clave-2026');
    const afterRecovery = await login(user.email, 'Nueva-Clave-2026');
    const { authenticityToken: afterRecoveryToken } = afterRecovery.json<{ authenticityToken: string }>();
    expect(authenticityClaimsOf(afterRecoveryToken).isSync).toBe(true);
    expect((await secondStep(totpCodeFor(secret, 1))).statusCode).toBe(200);
  });
});

describe('POST /api/auth/pin-recovery-request', () => {
  it('mails the signed-in doctor a PIN recovery link', async () => {
    const doctor = await createApprovedDoctor(test.app, { displayName: 'Dra. Ana Pérez' });
    const response = await test.app.inject({
      method: 'POST', url: '/api/auth/pin-recovery-request', headers: await authorizationFor(test.app, doctor.id),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: messages.recovery.sent });
    const [mail] = await mailsTo(doctor.email);
    expect(mail).toMatchObject({ subject: 'Receta Digital: restablecer su PIN de firma' });
    expect(mail!.text).toContain('Hola, Dra. Ana Pérez:');
    expect(await mailedToken(doctor.email, 'pin-recovery')).toMatch(/^[\w-]{43}$/);
  });

  it('refuses a user who may not sign, and an account without a professional record', async () => {
    const patientLike = await createUser(test.app);
    const withoutPermission = await test.app.inject({
      method: 'POST', url: '/api/auth/pin-recovery-request', headers: await authorizationFor(test.app, patientLike.id),
    });
    expect(withoutPermission.statusCode).toBe(403);
    expect(withoutPermission.json()).toMatchObject({ message: messages.common.forbidden });

    const admin = await superadminId(test.app, testAdmin.email);
    const withoutRecord = await test.app.inject({
      method: 'POST', url: '/api/auth/pin-recovery-request', headers: await authorizationFor(test.app, admin),
    });
    expect(withoutRecord.statusCode).toBe(403);
    expect(withoutRecord.json()).toMatchObject({ message: messages.auth.notDoctor });
    expect(await mailsTo(testAdmin.email)).toEqual([]);
  });

  it('answers 401 without a token', async () => {
    expect((await test.app.inject({ method: 'POST', url: '/api/auth/pin-recovery-request' })).statusCode).toBe(401);
  });
});

describe('POST /api/auth/pin-recovery/{userToken}', () => {
  async function pinLinkFor(doctorId: string, email: string): Promise<string> {
    await test.app.inject({
      method: 'POST', url: '/api/auth/pin-recovery-request', headers: await authorizationFor(test.app, doctorId),
    });
    return mailedToken(email, 'pin-recovery');
  }

  async function recoverPin(doctorId: string, token: string, PIN: string) {
    return test.app.inject({
      method: 'POST',
      url: `/api/auth/pin-recovery/${token}`,
      headers: await authorizationFor(test.app, doctorId),
      payload: { PIN },
    });
  }

  async function doctorRecord(userId: string) {
    const [record] = await test.app.db.select().from(doctors).where(eq(doctors.userId, userId));
    return record!;
  }

  it('sets a new argon2id PIN and unlocks signing', async () => {
    const doctor = await createApprovedDoctor(test.app, { pinFailedAttempts: 3 });
    const response = await recoverPin(doctor.id, await pinLinkFor(doctor.id, doctor.email), '4821');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: messages.pin.updated });
    const record = await doctorRecord(doctor.id);
    expect(record.pinFailedAttempts).toBe(0);
    expect(record.pinHash).toMatch(/^\$argon2id\$/);
    expect(await verifySecret(record.pinHash!, '4821')).toBe(true);
    const [audit] = await readAuditEvents(test.app.db, and(eq(auditEvents.action, 'doctor.pin_recovered'), eq(auditEvents.subjectId, doctor.id)));
    expect(audit).toMatchObject({ actorUserId: doctor.id });
  });

  it("refuses another doctor's link, which keeps working for its owner", async () => {
    const owner = await createApprovedDoctor(test.app);
    const intruder = await createApprovedDoctor(test.app);
    const token = await pinLinkFor(owner.id, owner.email);
    const refused = await recoverPin(intruder.id, token, '4821');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: messages.auth.linkInvalid });
    expect((await doctorRecord(intruder.id)).pinHash).toBeNull();
    expect((await recoverPin(owner.id, token, '4821')).statusCode).toBe(200);
  });

  it('opens once, and not after it expired', async () => {
    const doctor = await createApprovedDoctor(test.app);
    const token = await pinLinkFor(doctor.id, doctor.email);
    expect((await recoverPin(doctor.id, token, '4821')).statusCode).toBe(200);
    expect((await recoverPin(doctor.id, token, '1357')).json()).toMatchObject({ statusCode: 400, message: messages.auth.linkInvalid });

    const expiring = await pinLinkFor(doctor.id, doctor.email);
    await test.app.db.update(userTokens).set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(userTokens.userId, doctor.id), eq(userTokens.purpose, 'pin_recovery')));
    expect((await recoverPin(doctor.id, expiring, '1357')).statusCode).toBe(400);
    expect(await verifySecret((await doctorRecord(doctor.id)).pinHash!, '4821')).toBe(true);
  });

  it.each([
    ['', messages.pin.required],
    ['123', messages.pin.length],
    ['12345', messages.pin.length],
    ['12a4', messages.pin.length],
  ])('refuses the PIN %j with "%s"', async (PIN, message) => {
    const doctor = await createApprovedDoctor(test.app);
    const response = await recoverPin(doctor.id, 'no-importa', PIN);
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().fields?.[0]).toEqual({ field: 'body.PIN', message });
  });

  it('answers 401 without a token and 403 without the signing permission', async () => {
    const anonymous = await test.app.inject({ method: 'POST', url: '/api/auth/pin-recovery/x', payload: { PIN: '4821' } });
    expect(anonymous.statusCode).toBe(401);
    const user = await createUser(test.app);
    expect((await recoverPin(user.id, 'x', '4821')).statusCode).toBe(403);
  });
});
