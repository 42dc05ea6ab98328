import { messages, permissions, type Role, type RolePage } from '@receta/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInWithRoles } from '../../../test/factories/administrators.ts';
import { authorizationFor, createUser, superadminId } from '../../../test/factories/users.ts';
import { testAdmin } from '../../../test/fixtures.ts';
import { useTestApp } from '../../../test/helper.ts';
import { auditEvents, roles } from '../../db/schema/index.ts';
import { builtInRoles } from './built-in-roles.ts';
import { readAuditEvents } from '../../../test/audit-events.ts';

const test = useTestApp();
let superadmin: Record<string, string>;
let adminId: string;

beforeAll(async () => {
  adminId = await superadminId(test.app, testAdmin.email);
  superadmin = await authorizationFor(test.app, adminId);
});

function list(query = '', headers = superadmin) {
  return test.app.inject({ url: `/api/roles${query}`, headers });
}

function show(id: string, headers = superadmin) {
  return test.app.inject({ url: `/api/roles/${id}`, headers });
}

function create(payload: object, headers = superadmin) {
  return test.app.inject({ method: 'POST', url: '/api/roles', headers, payload });
}

function edit(id: string, payload: object, headers = superadmin) {
  return test.app.inject({ method: 'PUT', url: `/api/roles/${id}`, headers, payload });
}

function remove(ids: string[], headers = superadmin) {
  return test.app.inject({ method: 'DELETE', url: '/api/roles', headers, payload: { ids } });
}

let slugCount = 0;
/** A custom role straight through the API; answers it as the API shows it. */
async function createRole(overrides: object = {}): Promise<Role> {
  slugCount += 1;
  const response = await create({ name: `Rol ${slugCount}`, slug: `rol-${slugCount}`, permissions: ['index.role'], ...overrides });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Role>();
}

async function roleBySlug(slug: string): Promise<Role> {
  const page = (await list(`?q=${slug}&pageSize=100`)).json<RolePage>();
  const role = page.items.find((item) => item.slug === slug);
  if (!role) throw new Error(`No role ${slug}`);
  return role;
}

function auditOf(subjectId: string, action: string) {
  return readAuditEvents(test.app.db, and(eq(auditEvents.subjectId, subjectId), eq(auditEvents.action, action)));
}

describe('GET /api/roles', () => {
  it('lists the built-in roles by name with their permissions and how many users hold each', async () => {
    const response = await list('?pageSize=100');
    expect(response.statusCode).toBe(200);
    const page = response.json<RolePage>();
    expect(page).toMatchObject({ page: 1, pageSize: 100 });
    const names = page.items.map((role) => role.name);
    expect(names).toEqual([...names].sort((left, right) => left.localeCompare(right, 'es')));
    const superadminRole = page.items.find((role) => role.slug === 'superadmin');
    expect(superadminRole).toMatchObject({
      name: 'Superadministrador', isBuiltIn: true, landingPage: null, permissions: [...permissions], userCount: 1,
    });
    expect(page.items.filter((role) => role.isBuiltIn).map((role) => role.slug).sort())
      .toEqual(builtInRoles.map((role) => role.slug).sort());
  });

  it('searches every word in the name, slug and description, and sorts by slug in either order', async () => {
    await createRole({ name: 'Auditoría externa', slug: 'auditoria', description: 'Revisa registros' });
    const search = async (q: string) => (await list(`?q=${encodeURIComponent(q)}`)).json<RolePage>().items.map((role) => role.slug);
    expect(await search('auditoría')).toEqual(['auditoria']);
    expect(await search('REGISTROS revisa')).toEqual(['auditoria']);
    expect(await search('antigens.')).toEqual(['antigens.admin', 'antigens.employee', 'antigens.owner']);
    const slugsIn = async (query: string) => (await list(query)).json<RolePage>().items.map((role) => role.slug);
    const ascending = await slugsIn('?sort=slug&pageSize=100');
    expect(ascending).toContain('fds.admin');
    expect(await slugsIn('?sort=slug&order=desc&pageSize=100')).toEqual([...ascending].reverse());
    const firstTwo = (await list('?sort=slug&order=desc&pageSize=2&page=2')).json<RolePage>();
    expect(firstTwo.items.map((role) => role.slug)).toEqual([...ascending].reverse().slice(2, 4));
    expect(firstTwo.total).toBe(ascending.length);
  });

  it.each([
    ['an unknown sort', '?sort=password'],
    ['a page of 0', '?page=0'],
    ['a page size over 100', '?pageSize=101'],
  ])('refuses %s in Spanish', async (_case, query) => {
    const response = await list(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: messages.common.invalidData });
  });
});

describe('GET /api/roles/{id}', () => {
  it('shows a role', async () => {
    const pharmacy = await roleBySlug('pharmacy');
    const response = await show(pharmacy.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(pharmacy);
  });

  it('answers 404 with the roles\' message for an unknown or malformed id', async () => {
    const unknown = await show('00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: messages.roles.notFound });
    const malformed = await show('rol');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ message: messages.roles.notFound });
  });
});

describe('POST /api/roles', () => {
  it('creates a custom role, records it in the audit trail, and its users are let in at once', async () => {
    const response = await create({
      name: '  Moderador  ',
      slug: ' Moderador.Clinica ',
      description: 'Revisa las solicitudes',
      landingPage: '/users/notAuthorized',
      permissions: ['index.not.authorized.user', 'index.medical', 'index.medical'],
    });
    expect(response.statusCode).toBe(201);
    const role = response.json<Role>();
    expect(role).toMatchObject({
      name: 'Moderador',
      slug: 'moderador.clinica',
      description: 'Revisa las solicitudes',
      landingPage: '/users/notAuthorized',
      permissions: ['index.not.authorized.user', 'index.medical'],
      isBuiltIn: false,
      userCount: 0,
    });
    expect(await auditOf(role.id, 'role.created')).toMatchObject([{ actorUserId: adminId, subjectType: 'role' }]);

    const moderator = await signedInWithRoles(test.app, ['moderador.clinica']);
    expect((await test.app.inject({ url: '/api/users/not-authorized', headers: moderator.headers })).statusCode).toBe(200);
  });

  it('gives a role without description nor landing page an empty description and none', async () => {
    const role = await createRole({ description: undefined });
    expect(role).toMatchObject({ description: '', landingPage: null });
    expect((await createRole({ landingPage: '' })).landingPage).toBeNull();
  });

  it.each([
    ['no name', { name: undefined }, 'name', messages.common.required],
    ['a blank name', { name: '   ' }, 'name', messages.common.required],
    ['a name of 81 characters', { name: 'x'.repeat(81) }, 'name', messages.roles.nameTooLong],
    ['a description of 501 characters', { description: 'x'.repeat(501) }, 'description', messages.roles.descriptionTooLong],
    ['no slug', { slug: undefined }, 'slug', messages.roles.slugInvalid],
    ['a slug of one letter', { slug: 'a' }, 'slug', messages.roles.slugInvalid],
    ['a slug starting with a digit', { slug: '1rol' }, 'slug', messages.roles.slugInvalid],
    ['a slug with a space', { slug: 'mi rol' }, 'slug', messages.roles.slugInvalid],
    ['a slug of 41 characters', { slug: `a${'b'.repeat(40)}` }, 'slug', messages.roles.slugInvalid],
    ['a landing page of another site', { landingPage: '//evil.example' }, 'landingPage', messages.roles.landingPageInvalid],
    ['a landing page with a backslash', { landingPage: '/\\evil.example' }, 'landingPage', messages.roles.landingPageInvalid],
    ['a landing page that is no path', { landingPage: 'owners' }, 'landingPage', messages.roles.landingPageInvalid],
    ['a landing page with a query', { landingPage: '/owners?x=1' }, 'landingPage', messages.roles.landingPageInvalid],
    ['no permissions', { permissions: undefined }, 'permissions', messages.roles.permissionsRequired],
    ['an empty permission list', { permissions: [] }, 'permissions', messages.roles.permissionsRequired],
    ['an unknown permission', { permissions: ['index.role', 'read.everything'] }, 'permissions.1', messages.roles.permissionUnknown],
  ])('refuses %s and creates nothing', async (_case, overrides, field, message) => {
    const before = await test.app.db.$count(roles);
    const response = await create({ name: 'Rol', slug: 'rol-invalido', permissions: ['index.role'], ...overrides });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: [{ field: `body.${field}`, message }] });
    expect(await test.app.db.$count(roles)).toBe(before);
  });

  it('answers 409 for a slug another role has', async () => {
    const response = await create({ name: 'Otra farmacia', slug: 'Pharmacy', permissions: ['index.scan'] });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      message: messages.roles.slugTaken, errorCode: 'slugTaken', fields: [{ field: 'body.slug' }],
    });
  });

  it('refuses to put into a role a permission its creator does not hold', async () => {
    await test.app.db.insert(roles).values({ slug: 'creador-de-roles', name: 'Creador', permissions: ['create.role', 'index.role'] });
    const creator = await signedInWithRoles(test.app, ['creador-de-roles']);
    const refused = await create({ name: 'Todo', slug: 'todo', permissions: ['index.role', 'destroy.role'] }, creator.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: messages.roles.permissionNotHeld });
    expect((await create({ name: 'Lector', slug: 'lector', permissions: ['index.role'] }, creator.headers)).statusCode).toBe(201);
  });
});

describe('PUT /api/roles/{id}', () => {
  it('changes the fields sent of a custom role and records what changed', async () => {
    const role = await createRole({ description: 'Antes' });
    const response = await edit(role.id, { name: 'Renombrado', landingPage: '/owners', permissions: ['show.role', 'index.role'] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: role.id, slug: role.slug, name: 'Renombrado', description: 'Antes', landingPage: '/owners',
      permissions: ['show.role', 'index.role'],
    });
    const [audit] = await auditOf(role.id, 'role.edited');
    expect(audit?.details).toEqual({
      changes: { name: 'Renombrado', landingPage: '/owners', permissions: ['show.role', 'index.role'] },
    });
    expect((await edit(role.id, { slug: 'renombrado', landingPage: null })).json()).toMatchObject({
      slug: 'renombrado', landingPage: null,
    });
  });

  it('lets the users of a role lose a permission at once', async () => {
    const role = await createRole({ permissions: ['index.role'] });
    const user = await signedInWithRoles(test.app, [role.slug]);
    expect((await list('', user.headers)).statusCode).toBe(200);
    expect((await edit(role.id, { permissions: ['show.role'] })).statusCode).toBe(200);
    expect((await list('', user.headers)).statusCode).toBe(403);
  });

  it('lets a built-in role change its name, description and landing page, and keep its slug and permissions', async () => {
    const provider = await roleBySlug('fds.provider');
    const response = await edit(provider.id, {
      name: 'Prestador de salud',
      description: 'Clínicas y sanatorios',
      landingPage: '/myPatients',
      slug: 'fds.provider',
      permissions: [...provider.permissions].reverse(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Prestador de salud', description: 'Clínicas y sanatorios', landingPage: '/myPatients', isBuiltIn: true,
      permissions: provider.permissions,
    });
  });

  it.each([
    ['slug', { slug: 'prestador' }, messages.roles.builtInSlugFixed],
    ['permissions', { permissions: ['index.prescription'] }, messages.roles.builtInPermissionsFixed],
  ])('refuses to change a built-in role\'s %s and changes nothing', async (field, payload, message) => {
    const pharmacy = await roleBySlug('pharmacy');
    const response = await edit(pharmacy.id, { name: 'Farmacias', ...payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, fields: [{ field: `body.${field}`, message }] });
    expect(await roleBySlug('pharmacy')).toEqual(pharmacy);
  });

  it('refuses bad fields, a taken slug and an unknown role', async () => {
    const role = await createRole();
    const blank = await edit(role.id, { name: '' });
    expect(blank.json()).toMatchObject({ statusCode: 400, fields: [{ field: 'body.name', message: messages.common.required }] });
    const taken = await edit(role.id, { slug: 'superadmin' });
    expect(taken.json()).toMatchObject({ statusCode: 409, message: messages.roles.slugTaken });
    const unknown = await edit('00000000-0000-4000-8000-000000000000', { name: 'Nadie' });
    expect(unknown.json()).toMatchObject({ statusCode: 404, message: messages.roles.notFound });
    expect((await show(role.id)).json()).toEqual(role);
  });

  it('refuses to add a permission its editor does not hold, and lets them remove one', async () => {
    await test.app.db.insert(roles).values({ slug: 'editor-de-roles', name: 'Editor', permissions: ['edit.role', 'index.role'] });
    const editor = await signedInWithRoles(test.app, ['editor-de-roles']);
    const role = await createRole({ permissions: ['index.role', 'destroy.role'] });
    const added = await edit(role.id, { permissions: ['index.role', 'destroy.role', 'create.role'] }, editor.headers);
    expect(added.json()).toMatchObject({ statusCode: 403, message: messages.roles.permissionNotHeld });
    expect((await edit(role.id, { permissions: ['index.role'] }, editor.headers)).statusCode).toBe(200);
  });
});

describe('DELETE /api/roles', () => {
  let inUse: Role;

  beforeAll(async () => {
    inUse = await createRole();
    await createUser(test.app, { roles: [inUse.slug] });
  });

  it('deletes custom roles nobody holds and records each in the audit trail', async () => {
    const first = await createRole();
    const second = await createRole();
    const response = await remove([first.id, second.id]);
    expect(response.statusCode).toBe(200);
    const result = response.json<{ deleted: string[]; message: string }>();
    expect(result.message).toBe(messages.roles.removed);
    expect(result.deleted.sort()).toEqual([first.id, second.id].sort());
    expect((await show(first.id)).statusCode).toBe(404);
    expect(await auditOf(second.id, 'role.deleted')).toMatchObject([{ details: { slug: second.slug } }]);
  });

  it('keeps built-in roles and roles in use, deleting the others', async () => {
    const unused = await createRole();
    const pharmacy = await roleBySlug('pharmacy');
    const response = await remove([unused.id, pharmacy.id, inUse.id]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deleted: [unused.id], message: messages.roles.partlyRemoved });
    expect((await show(pharmacy.id)).statusCode).toBe(200);
    expect((await show(inUse.id)).json()).toMatchObject({ userCount: 1 });
  });

  it.each([
    ['built-in roles', () => ['superadmin', 'pharmacy'], messages.roles.builtInNotRemovable, 'roleBuiltIn'],
    ['roles in use', () => [inUse.slug], messages.roles.inUseNotRemovable, 'roleInUse'],
    ['a built-in role and one in use', () => ['pharmacy', inUse.slug], messages.roles.notRemovable, 'roleNotRemovable'],
  ])('answers 409 naming why when it can delete none of %s', async (_case, slugsOf, message, errorCode) => {
    const ids = await Promise.all(slugsOf().map(async (slug) => (await roleBySlug(slug)).id));
    const before = await test.app.db.$count(roles);
    const response = await remove(ids);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message, errorCode });
    expect(await test.app.db.$count(roles)).toBe(before);
  });

  it('answers 404 when no role of the list exists, and 400 for no list', async () => {
    const unknown = await remove(['00000000-0000-4000-8000-000000000000']);
    expect(unknown.json()).toMatchObject({ statusCode: 404, message: messages.roles.notFound });
    expect((await remove([])).statusCode).toBe(400);
  });

  it('answers 403 to a role without destroy.role', async () => {
    const fdsAdmin = await createUser(test.app, { roles: ['fds.admin'] });
    const role = await createRole();
    const response = await remove([role.id], await authorizationFor(test.app, fdsAdmin.id));
    expect(response.statusCode).toBe(403);
    expect((await show(role.id)).statusCode).toBe(200);
  });
});
