import { messages, type Owner, type OwnerPage } from '@receta/domain';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { invitationTokenIn, signedInWithRoles } from '../../../test/factories/administrators.ts';
import {
  createEmployee, createOwner, ownerInput, recordTest, signedInOwner,
} from '../../../test/factories/antigens.ts';
import { lastMailTo } from '../../../test/factories/doctors.ts';
import { uploadedLocation, samplePdf } from '../../../test/factories/uploads.ts';
import { authorizationFor, superadminId } from '../../../test/factories/users.ts';
import { testAdmin } from '../../../test/fixtures.ts';
import { useTestApp } from '../../../test/helper.ts';
import { auditEvents, employees, files, owners, roles, userRoles, users } from '../../db/schema/index.ts';
import { readAuditEvents } from '../../../test/audit-events.ts';

const test = useTestApp();
let superadmin: Record<string, string>;
let antigensAdmin: Record<string, string>;

beforeAll(async () => {
  superadmin = await authorizationFor(test.app, await superadminId(test.app, testAdmin.email));
  antigensAdmin = (await signedInWithRoles(test.app, ['antigens.admin'])).headers;
});

function create(payload: object, headers = antigensAdmin) {
  return test.app.inject({ method: 'POST', url: '/api/owners', headers, payload });
}

function edit(id: string, payload: object, headers = antigensAdmin) {
  return test.app.inject({ method: 'PUT', url: `/api/owners/${id}`, headers, payload });
}

function remove(ids: string[], headers = antigensAdmin) {
  return test.app.inject({ method: 'DELETE', url: '/api/owners', headers, payload: { ids } });
}

async function rolesOf(userId: string): Promise<string[]> {
  const held = await test.app.db.select({ slug: roles.slug })
    .from(userRoles).innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId)).orderBy(asc(userRoles.position));
  return held.map((role) => role.slug);
}

async function accountOf(userId: string) {
  const [account] = await test.app.db.select().from(users).where(eq(users.id, userId));
  return account;
}

describe('POST /api/owners', () => {
  it('creates the owner and its account with the owner role, and mails the single-use invitation link', async () => {
    const input = ownerInput({ name: 'Residencia Los Álamos', contactName: 'Marta Ruiz' });
    const response = await create(input);
    expect(response.statusCode, response.body).toBe(201);
    const owner = response.json<Owner>();
    expect(owner).toEqual({
      id: expect.any(String) as unknown,
      name: 'Residencia Los Álamos',
      cuit: input.cuit,
      address: input.address,
      province: 'CABA',
      contactName: 'Marta Ruiz',
      email: input.email,
      phone: input.phone,
      userId: expect.any(String) as unknown,
      employeeCount: 0,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
    });
    const userId = owner.userId ?? '';
    expect(await rolesOf(userId)).toEqual(['antigens.owner']);
    expect(await accountOf(userId)).toMatchObject({ email: input.email, displayName: 'Residencia Los Álamos', status: 'active' });

    const mail = await lastMailTo(test.app, input.email);
    expect(mail.text).toContain('Hola, Marta Ruiz:');
    const token = invitationTokenIn(mail.text);
    const accept = (payload: object) => test.app.inject({ method: 'POST', url: `/api/auth/invitation/${token}`, payload });
    const password = { password: 'Clave-Nueva-2026', passwordConfirmation: 'Clave-Nueva-2026' };
    expect((await accept(password)).statusCode).toBe(200);
    expect((await accept(password)).json()).toMatchObject({ statusCode: 400, message: messages.auth.linkInvalid });

    const audit = await readAuditEvents(test.app.db, and(eq(auditEvents.subjectId, owner.id), eq(auditEvents.action, 'owner.created')));
    expect(audit).toHaveLength(1);
  });

  it('refuses a CUIT whose check digit is wrong, with the form message', async () => {
    const response = await create(ownerInput({ cuit: '20123456780' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: [{ field: 'body.cuit', message: messages.registration.cuitInvalid }] });
  });

  it('refuses a CUIT another owner has and an email another account has, on their fields', async () => {
    const first = await createOwner(test.app, antigensAdmin);
    const response = await create(ownerInput({ cuit: first.cuit, email: testAdmin.email }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      fields: [
        { field: 'body.cuit', message: messages.owners.cuitTaken },
        { field: 'body.email', message: messages.owners.emailTaken },
      ],
    });
  });

  it('is refused to an owner account', async () => {
    const { headers } = await signedInOwner(test.app, antigensAdmin);
    expect((await create(ownerInput(), headers)).statusCode).toBe(403);
    expect((await test.app.inject({ url: '/api/owners', headers })).statusCode).toBe(403);
  });
});

describe('GET /api/owners', () => {
  beforeAll(async () => {
    await createOwner(test.app, antigensAdmin, { name: 'Zeta Logística Lista' });
    await createOwner(test.app, antigensAdmin, { name: 'Escuela Ábaco Lista' });
  });

  it('searches the name without accents, sorts and pages, with each owner employee count', async () => {
    const response = await test.app.inject({ url: '/api/owners?q=lista&sort=name', headers: superadmin });
    expect(response.statusCode).toBe(200);
    const page = response.json<OwnerPage>();
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    expect(page.items.map((owner) => owner.name)).toEqual(['Escuela Ábaco Lista', 'Zeta Logística Lista']);
    const found = await test.app.inject({ url: '/api/owners?q=abaco%20escuela', headers: antigensAdmin });
    expect(found.json<OwnerPage>().items.map((owner) => owner.name)).toEqual(['Escuela Ábaco Lista']);
  });

  it('finds an owner by its CUIT', async () => {
    const owner = await createOwner(test.app, antigensAdmin);
    const response = await test.app.inject({ url: `/api/owners?q=${owner.cuit}`, headers: antigensAdmin });
    expect(response.json<OwnerPage>().items.map((found) => found.id)).toEqual([owner.id]);
  });
});

describe('GET /api/owners/{id}', () => {
  it('shows an owner with its employee count', async () => {
    const { owner, headers } = await signedInOwner(test.app, antigensAdmin);
    await createEmployee(test.app, headers);
    const response = await test.app.inject({ url: `/api/owners/${owner.id}`, headers: antigensAdmin });
    expect(response.json()).toMatchObject({ id: owner.id, employeeCount: 1 });
  });

  it('answers the not-found message for an unknown owner', async () => {
    const response = await test.app.inject({ url: `/api/owners/${crypto.randomUUID()}`, headers: antigensAdmin });
    expect(response.json()).toMatchObject({ statusCode: 404, message: messages.owners.notFound });
  });
});

describe('PUT /api/owners/{id}', () => {
  it('saves the data and keeps the account name and email in step', async () => {
    const owner = await createOwner(test.app, antigensAdmin);
    const changed = ownerInput({ name: 'Hogar Renovado', cuit: owner.cuit });
    const response = await edit(owner.id, changed);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Hogar Renovado', email: changed.email });
    expect(await accountOf(owner.userId ?? '')).toMatchObject({ email: changed.email, displayName: 'Hogar Renovado' });
  });

  it('refuses the CUIT of another owner', async () => {
    const [first, second] = [await createOwner(test.app, antigensAdmin), await createOwner(test.app, antigensAdmin)];
    const response = await edit(second.id, ownerInput({ cuit: first.cuit }));
    expect(response.json()).toMatchObject({ statusCode: 409, fields: [{ field: 'body.cuit', message: messages.owners.cuitTaken }] });
  });

  it('answers the not-found message for an unknown owner', async () => {
    const response = await edit(crypto.randomUUID(), ownerInput());
    expect(response.json()).toMatchObject({ statusCode: 404, message: messages.owners.notFound });
  });
});

describe('DELETE /api/owners', () => {
  it('removes the owner with its employees, tests and certificates, and closes its account', async () => {
    const { owner, headers } = await signedInOwner(test.app, antigensAdmin);
    const employee = await createEmployee(test.app, headers);
    const certificate = await uploadedLocation(test.app, { content: samplePdf, filename: 'certificado.pdf' });
    await recordTest(test.app, headers, employee.id, { certificate });

    const response = await remove([owner.id]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ deleted: [owner.id], message: messages.owners.removed });
    expect(await test.app.db.select().from(owners).where(eq(owners.id, owner.id))).toEqual([]);
    expect(await test.app.db.select().from(employees).where(eq(employees.ownerId, owner.id))).toEqual([]);
    expect(await test.app.db.select().from(files).where(eq(files.ownerUserId, owner.userId ?? ''))).toEqual([]);
    expect(await accountOf(owner.userId ?? '')).toMatchObject({ status: 'suspended' });
    expect(await rolesOf(owner.userId ?? '')).toEqual([]);
    expect((await test.app.inject({ url: '/api/employees', headers })).statusCode).toBe(401);
  });

  it('opens the closed account again when an owner is created with its email', async () => {
    const owner = await createOwner(test.app, antigensAdmin);
    await remove([owner.id]);
    const again = await createOwner(test.app, antigensAdmin, { email: owner.email });
    expect(again.userId).toBe(owner.userId);
    expect(await rolesOf(again.userId ?? '')).toEqual(['antigens.owner']);
  });

  it('removes nothing when one of the ids is unknown', async () => {
    const owner = await createOwner(test.app, antigensAdmin);
    const response = await remove([owner.id, crypto.randomUUID()]);
    expect(response.json()).toMatchObject({ statusCode: 404, message: messages.owners.notFound });
    expect(await test.app.db.select().from(owners).where(eq(owners.id, owner.id))).toHaveLength(1);
  });
});
