import type { ApiError, UserSession } from '@receta/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { freshAddress, signInThroughBothSteps } from '../../../test/factories/second-factor.ts';
import { useTestApp } from '../../../test/helper.ts';
import { roles, userRoles, users } from '../../db/schema/index.ts';
import { ensureSuperadmin } from './superadmin.ts';

// A file of its own: it takes the superadmin role away from the test database's superadmin.
const test = useTestApp();

/** What a first start without ADMIN_EMAIL and ADMIN_PASSWORD creates, with the password it prints. */
async function createDefaultSuperadmin() {
  const [role] = await test.app.db.select({ id: roles.id }).from(roles).where(eq(roles.slug, 'superadmin'));
  await test.app.db.delete(userRoles).where(eq(userRoles.roleId, role!.id));
  let printed: { email: string; password: string } | undefined;
  await ensureSuperadmin(test.app.db, { email: undefined, password: undefined }, (email, password) => {
    printed = { email, password };
  });
  const [user] = await test.app.db.select({ id: users.id }).from(users).where(eq(users.email, printed!.email));
  return { id: user!.id, ...printed! };
}

describe('the default superadmin (admin@localhost)', () => {
  it('signs in with the printed password through both steps of POST /api/auth/login', async () => {
    const admin = await createDefaultSuperadmin();
    expect(admin.email).toBe('admin@localhost');

    const signedIn = await signInThroughBothSteps(test.app, admin);
    const session = await test.app.inject({
      url: '/api/auth/session', headers: { authorization: `Bearer ${signedIn.access_token}` },
    });
    expect(session.json<UserSession>()).toMatchObject({ email: 'admin@localhost', roles: ['superadmin'] });
  });

  it('is the only address without a domain the login takes', async () => {
    const response = await test.app.inject({
      method: 'POST', url: '/api/auth/login', remoteAddress: freshAddress(),
      payload: { email: 'ana@localhost', password: 'Clave-Segura-2026' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().fields).toEqual([{ field: 'body.email', message: 'Email inválido' }]);
  });
});
