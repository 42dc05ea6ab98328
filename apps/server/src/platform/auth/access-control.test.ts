import { messages } from '@receta/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../../../test/factories/users.ts';
import { useTestApp } from '../../../test/helper.ts';
import { roles, sessions } from '../../db/schema/index.ts';
import { errorHandler } from '../http/error-handler.ts';
import { accessControl, currentUser } from './access-control.ts';

const test = useTestApp();
let probe: FastifyInstance;

/** A small app with the real access control in front of routes of each kind. */
beforeAll(async () => {
  probe = Fastify({ logger: { level: 'error' } });
  probe.decorate('db', test.app.db);
  await probe.register(errorHandler);
  await probe.register(accessControl, { signer: test.app.tokens, policy: test.config });
  probe.get('/api/open', { config: { access: 'public' } }, () => ({ ok: true }));
  probe.get('/api/me', { config: { access: 'authenticated' } }, (request) => ({ email: currentUser(request).email }));
  probe.get('/api/roles', { config: { access: ['index.role'] } }, () => ({ ok: true }));
  await probe.ready();
});
afterAll(() => probe.close());

describe('access control', () => {
  it('lets anyone call a public route', async () => {
    expect((await probe.inject({ url: '/api/open' })).statusCode).toBe(200);
  });

  it('answers 401 "Invalid access_token" without a token or with a forged one', async () => {
    for (const headers of [{}, { authorization: 'Bearer abc.def.ghi' }]) {
      const response = await probe.inject({ url: '/api/me', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ message: messages.session.invalidAccessToken });
    }
  });

  it('answers 401 "access_token expired" for an expired token', async () => {
    const user = await createUser(test.app);
    const token = test.app.tokens.sign('access', { sub: user.id, sid: '00000000-0000-0000-0000-000000000000' }, -10);
    const response = await probe.inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } });
    expect(response.json()).toMatchObject({ statusCode: 401, message: messages.session.expiredAccessToken });
  });

  it('knows the user of a live session', async () => {
    const user = await createUser(test.app, { email: 'vivo@receta.test' });
    const response = await probe.inject({ url: '/api/me', headers: { authorization: `Bearer ${await signIn(test.app, user.id)}` } });
    expect(response.json()).toEqual({ email: 'vivo@receta.test' });
  });

  it('refuses a token whose session was revoked', async () => {
    const user = await createUser(test.app);
    const token = await signIn(test.app, user.id);
    await test.app.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, user.id));
    expect((await probe.inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
  });

  it('refuses a suspended user at once, whatever token they hold', async () => {
    const user = await createUser(test.app, { status: 'suspended' });
    const token = await signIn(test.app, user.id);
    expect((await probe.inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
  });

  it('answers 403 to a user without the route permission and 200 to one with it', async () => {
    const doctor = await createUser(test.app, { roles: ['fds.medical'] });
    const admin = await createUser(test.app, { roles: ['superadmin'] });
    const asDoctor = await probe.inject({ url: '/api/roles', headers: { authorization: `Bearer ${await signIn(test.app, doctor.id)}` } });
    expect(asDoctor.statusCode).toBe(403);
    expect(asDoctor.json()).toMatchObject({ message: messages.common.forbidden });
    const asAdmin = await probe.inject({ url: '/api/roles', headers: { authorization: `Bearer ${await signIn(test.app, admin.id)}` } });
    expect(asAdmin.statusCode).toBe(200);
  });

  it('sees a role gain a permission once the role catalogue is refreshed', async () => {
    const doctor = await createUser(test.app, { roles: ['fds.medical'] });
    const headers = { authorization: `Bearer ${await signIn(test.app, doctor.id)}` };
    expect((await probe.inject({ url: '/api/roles', headers })).statusCode).toBe(403);
    await test.app.db.update(roles)
      .set({ permissions: sql`array_append(${roles.permissions}, 'index.role')` })
      .where(eq(roles.slug, 'fds.medical'));
    probe.roleCatalogue.invalidate();
    expect((await probe.inject({ url: '/api/roles', headers })).statusCode).toBe(200);
  });

  it('refuses to start when an API route declares no access rule', async () => {
    const careless = Fastify();
    careless.decorate('db', test.app.db);
    await careless.register(accessControl, { signer: test.app.tokens, policy: test.config });
    expect(() => careless.get('/api/forgotten', () => ({}))).toThrow(/declares no access rule/);
    await careless.close();
  });
});
