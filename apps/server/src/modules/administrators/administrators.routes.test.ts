import { messages, type Administrator, type AdministratorPage, type RoleOption } from '@receta/domain';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  invitationTokenIn, inviteAdministrator, signedInWithRoles, type SignedInUser,
} from '../../../test/factories/administrators.ts';
import { createApprovedDoctor } from '../../../test/factories/approved-doctors.ts';
import { lastMailTo } from '../../../test/factories/doctors.ts';
import { authorizationFor, createUser, superadminId, type UserOptions } from '../../../test/factories/users.ts';
import { createWorkspace } from '../../../test/factories/workspaces.ts';
import { testAdmin } from '../../../test/fixtures.ts';
import { useTestApp } from '../../../test/helper.ts';
import {
  auditEvents, mailOutbox, roles, sessions, userRoles, users, userTokens, workspaceMembers,
} from '../../db/schema/index.ts';
import { readAuditEvents } from '../../../test/audit-events.ts';

const test = useTestApp();
let adminId: string;
let superadmin: Record<string, string>;
let fdsAdmin: SignedInUser;
let antigensAdmin: SignedInUser;
let clinicId: string;

beforeAll(async () => {
  adminId = await superadminId(test.app, testAdmin.email);
  superadmin = await authorizationFor(test.app, adminId);
  fdsAdmin = await signedInWithRoles(test.app, ['fds.admin'], { email: 'fds.admin@clinica.test' });
  clinicId = (await createWorkspace(test.app, { memberIds: [fdsAdmin.id] })).id;
  antigensAdmin = await signedInWithRoles(test.app, ['antigens.admin'], { email: 'antigenos.admin@clinica.test' });
});

/** An account of the fds administrator's clinic. */
async function clinicMember(options: UserOptions) {
  const user = await createUser(test.app, options);
  await test.app.db.insert(workspaceMembers).values({ workspaceId: clinicId, userId: user.id });
  return user;
}

function list(query = '', headers = superadmin) {
  return test.app.inject({ url: `/api/administrators${query}`, headers });
}

async function emailsListed(query: string, headers = superadmin): Promise<string[]> {
  const response = await list(query, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdministratorPage>().items.map((administrator) => administrator.email);
}

function show(id: string, headers = superadmin) {
  return test.app.inject({ url: `/api/administrators/${id}`, headers });
}

function create(payload: object, headers = superadmin) {
  return test.app.inject({ method: 'POST', url: '/api/administrators', headers, payload });
}

function edit(id: string, payload: object, headers = superadmin) {
  return test.app.inject({ method: 'PUT', url: `/api/administrators/${id}`, headers, payload });
}

function remove(ids: string[], headers = superadmin) {
  return test.app.inject({ method: 'DELETE', url: '/api/administrators', headers, payload: { ids } });
}

async function accountOf(userId: string) {
  const [account] = await test.app.db.select().from(users).where(eq(users.id, userId));
  const held = await test.app.db.select({ slug: roles.slug })
    .from(userRoles).innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId)).orderBy(asc(userRoles.position));
  return { ...account, roles: held.map((role) => role.slug) };
}

function auditOf(subjectId: string, action: string) {
  return readAuditEvents(test.app.db, and(eq(auditEvents.subjectId, subjectId), eq(auditEvents.action, action)));
}

function mailsTo(email: string) {
  return test.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
}

describe('GET /api/administrators', () => {
  beforeAll(async () => {
    await createUser(test.app, { email: 'lista.farmacia@lista.test', displayName: 'Zulema Farmacia', roles: ['pharmacy'] });
    await clinicMember({ email: 'lista.prestador@lista.test', displayName: 'Ana Prestadora', roles: ['fds.provider'], status: 'pending_approval' });
    await createUser(test.app, { email: 'lista.otra-clinica@lista.test', displayName: 'Eva Otra', roles: ['fds.provider'] });
    await createUser(test.app, { email: 'lista.organizacion@lista.test', displayName: 'Bruno Organización', roles: ['antigens.owner'] });
    await createUser(test.app, { email: 'lista.federacion@lista.test', displayName: 'Carla Federación', roles: ['femecon.admin'] });
    await createUser(test.app, { email: 'lista.mixto@lista.test', displayName: 'Dario Mixto', roles: ['fds.admin', 'antigens.admin'] });
    await createUser(test.app, { email: 'lista.sin-roles@lista.test' });
    await createApprovedDoctor(test.app, { email: 'lista.medica@lista.test' });
  });

  it('lists the accounts that are not doctors and hold a role, with their roles and authorization', async () => {
    const response = await list('?q=lista.test&sort=displayName');
    expect(response.statusCode).toBe(200);
    const page = response.json<AdministratorPage>();
    expect(page).toMatchObject({ total: 6, page: 1, pageSize: 20 });
    expect(page.items.map((administrator) => administrator.displayName))
      .toEqual(['Ana Prestadora', 'Bruno Organización', 'Carla Federación', 'Dario Mixto', 'Eva Otra', 'Zulema Farmacia']);
    expect(page.items[0]).toEqual({
      id: expect.any(String) as unknown,
      email: 'lista.prestador@lista.test',
      displayName: 'Ana Prestadora',
      roles: ['fds.provider'],
      roleNames: ['Prestador'],
      authorized: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
    });
    expect(page.items[3]).toMatchObject({
      roles: ['fds.admin', 'antigens.admin'], roleNames: ['Administrador de firma digital', 'Administrador de antígenos'],
    });
  });

  it('searches every word in the email and display name, sorts either way and pages', async () => {
    expect(await emailsListed('?q=zulema')).toEqual(['lista.farmacia@lista.test']);
    expect(await emailsListed('?q=lista%20federaci%C3%B3n')).toEqual(['lista.federacion@lista.test']);
    const descending = await emailsListed('?q=lista.test&sort=email&order=desc&pageSize=2&page=2');
    expect(descending).toEqual(['lista.organizacion@lista.test', 'lista.mixto@lista.test']);
  });

  it('shows an fds administrator only the clinic-side administrators of their clinics: no pharmacy, no other clinic', async () => {
    expect(await emailsListed('?q=lista.test&sort=email', fdsAdmin.headers)).toEqual(['lista.prestador@lista.test']);
    expect(await emailsListed('?q=admin', fdsAdmin.headers)).toEqual(['fds.admin@clinica.test']);
  });

  it('shows an antigens administrator only the antigens side', async () => {
    expect(await emailsListed('?q=lista.test', antigensAdmin.headers)).toEqual(['lista.organizacion@lista.test']);
  });

  it('refuses an unknown sort in Spanish', async () => {
    expect((await list('?sort=password')).json()).toMatchObject({ statusCode: 400, message: messages.common.invalidData });
  });
});

describe('GET /api/administrators/{id}', () => {
  it('shows an administrator within reach', async () => {
    const provider = await clinicMember({ email: 'ver.prestador@ver.test', roles: ['fds.provider', 'fds.admin'] });
    const response = await show(provider.id, fdsAdmin.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: provider.id, email: 'ver.prestador@ver.test', roles: ['fds.provider', 'fds.admin'], authorized: true,
    });
  });

  it('answers 403 for an administrator out of reach', async () => {
    const owner = await createUser(test.app, { roles: ['antigens.owner'] });
    const response = await show(owner.id, fdsAdmin.headers);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: messages.administrators.administratorOutOfReach });
    const pharmacy = await clinicMember({ roles: ['fds.provider', 'pharmacy'] });
    expect((await show(pharmacy.id, fdsAdmin.headers)).statusCode).toBe(403);
  });

  it('answers 404 for an administrator of no clinic of theirs, as for an unknown one', async () => {
    for (const id of [adminId, (await createUser(test.app, { roles: ['fds.provider'] })).id]) {
      expect((await show(id, fdsAdmin.headers)).json())
        .toMatchObject({ statusCode: 404, message: messages.administrators.notFound });
    }
  });

  it('answers 404 for a doctor, an account without roles and an unknown id', async () => {
    const doctor = await createApprovedDoctor(test.app);
    const withoutRoles = await createUser(test.app);
    for (const id of [doctor.id, withoutRoles.id, '00000000-0000-4000-8000-000000000000']) {
      expect((await show(id)).json()).toMatchObject({ statusCode: 404, message: messages.administrators.notFound });
    }
  });
});

describe('GET /api/administrators/assignable-roles', () => {
  it('offers each administrator the roles they may grant, never the doctors\'', async () => {
    const slugsFor = async (headers: Record<string, string>) => (await test.app.inject({
      url: '/api/administrators/assignable-roles', headers,
    })).json<{ payload: RoleOption[] }>().payload.map((role) => role.slug).sort();
    expect(await slugsFor(fdsAdmin.headers)).toEqual(['fds.admin', 'fds.provider']);
    expect(await slugsFor(antigensAdmin.headers)).toEqual(['antigens.admin', 'antigens.employee', 'antigens.owner']);
    const forSuperadmin = await slugsFor(superadmin);
    expect(forSuperadmin).toContain('superadmin');
    expect(forSuperadmin).toContain('femecon.admin');
    expect(forSuperadmin).not.toContain('fds.medical');
  });
});

describe('POST /api/administrators', () => {
  it('creates an authorized administrator and mails the link to choose a password, in Spanish', async () => {
    const response = await create({
      email: ' Nueva.Admin@Clinica.test ', displayName: 'Nora Admin', roles: ['fds.admin', 'pharmacy'], authorized: true,
    });
    expect(response.statusCode).toBe(201);
    const created = response.json<Administrator>();
    expect(created).toMatchObject({
      email: 'nueva.admin@clinica.test', displayName: 'Nora Admin', roles: ['fds.admin', 'pharmacy'], authorized: true,
    });
    const account = await accountOf(created.id);
    expect(account).toMatchObject({ status: 'active', roles: ['fds.admin', 'pharmacy'] });
    expect(account.passwordHash).toMatch(/^\$argon2id\$/);

    const mail = await lastMailTo(test.app, created.email);
    expect(mail.subject).toBe('Receta Digital: elija la contraseña de su cuenta');
    expect(mail.text).toContain('Hola, Nora Admin:');
    expect(mail.text).toContain('con los roles Administrador de firma digital, Farmacia.');
    expect(mail.text).toContain('El enlace vence en 7 días');
    expect(mail.text).toMatch(new RegExp(`${test.config.publicUrl}/invitation/[\\w-]{43}`));
    const [token] = await test.app.db.select().from(userTokens).where(eq(userTokens.userId, created.id));
    expect(token).toMatchObject({ purpose: 'invitation', usedAt: null });
    expect(token!.expiresAt.getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 60 * 60_000);
    expect(await auditOf(created.id, 'administrator.created')).toMatchObject([{
      actorUserId: adminId, details: { roles: ['fds.admin', 'pharmacy'], authorized: true, reopened: false },
    }]);
  });

  it('creates an administrator waiting for authorization, named after the email by default', async () => {
    const response = await create({ email: 'espera@clinica.test', roles: ['fds.provider'], authorized: false });
    expect(response.json()).toMatchObject({ displayName: 'espera', authorized: false });
    expect((await accountOf(response.json<Administrator>().id)).status).toBe('pending_approval');
    expect((await lastMailTo(test.app, 'espera@clinica.test')).text).toContain('Podrá ingresar cuando se autorice su cuenta');
  });

  it.each([
    ['no email', { email: undefined }, 'email', messages.common.required],
    ['an email that is no address', { email: 'no-es-un-email' }, 'email', messages.registration.emailInvalid],
    ['no roles', { roles: undefined }, 'roles', messages.administrators.rolesRequired],
    ['an empty role list', { roles: [] }, 'roles', messages.administrators.rolesRequired],
    ['an unknown role', { roles: ['pharmacy', 'nadie'] }, 'roles', messages.administrators.roleUnknown],
    ['the doctors\' role', { roles: ['fds.medical'] }, 'roles', messages.administrators.doctorRole],
    ['a display name of 101 characters', { displayName: 'x'.repeat(101) }, 'displayName', messages.auth.displayNameMax],
    ['an authorization that is no yes or no', { authorized: 'sí' }, 'authorized', messages.common.invalidData],
  ])('refuses %s and creates nothing', async (_case, overrides, field, message) => {
    const email = `rechazado-${field}@clinica.test`;
    const response = await create({ email, roles: ['pharmacy'], authorized: true, ...overrides });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, fields: [{ field: `body.${field}`, message }] });
    expect(await test.app.db.$count(users, eq(users.email, email))).toBe(0);
    expect(await mailsTo(email)).toEqual([]);
  });

  it('answers 409 for an email that already has an account, whatever its case', async () => {
    const doctor = await createApprovedDoctor(test.app, { email: 'medico.tomado@clinica.test' });
    const response = await create({ email: 'Medico.Tomado@clinica.test', roles: ['pharmacy'] });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: messages.registration.emailTaken, errorCode: 'emailTaken' });
    expect((await accountOf(doctor.id)).roles).toEqual(['fds.medical']);
  });

  it.each([
    ['fds.admin', ['fds.provider', 'fds.admin'], 201],
    ['fds.admin', ['pharmacy', 'fds.provider'], 403],
    ['fds.admin', ['antigens.owner'], 403],
    ['fds.admin', ['femecon.admin'], 403],
    ['fds.admin', ['superadmin'], 403],
    ['fds.admin', ['pharmacy', 'antigens.employee'], 403],
    ['antigens.admin', ['antigens.employee'], 201],
    ['antigens.admin', ['fds.admin'], 403],
  ])('lets an %s grant %j: %i', async (creatorRole, granted, status) => {
    const creator = creatorRole === 'fds.admin' ? fdsAdmin : antigensAdmin;
    const response = await create({ email: `${granted.join('-')}.${creatorRole}@alcance.test`, roles: granted }, creator.headers);
    expect(response.statusCode).toBe(status);
    if (status === 403) expect(response.json()).toMatchObject({ message: messages.administrators.roleOutOfReach });
  });

  it('lets an administrator grant a custom role only when they hold its permissions', async () => {
    await test.app.db.insert(roles).values([
      { slug: 'moderador', name: 'Moderador', permissions: ['index.not.authorized.user'] },
      { slug: 'creador-roles', name: 'Creador de roles', permissions: ['create.role'] },
    ]);
    expect((await create({ email: 'moderador@alcance.test', roles: ['fds.provider', 'moderador'] }, fdsAdmin.headers)).statusCode).toBe(201);
    expect((await create({ email: 'sin-clinica@alcance.test', roles: ['moderador'] }, fdsAdmin.headers)).json())
      .toMatchObject({ statusCode: 400, message: messages.administrators.clinicRoleRequired });
    expect((await create({ email: 'creador@alcance.test', roles: ['creador-roles'] }, fdsAdmin.headers)).statusCode).toBe(403);
  });
});

describe('PUT /api/administrators/{id}', () => {
  it('changes the display name and the roles, in order, and records what changed', async () => {
    const { administrator } = await inviteAdministrator(test.app, superadmin, { email: 'editable@editar.test', roles: ['fds.provider'] });
    await test.app.db.insert(workspaceMembers).values({ workspaceId: clinicId, userId: administrator.id });
    const response = await edit(administrator.id, { displayName: 'Edith Table', roles: ['fds.admin', 'fds.provider'] }, fdsAdmin.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ displayName: 'Edith Table', roles: ['fds.admin', 'fds.provider'], authorized: true });
    expect((await accountOf(administrator.id)).roles).toEqual(['fds.admin', 'fds.provider']);
    expect(await auditOf(administrator.id, 'administrator.edited')).toMatchObject([{
      actorUserId: fdsAdmin.id,
      details: { changes: {
        displayName: { from: 'editable', to: 'Edith Table' },
        roles: { from: ['fds.provider'], to: ['fds.admin', 'fds.provider'] },
      } },
    }]);
  });

  it('withdraws the authorization, ending the sessions, and gives it back with a mail', async () => {
    const provider = await signedInWithRoles(test.app, ['fds.provider'], { displayName: 'Paula Prestadora' });
    expect((await edit(provider.id, { authorized: false })).json()).toMatchObject({ authorized: false });
    const [session, ...others] = await test.app.db.select().from(sessions).where(eq(sessions.userId, provider.id));
    expect(others).toEqual([]);
    expect(session?.revokedAt).toBeInstanceOf(Date);

    expect((await edit(provider.id, { authorized: true })).json()).toMatchObject({ authorized: true });
    const mail = await lastMailTo(test.app, provider.email);
    expect(mail.subject).toBe('Receta Digital: su cuenta fue autorizada');
    expect(mail.text).toContain('Hola, Paula Prestadora:');
    expect(mail.text).toContain(`${test.config.publicUrl}/login`);
  });

  it('changes nothing and records nothing for the same values', async () => {
    const pharmacy = await createUser(test.app, { displayName: 'Igual', roles: ['pharmacy'] });
    expect((await edit(pharmacy.id, { displayName: 'Igual', roles: ['pharmacy'], authorized: true })).statusCode).toBe(200);
    expect(await auditOf(pharmacy.id, 'administrator.edited')).toEqual([]);
  });

  it('refuses an administrator or roles out of reach', async () => {
    const owner = await createUser(test.app, { roles: ['antigens.owner'] });
    const provider = await clinicMember({ roles: ['fds.provider'] });
    expect((await edit(owner.id, { displayName: 'Otro' }, fdsAdmin.headers)).json())
      .toMatchObject({ statusCode: 403, message: messages.administrators.administratorOutOfReach });
    expect((await edit(provider.id, { roles: ['fds.provider', 'superadmin'] }, fdsAdmin.headers)).json())
      .toMatchObject({ statusCode: 403, message: messages.administrators.roleOutOfReach });
    expect((await edit(provider.id, { roles: ['fds.provider', 'pharmacy'] }, fdsAdmin.headers)).statusCode).toBe(403);
    expect((await edit(adminId, { displayName: 'Otro' }, fdsAdmin.headers)).statusCode).toBe(404);
    expect((await accountOf(provider.id)).roles).toEqual(['fds.provider']);
  });

  it('lets only a superadmin grant or take away the superadmin role', async () => {
    const fds = await clinicMember({ roles: ['fds.admin'] });
    expect((await edit(fds.id, { roles: ['superadmin', 'fds.admin'] })).json()).toMatchObject({ roles: ['superadmin', 'fds.admin'] });
    expect((await edit(fds.id, { roles: ['fds.admin'] }, fdsAdmin.headers)).statusCode).toBe(403);
    expect((await edit(fds.id, { roles: ['fds.admin'] })).json()).toMatchObject({ roles: ['fds.admin'] });
  });

  it('refuses to withdraw one\'s own authorization', async () => {
    const response = await edit(fdsAdmin.id, { authorized: false }, fdsAdmin.headers);
    expect(response.json()).toMatchObject({ statusCode: 409, message: messages.administrators.notSelfDeauthorized });
    expect((await accountOf(fdsAdmin.id)).status).toBe('active');
  });

  it.each([
    ['a blank display name', { displayName: ' ' }, 'displayName', messages.common.required],
    ['an empty role list', { roles: [] }, 'roles', messages.administrators.rolesRequired],
    ['an unknown role', { roles: ['nadie'] }, 'roles', messages.administrators.roleUnknown],
    ['the doctors\' role', { roles: ['fds.medical'] }, 'roles', messages.administrators.doctorRole],
  ])('refuses %s and changes nothing', async (_case, payload, field, message) => {
    const pharmacy = await createUser(test.app, { displayName: 'Sin cambios', roles: ['pharmacy'] });
    const response = await edit(pharmacy.id, payload);
    expect(response.json()).toMatchObject({ statusCode: 400, fields: [{ field: `body.${field}`, message }] });
    expect(await accountOf(pharmacy.id)).toMatchObject({ displayName: 'Sin cambios', roles: ['pharmacy'] });
  });

  it('answers 404 for an unknown administrator', async () => {
    expect((await edit('00000000-0000-4000-8000-000000000000', { displayName: 'Nadie' })).json())
      .toMatchObject({ statusCode: 404, message: messages.administrators.notFound });
  });
});

describe('DELETE /api/administrators', () => {
  it('removes administrators: their roles go, they cannot sign in, and the audit trail keeps them', async () => {
    const first = await signedInWithRoles(test.app, ['fds.provider']);
    await test.app.db.insert(workspaceMembers).values({ workspaceId: clinicId, userId: first.id });
    const second = await clinicMember({ roles: ['fds.provider', 'fds.admin'] });
    const elsewhere = await createUser(test.app, { roles: ['fds.provider'] });
    const response = await remove([first.id, second.id, elsewhere.id, '00000000-0000-4000-8000-000000000000'], fdsAdmin.headers);
    expect(response.statusCode).toBe(200);
    const result = response.json<{ deleted: string[]; message: string }>();
    expect(result.message).toBe(messages.administrators.removed);
    expect(result.deleted.sort()).toEqual([first.id, second.id].sort());

    expect(await accountOf(first.id)).toMatchObject({ status: 'suspended', roles: [] });
    expect(await accountOf(elsewhere.id)).toMatchObject({ status: 'active', roles: ['fds.provider'] });
    expect((await show(second.id)).statusCode).toBe(404);
    expect((await test.app.inject({ url: '/api/auth/session', headers: first.headers })).statusCode).toBe(401);
    expect(await auditOf(second.id, 'administrator.deleted')).toMatchObject([{
      actorUserId: fdsAdmin.id, details: { email: second.email, roles: ['fds.provider', 'fds.admin'] },
    }]);
  });

  it('opens a removed administrator\'s account again when the email is invited again', async () => {
    const { administrator } = await inviteAdministrator(test.app, superadmin, { email: 'vuelve@baja.test', roles: ['pharmacy'] });
    expect((await remove([administrator.id])).statusCode).toBe(200);
    const again = await create({ email: 'vuelve@baja.test', roles: ['fds.provider'], authorized: false });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ id: administrator.id, roles: ['fds.provider'], authorized: false });
    expect(invitationTokenIn((await lastMailTo(test.app, 'vuelve@baja.test')).text)).toBeTruthy();
    expect(await auditOf(administrator.id, 'administrator.created')).toMatchObject([
      { details: { reopened: false } }, { details: { reopened: true } },
    ]);
  });

  it('refuses, removing nobody, when the list holds someone out of reach', async () => {
    const provider = await clinicMember({ roles: ['fds.provider'] });
    const owner = await createUser(test.app, { roles: ['antigens.owner'] });
    const response = await remove([provider.id, owner.id], fdsAdmin.headers);
    expect(response.json())
      .toMatchObject({ statusCode: 403, message: messages.administrators.administratorOutOfReach });
    expect((await accountOf(provider.id)).roles).toEqual(['fds.provider']);
  });

  it('refuses to remove oneself', async () => {
    const provider = await clinicMember({ roles: ['fds.provider'] });
    const response = await remove([provider.id, fdsAdmin.id], fdsAdmin.headers);
    expect(response.json()).toMatchObject({ statusCode: 409, message: messages.administrators.notSelf });
    expect((await accountOf(provider.id)).roles).toEqual(['fds.provider']);
  });

  it('answers 404 when nobody of the list is an administrator', async () => {
    const doctor = await createApprovedDoctor(test.app);
    expect((await remove([doctor.id])).json())
      .toMatchObject({ statusCode: 404, message: messages.administrators.notFound });
    expect((await accountOf(doctor.id)).status).toBe('active');
  });
});
