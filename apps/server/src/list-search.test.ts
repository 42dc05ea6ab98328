import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApprovedDoctor } from '../test/factories/approved-doctors.ts';
import { registerDoctor } from '../test/factories/doctors.ts';
import { createOAuthClient } from '../test/factories/oauth.ts';
import { authorizationFor, createUser, superadminId } from '../test/factories/users.ts';
import { createWorkspace } from '../test/factories/workspaces.ts';
import { testAdmin } from '../test/fixtures.ts';
import { useTestApp } from '../test/helper.ts';
import { doctors, oauthClients, roles } from './db/schema/index.ts';

// Every list with a `q` searches one way: each word, case and accents aside.
const test = useTestApp();
let superadmin: Record<string, string>;

beforeAll(async () => {
  superadmin = await authorizationFor(test.app, await superadminId(test.app, testAdmin.email));
});

/** Each list, and how to put in it a record named with "Gómez"; answers the record's id. */
const lists: Array<{ list: string; url: string; create: () => Promise<string> }> = [
  {
    list: 'medics',
    url: '/api/medicals',
    create: async () => {
      const doctor = await createApprovedDoctor(test.app);
      await test.app.db.update(doctors).set({ lastName: 'Gómez' }).where(eq(doctors.userId, doctor.id));
      return doctor.id;
    },
  },
  {
    list: 'accounts awaiting authorization',
    url: '/api/users/not-authorized',
    create: async () => (await registerDoctor(test.app, { lastName: 'Gómez' })).id,
  },
  {
    list: 'administrators',
    url: '/api/administrators',
    create: async () => (await createUser(test.app, { displayName: 'Marta Gómez', roles: ['fds.admin'] })).id,
  },
  {
    list: 'roles',
    url: '/api/roles',
    create: async () => {
      const [role] = await test.app.db.insert(roles)
        .values({ slug: `auditoria-${randomUUID().slice(0, 8)}`, name: 'Auditoría Gómez', permissions: ['index.role'] })
        .returning({ id: roles.id });
      return role!.id;
    },
  },
  {
    list: 'workspaces',
    url: '/api/workspaces',
    create: async () => (await createWorkspace(test.app, { name: 'Consultorio Gómez' })).id,
  },
  {
    list: 'registered apps',
    url: '/api/oauth-clients',
    create: async () => {
      const client = await createOAuthClient(test.app);
      await test.app.db.update(oauthClients).set({ name: 'Turnos Gómez' }).where(eq(oauthClients.id, client.id));
      return client.id;
    },
  },
];

describe.each(lists)('the list of $list', ({ url, create }) => {
  it('finds "Gómez" when asked for "gomez", and "GOMEZ" too', async () => {
    const id = await create();
    for (const q of ['gomez', 'GOMEZ', 'gómez']) {
      const response = await test.app.inject({ method: 'GET', url, query: { q }, headers: superadmin });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(id);
    }
    const other = await test.app.inject({ method: 'GET', url, query: { q: 'gomez zzzz' }, headers: superadmin });
    expect(other.body).not.toContain(id);
  });
});
