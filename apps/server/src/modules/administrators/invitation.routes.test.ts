import { messages } from '@receta/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { inviteAdministrator } from '../../../test/factories/administrators.ts';
import { freshAddress } from '../../../test/factories/second-factor.ts';
import { authorizationFor, superadminId } from '../../../test/factories/users.ts';
import { testAdmin } from '../../../test/fixtures.ts';
import { useTestApp } from '../../../test/helper.ts';
import { auditEvents, users, userTokens } from '../../db/schema/index.ts';
import { verifySecret } from '../../platform/passwords.ts';

const test = useTestApp();
let superadmin: Record<string, string>;
let invitations = 0;

beforeAll(async () => {
  superadmin = await authorizationFor(test.app, await superadminId(test.app, testAdmin.email));
});

function invite(authorized = true) {
  invitations += 1;
  return inviteAdministrator(test.app, superadmin, { email: `invitado-${invitations}@invitacion.test`, roles: ['pharmacy'], authorized });
}

function accept(token: string, payload: object) {
  return test.app.inject({ method: 'POST', url: `/api/auth/invitation/${token}`, payload });
}

function login(email: string, password: string) {
  return test.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: freshAddress(), payload: { email, password } });
}

async function passwordHashOf(userId: string): Promise<string> {
  const [account] = await test.app.db.select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  return account?.passwordHash ?? '';
}

describe('POST /api/auth/invitation/{userToken}', () => {
  it('sets the password of an invited administrator, who can then sign in', async () => {
    const { administrator, token } = await invite();
    const response = await accept(token, { password: 'Mi-Clave-Nueva-1' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: messages.administrators.passwordSet });
    expect(await verifySecret(await passwordHashOf(administrator.id), 'Mi-Clave-Nueva-1')).toBe(true);
    expect((await login(administrator.email, 'Mi-Clave-Nueva-1')).statusCode).toBe(200);
    expect(await test.app.db.$count(auditEvents, and(
      eq(auditEvents.subjectId, administrator.id), eq(auditEvents.action, 'user.invitation_accepted'),
      eq(auditEvents.actorUserId, administrator.id),
    ))).toBe(1);
  });

  it('works once', async () => {
    const { administrator, token } = await invite();
    expect((await accept(token, { password: 'Primera-Clave-1' })).statusCode).toBe(200);
    const again = await accept(token, { password: 'Segunda-Clave-2' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: messages.auth.linkInvalid });
    expect(await verifySecret(await passwordHashOf(administrator.id), 'Primera-Clave-1')).toBe(true);
  });

  it('refuses an expired or unknown link', async () => {
    const { token } = await invite();
    await test.app.db.update(userTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(userTokens.purpose, 'invitation'));
    for (const link of [token, 'no-existe']) {
      const response = await accept(link, { password: 'Mi-Clave-Nueva-1' });
      expect(response.json()).toMatchObject({ statusCode: 400, message: messages.auth.linkInvalid });
    }
  });

  it.each([
    ['no password', {}, messages.common.required],
    ['an empty password', { password: '' }, messages.common.required],
    ['a password of 9 characters', { password: 'Clave-123' }, messages.password.tooShort],
    ['a password without a symbol', { password: 'Clave12345' }, messages.password.weak],
  ])('refuses %s in Spanish and keeps the link working', async (_case, payload, message) => {
    const { token } = await invite();
    const response = await accept(token, payload);
    expect(response.json()).toMatchObject({ statusCode: 400, fields: [{ field: 'body.password', message }] });
    expect((await accept(token, { password: 'Mi-Clave-Nueva-1' })).statusCode).toBe(200);
  });

  it('lets an administrator waiting for authorization choose a password, and sign in only once authorized', async () => {
    const { administrator, token } = await invite(false);
    const response = await accept(token, { password: 'Clave-En-Espera-1' });
    expect(response.json()).toEqual({ message: messages.administrators.passwordSetPending });
    const refused = await login(administrator.email, 'Clave-En-Espera-1');
    expect(refused.json()).toMatchObject({ statusCode: 403, message: messages.auth.pendingApproval });

    const authorize = await test.app.inject({ method: 'POST', url: `/api/users/${administrator.id}/authorize`, headers: superadmin });
    expect(authorize.json()).toEqual({ message: messages.administrators.authorized });
    expect((await login(administrator.email, 'Clave-En-Espera-1')).statusCode).toBe(200);
  });

  it('no longer works for a removed administrator', async () => {
    const { administrator, token } = await invite();
    const removal = await test.app.inject({
      method: 'DELETE', url: '/api/administrators', headers: superadmin, payload: { ids: [administrator.id] },
    });
    expect(removal.statusCode).toBe(200);
    expect((await accept(token, { password: 'Mi-Clave-Nueva-1' })).json()).toMatchObject({ statusCode: 400, message: messages.auth.linkInvalid });
  });
});
