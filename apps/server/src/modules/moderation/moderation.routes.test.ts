import { messages, type Administrator, type PendingUser, type PendingUserPage } from '@receta/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { inviteAdministrator, signedInWithRoles } from '../../../test/factories/administrators.ts';
import { lastMailTo, registerDoctor, type RegisteredDoctor } from '../../../test/factories/doctors.ts';
import { authorizationFor, createUser, superadminId } from '../../../test/factories/users.ts';
import { testAdmin } from '../../../test/fixtures.ts';
import { useTestApp } from '../../../test/helper.ts';
import { createWorkspace } from '../../../test/factories/workspaces.ts';
import { auditEvents, doctors, users } from '../../db/schema/index.ts';
import { readAuditEvents } from '../../../test/audit-events.ts';

const test = useTestApp();
let moderatorId: string;
let moderator: Record<string, string>;
/** Registered in this order before any test runs, so the oldest is first. */
const queue: RegisteredDoctor[] = [];

beforeAll(async () => {
  // Doctors are approved by the authorizeMedic group: the federation's administrator is one.
  moderatorId = (await createUser(test.app, { roles: ['femecon.admin'] })).id;
  moderator = await authorizationFor(test.app, moderatorId);
  const people = [
    { name: 'Lucía', lastName: 'Fernández' },
    { name: 'Martín', lastName: 'Gómez' },
    { name: 'Sofía', lastName: 'Gómez Rey' },
    { name: 'Juan', lastName: 'Pérez' },
    { name: 'Carla', lastName: 'Ruiz_Díaz' },
  ];
  for (const person of people) queue.push(await registerDoctor(test.app, person));
});

function lastNameOf(item: PendingUser): string | undefined {
  return item.kind === 'doctor' ? item.lastName : undefined;
}

async function list(query: string, headers = moderator) {
  return test.app.inject({ url: `/api/users/not-authorized${query}`, headers });
}

function authorize(id: string, headers = moderator) {
  return test.app.inject({ method: 'POST', url: `/api/users/${id}/authorize`, headers });
}

function reject(id: string, payload: object, headers = moderator) {
  return test.app.inject({ method: 'POST', url: `/api/users/${id}/reject`, headers, payload });
}

async function statusOf(userId: string) {
  const [row] = await test.app.db.select({
    status: users.status,
    reviewedAt: doctors.reviewedAt,
    reviewedBy: doctors.reviewedBy,
    rejectionReason: doctors.rejectionReason,
  })
    .from(users).innerJoin(doctors, eq(doctors.userId, users.id)).where(eq(users.id, userId));
  return row;
}

describe('GET /api/users/not-authorized', () => {
  it('lists pending doctors oldest first, a page at a time, with their data and documents', async () => {
    const first = await list('?page=1&pageSize=2');
    expect(first.statusCode).toBe(200);
    const page = first.json<PendingUserPage>();
    expect(page).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(page.items.map(lastNameOf)).toEqual(['Fernández', 'Gómez']);
    const [lucia] = page.items;
    const registered = queue[0]?.registration;
    expect(lucia).toMatchObject({
      kind: 'doctor',
      id: queue[0]?.id, email: queue[0]?.email, name: 'Lucía', lastName: 'Fernández', birthDate: '1980-05-17',
      dni: registered?.dni, cuit: registered?.cuit, phoneNumber: '1145678901', address: 'Av. Corrientes 1234',
      apartment: '5B', district: 'Balvanera', province: 'CABA', specialty: 'Clínica Médica',
      jurisdiction: 'Nacional (Ministerio de Salud de la Nación)', doctorEnrollment: '123456', profession: 'Médico',
      refepsCode: registered?.refepsCode, attachments: registered?.attachments,
    });
    expect(new Date(lucia?.createdAt ?? '').getTime()).toBeGreaterThan(Date.now() - 60 * 60_000);

    const third = (await list('?page=3&pageSize=2')).json<PendingUserPage>();
    expect(third.items.map(lastNameOf)).toEqual(['Ruiz_Díaz']);
  });

  it('searches every word in the name, last name, email and DNI', async () => {
    const search = async (q: string) => (await list(`?q=${encodeURIComponent(q)}`)).json<PendingUserPage>()
      .items.map(lastNameOf);
    expect(await search('gómez')).toEqual(['Gómez', 'Gómez Rey']);
    expect(await search('sofía gómez')).toEqual(['Gómez Rey']);
    expect(await search(queue[3]?.registration.dni ?? '')).toEqual(['Pérez']);
    expect(await search(queue[0]?.email.slice(0, 14) ?? '')).toEqual(['Fernández']);
    expect(await search('_')).toEqual(['Ruiz_Díaz']);
    expect(await search('%')).toEqual([]);
    const total = (await list('?q=gómez&pageSize=1')).json<PendingUserPage>().total;
    expect(total).toBe(2);
  });

  it('answers 403 to a doctor and 401 without a session', async () => {
    const doctor = await createUser(test.app, { roles: ['fds.medical'] });
    expect((await list('', await authorizationFor(test.app, doctor.id))).statusCode).toBe(403);
    expect((await list('', {})).statusCode).toBe(401);
  });

  it('refuses a page size over 100', async () => {
    expect((await list('?pageSize=101')).statusCode).toBe(400);
  });
});

describe('POST /api/users/{id}/authorize', () => {
  it('activates the account, records the review and mails the link to set the PIN', async () => {
    const doctor = await registerDoctor(test.app, { name: 'Inés' });
    const response = await authorize(doctor.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: messages.moderation.authorized });

    expect(await statusOf(doctor.id)).toMatchObject({ status: 'active', reviewedBy: moderatorId, rejectionReason: null });
    expect((await statusOf(doctor.id))?.reviewedAt).toBeInstanceOf(Date);
    const mail = await lastMailTo(test.app, doctor.email);
    expect(mail.subject).toBe('Su cuenta fue aprobada: establezca su PIN de firma');
    expect(mail.text).toContain('Hola, Inés:');
    expect(mail.text).toContain('establezca su PIN de firma de 4 números');
    expect(mail.text).toMatch(new RegExp(`${test.config.publicUrl}/confirmation/[\\w-]{43}`));
    expect(mail.text).toContain('El enlace vence en 7 días');
    expect(mail.html).toContain(`href="${test.config.publicUrl}/confirmation/`);
    const audit = await readAuditEvents(test.app.db, and(eq(auditEvents.subjectId, doctor.id), eq(auditEvents.action, 'doctor.authorized')));
    expect(audit).toMatchObject([{ actorUserId: moderatorId }]);

    const pending = (await list('?pageSize=100')).json<PendingUserPage>();
    expect(pending.items.map((item) => item.id)).not.toContain(doctor.id);
  });

  it('answers 409 for an account already reviewed, and 404 for an unknown one', async () => {
    const doctor = await registerDoctor(test.app);
    await authorize(doctor.id);
    const again = await authorize(doctor.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: messages.moderation.notPending });
    expect((await reject(doctor.id, { reason: 'Tarde' })).statusCode).toBe(409);
    expect((await authorize('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const notDoctor = await createUser(test.app, { status: 'pending_approval' });
    expect((await authorize(notDoctor.id)).statusCode).toBe(404);
  });

  it('answers 403 to a doctor', async () => {
    const doctor = await registerDoctor(test.app);
    const other = await createUser(test.app, { roles: ['fds.medical'] });
    expect((await authorize(doctor.id, await authorizationFor(test.app, other.id))).statusCode).toBe(403);
    expect((await statusOf(doctor.id))?.status).toBe('pending_approval');
  });
});

describe('POST /api/users/{id}/reject', () => {
  it('rejects the request with its reason and mails the reason to the doctor', async () => {
    const doctor = await registerDoctor(test.app, { name: 'Pablo' });
    const reason = 'La foto del DNI no se lee. Vuelva a registrarse con una imagen nítida.';
    const response = await reject(doctor.id, { reason: `  ${reason} ` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: messages.moderation.rejected });

    expect(await statusOf(doctor.id)).toMatchObject({ status: 'rejected', reviewedBy: moderatorId, rejectionReason: reason });
    const mail = await lastMailTo(test.app, doctor.email);
    expect(mail.subject).toBe('Su solicitud de registro fue rechazada');
    expect(mail.text).toContain('Hola, Pablo:');
    expect(mail.text).toContain(`Motivo: ${reason}`);
    expect(await test.app.db.$count(auditEvents,
      and(eq(auditEvents.subjectId, doctor.id), eq(auditEvents.action, 'doctor.rejected')))).toBe(1);
  });

  it.each([
    ['no reason', {}, messages.moderation.reasonRequired],
    ['a blank reason', { reason: '   ' }, messages.moderation.reasonRequired],
    ['a reason of 501 characters', { reason: 'x'.repeat(501) }, messages.moderation.reasonTooLong],
  ])('refuses %s', async (_case, payload, message) => {
    const doctor = await registerDoctor(test.app);
    const response = await reject(doctor.id, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, fields: [{ field: 'body.reason', message }] });
    expect((await statusOf(doctor.id))?.status).toBe('pending_approval');
  });
});

describe('administrators not yet authorized', () => {
  let superadmin: Record<string, string>;
  let fdsAdmin: Record<string, string>;
  let provider: Administrator;
  let owner: Administrator;

  beforeAll(async () => {
    superadmin = await authorizationFor(test.app, await superadminId(test.app, testAdmin.email));
    const clinicAdmin = await signedInWithRoles(test.app, ['fds.admin']);
    fdsAdmin = clinicAdmin.headers;
    provider = (await inviteAdministrator(test.app, superadmin, {
      email: 'prestador.pendiente@moderacion.test', displayName: 'Prestador Pendiente', roles: ['fds.provider'], authorized: false,
    })).administrator;
    await createWorkspace(test.app, { memberIds: [clinicAdmin.id, provider.id] });
    owner = (await inviteAdministrator(test.app, superadmin, {
      email: 'organizacion.pendiente@moderacion.test', roles: ['antigens.owner', 'antigens.employee'], authorized: false,
    })).administrator;
  });

  async function idsListed(query: string, headers: Record<string, string>) {
    return (await list(query, headers)).json<PendingUserPage>().items.map((item) => item.id);
  }

  it('are listed after the doctors who registered before them, with their roles', async () => {
    const page = (await list('?pageSize=100', superadmin)).json<PendingUserPage>();
    expect(page.total).toBe(page.items.length);
    expect(page.items.slice(-2)).toEqual([
      {
        kind: 'administrator', id: provider.id, email: provider.email, displayName: 'Prestador Pendiente',
        roles: ['fds.provider'], roleNames: ['Prestador'], createdAt: provider.createdAt,
      },
      {
        kind: 'administrator', id: owner.id, email: owner.email, displayName: 'organizacion.pendiente',
        roles: ['antigens.owner', 'antigens.employee'], roleNames: ['Organización (antígenos)', 'Empleado (antígenos)'],
        createdAt: owner.createdAt,
      },
    ]);
    expect(page.items.slice(0, -2).every((item) => item.kind === 'doctor')).toBe(true);
  });

  it('are found by every word of their email and display name', async () => {
    expect(await idsListed('?q=prestador%20pendiente', superadmin)).toEqual([provider.id]);
    expect(await idsListed('?q=organizacion.pendiente@', superadmin)).toEqual([owner.id]);
  });

  it('are shown to a moderator only when the moderator may authorize them', async () => {
    expect(await idsListed('?q=pendiente', fdsAdmin)).toEqual([provider.id]);
    expect(await idsListed('?q=pendiente', moderator)).toEqual([]);
    const federation = (await signedInWithRoles(test.app, ['femecon.admin'])).headers;
    expect(await idsListed('?q=pendiente', federation)).toEqual([]);
  });

  it('are refused to a moderator out of reach, and cannot be rejected like a doctor', async () => {
    const refused = await authorize(owner.id, fdsAdmin);
    expect(refused.json()).toMatchObject({ statusCode: 403, message: messages.administrators.administratorOutOfReach });
    expect((await reject(owner.id, { reason: 'No corresponde' }, superadmin)).statusCode).toBe(404);
    const [account] = await test.app.db.select({ status: users.status }).from(users).where(eq(users.id, owner.id));
    expect(account?.status).toBe('pending_approval');
  });

  it('are authorized from the page, told by mail, and leave the list', async () => {
    const response = await authorize(provider.id, fdsAdmin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: messages.administrators.authorized });
    const [account] = await test.app.db.select({ status: users.status }).from(users).where(eq(users.id, provider.id));
    expect(account?.status).toBe('active');
    const mail = await lastMailTo(test.app, provider.email);
    expect(mail.subject).toBe('Receta Digital: su cuenta fue autorizada');
    expect(mail.text).toContain('Hola, Prestador Pendiente:');
    expect(await test.app.db.$count(auditEvents,
      and(eq(auditEvents.subjectId, provider.id), eq(auditEvents.action, 'administrator.authorized')))).toBe(1);
    expect(await idsListed('?q=pendiente', superadmin)).toEqual([owner.id]);

    const again = await authorize(provider.id, fdsAdmin);
    expect(again.json()).toMatchObject({ statusCode: 409, message: messages.moderation.notPending });
  });
});
