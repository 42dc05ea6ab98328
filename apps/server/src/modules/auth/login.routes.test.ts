import { messages, type ApiError, type UserSession } from '@receta/domain';
import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { createUser, signIn } from '../../../test/factories/users.ts';
import {
  authenticityClaimsOf, freshAddress, signInThroughBothSteps, totpCodeFor, totpSecretOf,
} from '../../../test/factories/second-factor.ts';
import { useTestApp } from '../../../test/helper.ts';
import { auditEvents, sessions, users } from '../../db/schema/index.ts';
import { policies } from '../../platform/attempt-limiter.ts';
import { readAuditEvents } from '../../../test/audit-events.ts';

const test = useTestApp();

function login(payload: Record<string, unknown>, remoteAddress = freshAddress()) {
  return test.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload });
}

function secondStep(authenticityToken: string | undefined, token: string, remoteAddress = freshAddress()) {
  return test.app.inject({
    method: 'POST',
    url: '/api/auth/login/2fa',
    remoteAddress,
    headers: authenticityToken === undefined ? {} : { authorization: `Bearer ${authenticityToken}` },
    payload: { token },
  });
}

async function authenticityTokenFor(user: { email: string; password: string }, remoteAddress = freshAddress()) {
  const response = await login({ email: user.email, password: user.password }, remoteAddress);
  expect(response.statusCode).toBe(200);
  return response.json<{ authenticityToken: string }>().authenticityToken;
}

describe('POST /api/auth/login', () => {
  it.each([
    ['email', '', messages.common.required],
    ['email', 'a@b', messages.login.emailMin],
    ['email', 'ana.perez', messages.login.emailInvalid],
    ['password', '', messages.common.required],
    ['password', '1234567', messages.login.passwordMin],
  ])('refuses %s = %j with "%s"', async (field, value, message) => {
    const response = await login({ email: 'ana@receta.test', password: 'Clave-Segura-2026', [field]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().fields?.[0]).toEqual({ field: `body.${field}`, message });
  });

  it('answers a five-minute authenticity token with the enrolment data before the second factor is set up', async () => {
    const user = await createUser(test.app, { email: 'enrolar@receta.test', displayName: 'Ana Pérez' });
    const response = await login({ email: user.email, password: user.password });
    expect(response.statusCode).toBe(200);
    const { authenticityToken } = response.json<{ authenticityToken: string }>();
    const claims = decodeJwt(authenticityToken);
    expect(claims).toMatchObject({
      aud: 'authenticity',
      sub: user.id,
      isSync: false,
      user: { id: user.id, email: 'enrolar@receta.test', displayName: 'Ana Pérez' },
      termsAndConditions: null,
    });
    expect(claims.exp! - claims.iat!).toBe(300);
    expect(claims.secret).toMatch(/^[A-Z2-7]{32}$/);
    const otpauth = new URL(claims.otpauth as string);
    expect(otpauth.protocol).toBe('otpauth:');
    expect(otpauth.host).toBe('totp');
    expect(decodeURIComponent(otpauth.pathname)).toBe('/Receta Digital:enrolar@receta.test');
    expect(Object.fromEntries(otpauth.searchParams)).toEqual({
      issuer: 'Receta Digital', secret: claims.secret, algorithm: 'SHA1', digits: '6', period: '30',
    });
  });

  it('shows the same secret at every attempt until the first code enrols it', async () => {
    const user = await createUser(test.app);
    const first = authenticityClaimsOf(await authenticityTokenFor(user));
    const second = authenticityClaimsOf(await authenticityTokenFor(user));
    expect(second.secret).toBe(first.secret);
    expect(second.otpauth).toBe(first.otpauth);
  });

  it('leaves the secret out once the second factor is set up', async () => {
    const user = await createUser(test.app);
    await signInThroughBothSteps(test.app, user);
    const claims = authenticityClaimsOf(await authenticityTokenFor(user));
    expect(claims.isSync).toBe(true);
    expect(claims).not.toHaveProperty('secret');
    expect(claims).not.toHaveProperty('otpauth');
  });

  it('finds the account whatever the case of the email', async () => {
    const user = await createUser(test.app, { email: 'mayusculas@receta.test' });
    const response = await login({ email: ' Mayusculas@Receta.TEST ', password: user.password });
    expect(response.statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown email in the same words', async () => {
    const user = await createUser(test.app);
    const wrongPassword = await login({ email: user.email, password: 'Otra-Clave-2026' });
    const unknownEmail = await login({ email: 'nadie@receta.test', password: 'Otra-Clave-2026' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: messages.auth.wrongCredentials });
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
  });

  it.each([
    ['pending_approval', messages.auth.pendingApproval],
    ['rejected', messages.auth.rejected],
    ['suspended', messages.auth.suspended],
  ] as const)('tells a %s account its state only after the right password', async (status, message) => {
    const user = await createUser(test.app, { status });
    const wrong = await login({ email: user.email, password: 'Otra-Clave-2026' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ message: messages.auth.wrongCredentials });
    const right = await login({ email: user.email, password: user.password });
    expect(right.statusCode).toBe(403);
    expect(right.json()).toMatchObject({ statusCode: 403, message });
  });

  it('locks an account after five wrong passwords, even against the right one', async () => {
    const user = await createUser(test.app);
    for (let attempt = 0; attempt < policies.passwordPerAccount.maxAttempts; attempt++) {
      expect((await login({ email: user.email, password: 'Otra-Clave-2026' })).statusCode).toBe(401);
    }
    const locked = await login({ email: user.email, password: user.password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ message: messages.common.tooManyRequests });
  });

  it('locks an unknown email like a real one, so that the lock reveals nothing', async () => {
    for (let attempt = 0; attempt < policies.passwordPerAccount.maxAttempts; attempt++) {
      await login({ email: 'fantasma@receta.test', password: 'Otra-Clave-2026' });
    }
    expect((await login({ email: 'fantasma@receta.test', password: 'Otra-Clave-2026' })).statusCode).toBe(429);
  });

  it('forgets earlier wrong passwords after a right one', async () => {
    const user = await createUser(test.app);
    for (let attempt = 1; attempt < policies.passwordPerAccount.maxAttempts; attempt++) {
      await login({ email: user.email, password: 'Otra-Clave-2026' });
    }
    expect((await login({ email: user.email, password: user.password })).statusCode).toBe(200);
    expect((await login({ email: user.email, password: 'Otra-Clave-2026' })).statusCode).toBe(401);
    expect((await login({ email: user.email, password: user.password })).statusCode).toBe(200);
  });

  it('locks an address that tries wrong passwords across many accounts', async () => {
    const address = freshAddress();
    for (let attempt = 0; attempt < policies.passwordPerAddress.maxAttempts; attempt++) {
      await login({ email: `cuenta-${attempt}@receta.test`, password: 'Otra-Clave-2026' }, address);
    }
    const user = await createUser(test.app);
    const fromThatAddress = await login({ email: user.email, password: user.password }, address);
    expect(fromThatAddress.statusCode).toBe(429);
    expect((await login({ email: user.email, password: user.password }, freshAddress())).statusCode).toBe(200);
  });
});

describe('POST /api/auth/login/2fa', () => {
  it('signs a user in through both steps and answers the access token with the session', async () => {
    const user = await createUser(test.app, { email: 'completo@receta.test', displayName: 'Ana Pérez', roles: ['fds.medical'] });
    const address = freshAddress();
    const authenticityToken = await authenticityTokenFor(user, address);
    const { secret } = authenticityClaimsOf(authenticityToken);
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/auth/login/2fa',
      remoteAddress: address,
      headers: { authorization: `Bearer ${authenticityToken}`, 'user-agent': 'Prueba/1.0' },
      payload: { token: totpCodeFor(secret!) },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ access_token: string; user: UserSession }>();
    expect(body.user).toMatchObject({
      id: user.id,
      email: 'completo@receta.test',
      displayName: 'Ana Pérez',
      roles: ['fds.medical'],
      redirectUrl: null,
      workspaces: [],
      termsAndConditions: null,
      data: { displayName: 'Ana Pérez', photoURL: null, email: 'completo@receta.test', settings: {}, shortcuts: [] },
    });
    expect(body.user.scope).toContain('sign.prescription');

    const claims = decodeJwt(body.access_token);
    expect(claims).toMatchObject({ aud: 'access', sub: user.id });
    expect(claims.exp! - claims.iat!).toBe(12 * 60 * 60);
    const [session] = await test.app.db.select().from(sessions).where(eq(sessions.id, claims.sid as string));
    expect(session).toMatchObject({ userId: user.id, userAgent: 'Prueba/1.0', ipAddress: address, revokedAt: null });
    expect(Math.abs(session!.expiresAt.getTime() - Date.now() - 12 * 60 * 60_000)).toBeLessThan(60_000);

    const current = await test.app.inject({ url: '/api/auth/session', headers: { authorization: `Bearer ${body.access_token}` } });
    expect(current.statusCode).toBe(200);
    expect(current.json()).toEqual(body.user);

    const [account] = await test.app.db.select().from(users).where(eq(users.id, user.id));
    expect(account!.totpEnabledAt).toBeInstanceOf(Date);
    const audit = await readAuditEvents(test.app.db, and(eq(auditEvents.action, 'user.signed_in'), eq(auditEvents.subjectId, user.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorUserId: user.id, details: { sessionId: session!.id, enrolledSecondFactor: true },
    });
  });

  it('accepts a code once: the same code again is refused as already used', async () => {
    const user = await createUser(test.app);
    const secret = authenticityClaimsOf(await authenticityTokenFor(user)).secret!;
    const code = totpCodeFor(secret);
    expect((await secondStep(await authenticityTokenFor(user), code)).statusCode).toBe(200);
    const replay = await secondStep(await authenticityTokenFor(user), code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ message: messages.auth.codeAlreadyUsed });
  });

  it('refuses a code older than the last accepted one', async () => {
    const user = await createUser(test.app);
    const secret = authenticityClaimsOf(await authenticityTokenFor(user)).secret!;
    expect((await secondStep(await authenticityTokenFor(user), totpCodeFor(secret, 1))).statusCode).toBe(200);
    expect((await secondStep(await authenticityTokenFor(user), totpCodeFor(secret))).statusCode).toBe(401);
  });

  it('refuses a wrong code, and a code too far from the present', async () => {
    const user = await createUser(test.app);
    const secret = authenticityClaimsOf(await authenticityTokenFor(user)).secret!;
    const right = totpCodeFor(secret);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    for (const code of [wrong, totpCodeFor(secret, 3), totpCodeFor(secret, -3)]) {
      const response = await secondStep(await authenticityTokenFor(user), code);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ message: messages.auth.wrongCode });
    }
    const [account] = await test.app.db.select().from(users).where(eq(users.id, user.id));
    expect(account!.totpEnabledAt).toBeNull();
  });

  it('locks the account after five wrong codes, even against the right one', async () => {
    const user = await createUser(test.app);
    const authenticityToken = await authenticityTokenFor(user);
    const secret = authenticityClaimsOf(authenticityToken).secret!;
    for (let attempt = 0; attempt < policies.totpPerAccount.maxAttempts; attempt++) {
      expect((await secondStep(authenticityToken, '000000')).statusCode).toBe(401);
    }
    const locked = await secondStep(authenticityToken, totpCodeFor(secret));
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ message: messages.common.tooManyRequests });
  });

  it('locks an address that tries wrong codes across accounts', async () => {
    const address = freshAddress();
    const perAccount = policies.totpPerAccount.maxAttempts - 1;
    const accounts = Math.ceil(policies.totpPerAddress.maxAttempts / perAccount);
    for (let index = 0; index < accounts; index++) {
      const authenticityToken = await authenticityTokenFor(await createUser(test.app));
      for (let attempt = 0; attempt < perAccount; attempt++) await secondStep(authenticityToken, '000000', address);
    }
    const user = await createUser(test.app);
    const authenticityToken = await authenticityTokenFor(user);
    const code = totpCodeFor(await totpSecretOf(test.app, user.id));
    expect((await secondStep(authenticityToken, code, address)).statusCode).toBe(429);
    expect((await secondStep(authenticityToken, code, freshAddress())).statusCode).toBe(200);
  });

  it('refuses a missing, forged, expired or access token as the first-step token', async () => {
    const user = await createUser(test.app);
    const secret = authenticityClaimsOf(await authenticityTokenFor(user)).secret!;
    const expired = test.app.tokens.sign('authenticity', { sub: user.id }, -10);
    const accessToken = await signIn(test.app, user.id);
    for (const authenticityToken of [undefined, 'abc.def.ghi', expired, accessToken]) {
      const response = await secondStep(authenticityToken, totpCodeFor(secret));
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ message: messages.auth.loginStepExpired, errorCode: 'loginStepExpired' });
    }
  });

  it.each(['12345', '1234567', 'abcdef', ''])('refuses the code %j with the form message', async (code) => {
    const response = await secondStep('no-importa', code);
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().fields?.[0]).toEqual({ field: 'body.token', message: messages.login.codeInvalid });
  });

  it('refuses an account suspended between the two steps', async () => {
    const user = await createUser(test.app);
    const authenticityToken = await authenticityTokenFor(user);
    const secret = authenticityClaimsOf(authenticityToken).secret!;
    await test.app.db.update(users).set({ status: 'suspended' }).where(eq(users.id, user.id));
    const response = await secondStep(authenticityToken, totpCodeFor(secret));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: messages.auth.suspended });
  });
});
