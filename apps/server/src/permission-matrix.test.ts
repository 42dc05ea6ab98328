import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { messages, roleSlugs } from '@receta/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApprovedDoctor } from '../test/factories/approved-doctors.ts';
import { authorizationFor, createUser } from '../test/factories/users.ts';
import { createWorkspace } from '../test/factories/workspaces.ts';
import { openTestDatabase } from '../test/database.ts';
import { testAdmin } from '../test/fixtures.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { builtInRoles } from './modules/roles/index.ts';
import { isGranted, isOAuthAccess, type DeclaredRoute } from './platform/auth/access-control.ts';

// The table's rows are the routes the app declares, so the app is built while the tests are
// collected rather than in a hook: a route added later joins the matrix by itself.
const dataDir = await mkdtemp(join(tmpdir(), 'receta-matrix-'));
const app = await buildApp({
  config: loadConfig({
    LOG_LEVEL: 'silent', DATA_DIR: dataDir, ADMIN_EMAIL: testAdmin.email, ADMIN_PASSWORD: testAdmin.password,
  }),
  database: await openTestDatabase(),
  webRoot: join(dataDir, 'no-web'),
});
await app.ready();
afterAll(async () => {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
});

// Routes of external apps take OAuth2 tokens, not sessions: the OAuth2 tests cover them.
const protectedRoutes = app.declaredRoutes.filter((route) => route.access !== 'public' && !isOAuthAccess(route.access));

/**
 * One user per default role, holding that role alone; the doctor has a professional record, as
 * approved ones do. Each belongs to one workspace, which the routes that work inside one take
 * when the request names none: their access rule is what this table is about.
 */
const userIdByRole = new Map<string, string>();
beforeAll(async () => {
  for (const role of builtInRoles) {
    const user = role.slug === roleSlugs.medical
      ? await createApprovedDoctor(app)
      : await createUser(app, { roles: [role.slug] });
    userIdByRole.set(role.slug, user.id);
  }
  await createWorkspace(app, { memberIds: [...userIdByRole.values()] });
});

/**
 * Requests the access rule lets through and the service then refuses, for what the account
 * is rather than for its role; each with the refusal it must give.
 */
const refusedPastTheAccessCheck: Record<string, string> = {
  // The superadmin holds sign.prescription, like every permission, but has no doctor's PIN.
  'POST /api/auth/pin-recovery-request as superadmin': messages.auth.notDoctor,
};

/** The route with a random id in each path parameter and an empty body: enough to pass or meet the access check. */
function call(route: DeclaredRoute, headers: Record<string, string> = {}) {
  const url = route.url.replace(/:\w+/g, () => randomUUID());
  const hasBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method);
  return app.inject({ method: route.method as 'GET', url, headers, ...(hasBody ? { payload: {} } : {}) });
}

/** A fresh session per request: a route such as logout ends the session it is called with. */
async function headersOf(slug: string): Promise<Record<string, string>> {
  const userId = userIdByRole.get(slug);
  if (!userId) throw new Error(`No user with the role ${slug}`);
  return authorizationFor(app, userId);
}

describe('permission matrix', () => {
  it('covers the API', () => {
    expect(protectedRoutes.length).toBeGreaterThan(10);
  });

  it('names only requests the access rule grants among the refusals of a service', () => {
    const granted = protectedRoutes.flatMap((route) => builtInRoles
      .filter((role) => isGranted(route.access, { roles: [role.slug], scope: role.permissions }))
      .map((role) => `${route.method} ${route.url} as ${role.slug}`));
    expect(granted).toEqual(expect.arrayContaining(Object.keys(refusedPastTheAccessCheck)));
  });

  for (const route of protectedRoutes) {
    const label = `${route.method} ${route.url}`;

    it(`${label} without a session → 401`, async () => {
      expect((await call(route)).statusCode).toBe(401);
    });

    for (const role of builtInRoles) {
      const isAllowed = isGranted(route.access, { roles: [role.slug], scope: role.permissions });
      const serviceRefusal = refusedPastTheAccessCheck[`${label} as ${role.slug}`];
      it(`${label} as ${role.slug} → ${isAllowed ? 'allowed' : '403'}`, async () => {
        const response = await call(route, await headersOf(role.slug));
        if (!isAllowed) expect(response.statusCode, response.body).toBe(403);
        else if (serviceRefusal) expect(response.json()).toMatchObject({ statusCode: 403, message: serviceRefusal });
        else expect([401, 403], response.body).not.toContain(response.statusCode);
      });
    }
  }
});
