import { messages, permissions } from '@receta/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { inviteAdministrator } from '../../../test/factories/administrators.ts';
import { authorizationFor, superadminId } from '../../../test/factories/users.ts';
import { testAdmin } from '../../../test/fixtures.ts';
import { useTestApp } from '../../../test/helper.ts';
import { roles, userRoles, users } from '../../db/schema/index.ts';
import type { ActingAdministrator } from '../../platform/auth/acting-administrator.ts';
import { removeAdministrators } from './administrators.service.ts';

// A file of its own: every test here depends on how many superadmins the platform has.
const test = useTestApp();
let adminId: string;
let superadmin: Record<string, string>;

beforeAll(async () => {
  adminId = await superadminId(test.app, testAdmin.email);
  superadmin = await authorizationFor(test.app, adminId);
});

function edit(id: string, payload: object, headers = superadmin) {
  return test.app.inject({ method: 'PUT', url: `/api/administrators/${id}`, headers, payload });
}

function authorizedSuperadmins() {
  return test.app.db.select({ id: users.id })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(roles.slug, 'superadmin'), eq(users.status, 'active')));
}

function actingSuperadmin(id: string): ActingAdministrator {
  return { actorUserId: id, pagePath: null, roles: ['superadmin'], scope: [...permissions], requestedWorkspaceId: undefined };
}

describe('the last authorized superadmin', () => {
  it('cannot give up the superadmin role', async () => {
    const response = await edit(adminId, { roles: ['fds.admin'] });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: messages.administrators.lastSuperadmin, errorCode: 'lastSuperadmin' });
    expect(await authorizedSuperadmins()).toEqual([{ id: adminId }]);
  });

  it('is still the last one while another superadmin waits for authorization', async () => {
    await inviteAdministrator(test.app, superadmin, { email: 'en.espera@super.test', roles: ['superadmin'], authorized: false });
    expect((await edit(adminId, { roles: ['fds.admin'] })).statusCode).toBe(409);
  });

  it('may step down once another superadmin is authorized, and then reaches superadmins no more', async () => {
    const { administrator: other } = await inviteAdministrator(test.app, superadmin, {
      email: 'otro@super.test', roles: ['superadmin'], authorized: true,
    });
    const response = await edit(adminId, { roles: ['fds.admin'] });
    expect(response.json()).toMatchObject({ roles: ['fds.admin'] });
    expect((await edit(other.id, { displayName: 'Ya no' })).statusCode).toBe(404);
  });

  it('remains when two superadmins remove each other at the same time', async () => {
    const [remaining] = await authorizedSuperadmins();
    const { administrator: second } = await inviteAdministrator(
      test.app, await authorizationFor(test.app, remaining!.id), { email: 'segundo@super.test', roles: ['superadmin'] },
    );
    const outcomes = await Promise.allSettled([
      removeAdministrators(test.app.db, actingSuperadmin(remaining!.id), [second.id]),
      removeAdministrators(test.app.db, actingSuperadmin(second.id), [remaining!.id]),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.find((outcome) => outcome.status === 'rejected')?.reason)
      .toMatchObject({ message: messages.administrators.lastSuperadmin });
    expect(await authorizedSuperadmins()).toHaveLength(1);
  });
});
