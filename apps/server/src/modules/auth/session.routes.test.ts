import { messages, type ApiError, type UserSession } from '@receta/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createApprovedDoctor } from '../../../test/factories/approved-doctors.ts';
import { authorizationFor, createUser, signIn } from '../../../test/factories/users.ts';
import { useTestApp } from '../../../test/helper.ts';
import { auditEvents, roles, users } from '../../db/schema/index.ts';
import { readAuditEvents } from '../../../test/audit-events.ts';

const test = useTestApp();

function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

describe('GET /api/auth/session', () => {
  it('builds the session from the roles in order: scope is their union, the first role gives the landing page', async () => {
    await test.app.db.insert(roles).values([
      { slug: 'prueba.farmacia', name: 'Farmacia', landingPage: '/scanner', permissions: ['index.scan', 'index.prescription'] },
      { slug: 'prueba.lector', name: 'Lector', landingPage: '/myPatients', permissions: ['index.patient', 'index.prescription'] },
    ]);
    const user = await createUser(test.app, { email: 'roles@receta.test', roles: ['prueba.farmacia', 'prueba.lector'] });
    const response = await test.app.inject({ url: '/api/auth/session', headers: await authorizationFor(test.app, user.id) });
    expect(response.statusCode).toBe(200);
    const session = response.json<UserSession>();
    expect(session.roles).toEqual(['prueba.farmacia', 'prueba.lector']);
    expect([...session.scope].sort()).toEqual(['index.patient', 'index.prescription', 'index.scan']);
    expect(session.redirectUrl).toBe('/scanner');
    expect(session.workspaces).toEqual([]);
  });

  it('answers an empty scope and no landing page to a user without roles', async () => {
    const user = await createUser(test.app);
    const session = (await test.app.inject({ url: '/api/auth/session', headers: await authorizationFor(test.app, user.id) }))
      .json<UserSession>();
    expect(session).toMatchObject({ scope: [], roles: [], redirectUrl: null });
  });

  it('says whether the user has a signing PIN: a doctor who set one, not a superadmin who holds every permission', async () => {
    const withPin = await createApprovedDoctor(test.app, { pinHash: 'argon2id-del-pin' });
    const withoutPin = await createApprovedDoctor(test.app);
    const superadmin = await createUser(test.app, { roles: ['superadmin'] });
    const hasSigningPin = async (userId: string) => (await test.app.inject({
      url: '/api/auth/session', headers: await authorizationFor(test.app, userId),
    })).json<UserSession>().hasSigningPin;

    expect(await hasSigningPin(withPin.id)).toBe(true);
    expect(await hasSigningPin(withoutPin.id)).toBe(false);
    expect(await hasSigningPin(superadmin.id)).toBe(false);
  });

  it('answers 401 "Invalid access_token" without a token', async () => {
    const response = await test.app.inject({ url: '/api/auth/session' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ message: messages.session.invalidAccessToken });
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the current session only: its token is refused afterwards, other sessions go on', async () => {
    const user = await createUser(test.app);
    const token = await signIn(test.app, user.id);
    const otherDevice = await signIn(test.app, user.id);
    const response = await test.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: messages.auth.loggedOut });

    const afterwards = await test.app.inject({ url: '/api/auth/session', headers: bearer(token) });
    expect(afterwards.statusCode).toBe(401);
    expect(afterwards.json()).toMatchObject({ message: messages.session.invalidAccessToken });
    expect((await test.app.inject({ url: '/api/auth/session', headers: bearer(otherDevice) })).statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    expect((await test.app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(401);
  });
});

describe('POST /api/termsAndConditions', () => {
  it('records the acceptance at the server clock and keeps the client time in the audit trail', async () => {
    const user = await createUser(test.app);
    const headers = { ...await authorizationFor(test.app, user.id), 'x-page-path': '/termsAndConditions' };
    const before = Date.now();
    const response = await test.app.inject({
      method: 'POST', url: '/api/termsAndConditions', query: { sign: '2020-01-01T10:00:00.000-03:00' }, headers,
    });
    expect(response.statusCode).toBe(200);
    const { termsAndConditions } = response.json<{ termsAndConditions: string }>();
    expect(new Date(termsAndConditions).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(termsAndConditions).toISOString()).toBe(termsAndConditions);

    const session = (await test.app.inject({ url: '/api/auth/session', headers })).json<UserSession>();
    expect(session.termsAndConditions).toBe(termsAndConditions);
    const [audit] = await readAuditEvents(test.app.db, and(eq(auditEvents.action, 'user.terms_accepted'), eq(auditEvents.subjectId, user.id)));
    expect(audit).toMatchObject({
      actorUserId: user.id,
      pagePath: '/termsAndConditions',
      details: { clientTime: '2020-01-01T10:00:00.000-03:00', termsRevision: 'marzo de 2023' },
    });
  });

  it.each([
    ['no date', {}],
    ['a date without time', { sign: '2026-03-01' }],
    ['text', { sign: 'ayer' }],
  ])('refuses %s in sign', async (_case, query) => {
    const user = await createUser(test.app);
    const response = await test.app.inject({
      method: 'POST', url: '/api/termsAndConditions', query, headers: await authorizationFor(test.app, user.id),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().fields?.[0]).toEqual({ field: 'querystring.sign', message: messages.auth.termsDateInvalid });
  });

  it('answers 401 without a token', async () => {
    const response = await test.app.inject({
      method: 'POST', url: '/api/termsAndConditions', query: { sign: new Date().toISOString() },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/auth/user/update', () => {
  it('saves the display name, photo, settings and shortcuts and answers the updated session', async () => {
    const user = await createUser(test.app, { displayName: 'Antes' });
    const headers = await authorizationFor(test.app, user.id);
    const changes = {
      displayName: '  Dra. Ana Pérez ',
      photoURL: 'https://fotos.example/ana.png',
      settings: { theme: { main: 'dark' }, direction: 'rtl', animations: false },
      shortcuts: ['/myPatients', '/prescriptions'],
    };
    const response = await test.app.inject({ method: 'POST', url: '/api/auth/user/update', headers, payload: { user: changes } });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ message: string; user: UserSession }>();
    expect(body.message).toBe(messages.session.userDataSaved);
    expect(body.user).toMatchObject({
      displayName: 'Dra. Ana Pérez',
      data: { ...changes, displayName: 'Dra. Ana Pérez', email: user.email },
    });
    expect((await test.app.inject({ url: '/api/auth/session', headers })).json()).toEqual(body.user);
  });

  it('changes only the fields sent, and removes the photo with null', async () => {
    const user = await createUser(test.app, { displayName: 'Sin Cambios' });
    const headers = await authorizationFor(test.app, user.id);
    await test.app.inject({ method: 'POST', url: '/api/auth/user/update', headers, payload: { user: { photoURL: '/api/files/1' } } });
    const response = await test.app.inject({
      method: 'POST', url: '/api/auth/user/update', headers, payload: { user: { shortcuts: ['/dashboard'] } },
    });
    expect(response.json<{ user: UserSession }>().user.data).toMatchObject({
      displayName: 'Sin Cambios', photoURL: '/api/files/1', shortcuts: ['/dashboard'],
    });
    const removed = await test.app.inject({ method: 'POST', url: '/api/auth/user/update', headers, payload: { user: { photoURL: null } } });
    expect(removed.json<{ user: UserSession }>().user.data.photoURL).toBeNull();
  });

  it('never changes the email, the status or the roles, whatever the body says', async () => {
    const user = await createUser(test.app, { email: 'propia@receta.test' });
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/auth/user/update',
      headers: await authorizationFor(test.app, user.id),
      payload: { user: { email: 'ajena@receta.test', status: 'suspended', roles: ['superadmin'], displayName: 'Ana' } },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ user: UserSession }>().user).toMatchObject({ email: 'propia@receta.test', roles: [] });
    const [account] = await test.app.db.select().from(users).where(eq(users.id, user.id));
    expect(account).toMatchObject({ email: 'propia@receta.test', status: 'active', displayName: 'Ana' });
  });

  it.each([
    ['displayName', '   ', messages.common.required],
    ['displayName', 'x'.repeat(101), messages.auth.displayNameMax],
    ['photoURL', 'javascript:alert(1)', messages.auth.photoUrlInvalid],
    ['photoURL', '//otro.example/foto.png', messages.auth.photoUrlInvalid],
    ['settings', { blob: 'x'.repeat(20_000) }, messages.auth.settingsTooLarge],
    ['shortcuts', Array.from({ length: 51 }, (_, index) => `/ruta-${index}`), messages.auth.shortcutsInvalid],
  ])('refuses %s = %s with "%s"', async (field, value, message) => {
    const user = await createUser(test.app);
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/auth/user/update',
      headers: await authorizationFor(test.app, user.id),
      payload: { user: { [field]: value } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().fields?.[0]).toEqual({ field: `body.user.${field}`, message });
  });

  it('answers 401 without a token', async () => {
    const response = await test.app.inject({ method: 'POST', url: '/api/auth/user/update', payload: { user: {} } });
    expect(response.statusCode).toBe(401);
  });
});

describe('OpenAPI', () => {
  it('documents every sign-in and recovery route under the "autenticación" tag', async () => {
    const document = (await test.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { tags?: string[]; summary?: string }>>;
    }>();
    const documented = Object.entries(document.paths)
      .flatMap(([path, operations]) => Object.entries(operations)
        .map(([method, operation]) => ({ path, method, operation })))
      .filter(({ operation }) => operation.tags?.includes('autenticación'))
      .map(({ path, method, operation }) => {
        expect(operation.summary).toBeTruthy();
        return `${method.toUpperCase()} ${path}`;
      });
    expect(documented.sort()).toEqual([
      'GET /api/auth/session',
      'POST /api/auth/login',
      'POST /api/auth/login/2fa',
      'POST /api/auth/logout',
      'POST /api/auth/password-recovery-request',
      'POST /api/auth/password-recovery/{userToken}',
      'POST /api/auth/pin-recovery-request',
      'POST /api/auth/pin-recovery/{userToken}',
      'POST /api/auth/user/update',
      'POST /api/termsAndConditions',
    ]);
  });
});
