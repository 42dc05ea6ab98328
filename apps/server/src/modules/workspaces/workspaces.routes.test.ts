import {
  messages, workspaceAvatarMaxBytes, type UserSession, type WorkspaceDetail, type WorkspacePage,
} from '@receta/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApprovedDoctor } from '../../../test/factories/approved-doctors.ts';
import { authorizeDoctor, registerDoctor } from '../../../test/factories/doctors.ts';
import { multipartBody, sampleJpeg, samplePdf, samplePng, type MultipartFile } from '../../../test/factories/uploads.ts';
import { authorizationFor, createUser } from '../../../test/factories/users.ts';
import { createWorkspace } from '../../../test/factories/workspaces.ts';
import { useTestApp } from '../../../test/helper.ts';
import { auditEvents, files, users, workspaceMembers, workspaces } from '../../db/schema/index.ts';
import { readAuditEvents } from '../../../test/audit-events.ts';

const test = useTestApp();
let adminId: string;
let admin: Record<string, string>;

beforeAll(async () => {
  adminId = (await createUser(test.app, { roles: ['superadmin'] })).id;
  admin = await authorizationFor(test.app, adminId);
});

const unknownId = '00000000-0000-4000-8000-000000000000';

function show(id: string, headers = admin) {
  return test.app.inject({ url: `/api/workspaces/${id}`, headers });
}

async function uploadAvatar(id: string, file: MultipartFile, headers = admin) {
  const { payload, headers: multipart } = await multipartBody([{ field: 'avatar', filename: 'logo.png', ...file }]);
  return test.app.inject({ method: 'PUT', url: `/api/workspaces/${id}/avatar`, payload, headers: { ...headers, ...multipart } });
}

async function sessionOf(userId: string): Promise<UserSession> {
  const response = await test.app.inject({ url: '/api/auth/session', headers: await authorizationFor(test.app, userId) });
  return response.json<UserSession>();
}

async function avatarFileIdOf(workspaceId: string): Promise<string> {
  const [row] = await test.app.db.select({ fileId: workspaces.avatarFileId })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  if (!row?.fileId) throw new Error('The workspace has no avatar');
  return row.fileId;
}

async function auditCount(action: string, subjectId: string) {
  return test.app.db.$count(auditEvents, and(eq(auditEvents.action, action), eq(auditEvents.subjectId, subjectId)));
}

describe('GET /api/workspaces', () => {
  it('lists the workspaces by name with their member counts, a page at a time, searching the name', async () => {
    const tag = 'listado';
    const doctor = await createApprovedDoctor(test.app);
    const other = await createApprovedDoctor(test.app);
    await createWorkspace(test.app, { name: `Sanatorio ${tag} Norte`, memberIds: [doctor.id, other.id] });
    await createWorkspace(test.app, { name: `Clínica ${tag} Sur`, memberIds: [doctor.id] });
    await createWorkspace(test.app, { name: `Consultorio ${tag}`, kind: 'personal', ownerUserId: other.id });

    const response = await test.app.inject({ url: `/api/workspaces?q=${tag.toUpperCase()}&pageSize=2`, headers: admin });
    expect(response.statusCode).toBe(200);
    const page = response.json<WorkspacePage>();
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(page.items.map(({ id: _id, ...item }) => item)).toEqual([
      { name: `Clínica ${tag} Sur`, avatarUri: null, kind: 'clinic', memberCount: 1 },
      { name: `Consultorio ${tag}`, avatarUri: null, kind: 'personal', memberCount: 0 },
    ]);

    const second = (await test.app.inject({ url: `/api/workspaces?q=${tag}&pageSize=2&page=2`, headers: admin }))
      .json<WorkspacePage>();
    expect(second.items.map((item) => [item.name, item.memberCount])).toEqual([[`Sanatorio ${tag} Norte`, 2]]);

    const newestFirst = (await test.app.inject({ url: `/api/workspaces?q=${tag}&sort=createdAt&order=desc`, headers: admin }))
      .json<WorkspacePage>();
    expect(newestFirst.items.map((item) => item.name)[0]).toBe(`Consultorio ${tag}`);

    const clinics = (await test.app.inject({ url: `/api/workspaces?q=${tag}&kind=clinic`, headers: admin }))
      .json<WorkspacePage>();
    expect(clinics.total).toBe(2);
  });

  it('takes % and _ in the search literally', async () => {
    await createWorkspace(test.app, { name: 'Centro 100% Salud' });
    const search = async (q: string) => (await test.app.inject({
      url: `/api/workspaces?q=${encodeURIComponent(q)}`, headers: admin,
    })).json<WorkspacePage>().items.map((item) => item.name);
    expect(await search('100%')).toEqual(['Centro 100% Salud']);
    expect(await search('1_0')).toEqual([]);
  });

  it.each([
    ['a page size over 100', '?pageSize=101'],
    ['an unknown sort', '?sort=memberCount'],
    ['an unknown kind', '?kind=hospital'],
  ])('refuses %s', async (_case, query) => {
    const response = await test.app.inject({ url: `/api/workspaces${query}`, headers: admin });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: messages.common.invalidData });
  });

  it('is for the superadmin only: 403 to a clinic administrator and a doctor, 401 without a session', async () => {
    for (const roles of [['fds.admin'], ['fds.medical'], ['femecon.admin']]) {
      const user = await createUser(test.app, { roles });
      const response = await test.app.inject({ url: '/api/workspaces', headers: await authorizationFor(test.app, user.id) });
      expect(response.statusCode, roles[0]).toBe(403);
    }
    expect((await test.app.inject({ url: '/api/workspaces' })).statusCode).toBe(401);
  });
});

describe('GET /api/workspaces/{id}', () => {
  it('shows the workspace with its members, their emails and roles (identifiers and names), in the order they joined', async () => {
    const doctor = await createApprovedDoctor(test.app, { displayName: 'Ana Pérez' });
    const provider = await createUser(test.app, { roles: ['fds.provider', 'fds.admin'], displayName: 'Mesa de entradas' });
    const workspace = await createWorkspace(test.app, { name: 'Clínica del Sol' });
    const aMinuteAgo = new Date(Date.now() - 60_000);
    await test.app.db.insert(workspaceMembers)
      .values({ workspaceId: workspace.id, userId: doctor.id, addedAt: aMinuteAgo });
    await test.app.db.insert(workspaceMembers).values({ workspaceId: workspace.id, userId: provider.id });

    const response = await show(workspace.id);
    expect(response.statusCode).toBe(200);
    const detail = response.json<WorkspaceDetail>();
    expect(detail).toMatchObject({
      id: workspace.id, name: 'Clínica del Sol', kind: 'clinic', avatarUri: null, memberCount: 2, ownerUserId: null,
    });
    expect(new Date(detail.createdAt).toISOString()).toBe(detail.createdAt);
    expect(detail.members).toEqual([
      { id: doctor.id, email: doctor.email, displayName: 'Ana Pérez', roles: ['fds.medical'], roleNames: ['Médico'] },
      {
        id: provider.id, email: provider.email, displayName: 'Mesa de entradas', roles: ['fds.provider', 'fds.admin'],
        roleNames: ['Prestador', 'Administrador de firma digital'],
      },
    ]);
  });

  it('answers 404 for a workspace that does not exist and 400 for an id that is not one', async () => {
    const missing = await show(unknownId);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: messages.workspaces.notFound });
    expect((await show('123')).statusCode).toBe(400);
  });
});

describe('POST /api/workspaces and PUT /api/workspaces/{id}', () => {
  it('creates a clinic, renames it, and records both in the audit trail', async () => {
    const created = await test.app.inject({
      method: 'POST', url: '/api/workspaces', headers: { ...admin, 'x-page-path': '/workspaces/new' },
      payload: { name: '  Clínica Belgrano  ' },
    });
    expect(created.statusCode).toBe(201);
    const clinic = created.json<WorkspaceDetail>();
    expect(clinic).toMatchObject({ name: 'Clínica Belgrano', kind: 'clinic', memberCount: 0, members: [], ownerUserId: null });
    const [audit] = await readAuditEvents(test.app.db, and(eq(auditEvents.action, 'workspace.created'), eq(auditEvents.subjectId, clinic.id)));
    expect(audit).toMatchObject({ actorUserId: adminId, pagePath: '/workspaces/new', details: { name: 'Clínica Belgrano' } });

    const renamed = await test.app.inject({
      method: 'PUT', url: `/api/workspaces/${clinic.id}`, headers: admin, payload: { name: 'Clínica Belgrano R' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<WorkspaceDetail>().name).toBe('Clínica Belgrano R');
    expect(await auditCount('workspace.renamed', clinic.id)).toBe(1);
  });

  it.each([
    ['no name', {}, messages.common.required],
    ['a blank name', { name: '   ' }, messages.common.required],
    ['a name of 101 characters', { name: 'x'.repeat(101) }, messages.workspaces.nameTooLong],
  ])('refuses %s', async (_case, payload, message) => {
    const response = await test.app.inject({ method: 'POST', url: '/api/workspaces', headers: admin, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, fields: [{ field: 'body.name', message }] });
  });

  it('answers 404 when renaming a workspace that does not exist', async () => {
    const response = await test.app.inject({
      method: 'PUT', url: `/api/workspaces/${unknownId}`, headers: admin, payload: { name: 'Otra' },
    });
    expect(response.statusCode).toBe(404);
  });

  it('answers 403 to a doctor', async () => {
    const doctor = await createApprovedDoctor(test.app);
    const response = await test.app.inject({
      method: 'POST', url: '/api/workspaces', headers: await authorizationFor(test.app, doctor.id), payload: { name: 'Mía' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('DELETE /api/workspaces', () => {
  function remove(ids: string[]) {
    return test.app.inject({ method: 'DELETE', url: '/api/workspaces', headers: admin, payload: { ids } });
  }

  it('deletes clinics with their memberships and avatars, skipping ids that no longer exist', async () => {
    const doctor = await createApprovedDoctor(test.app);
    const first = await createWorkspace(test.app, { memberIds: [doctor.id] });
    const second = await createWorkspace(test.app);
    expect((await uploadAvatar(first.id, { content: samplePng })).statusCode).toBe(200);
    const avatarFileId = await avatarFileIdOf(first.id);

    const response = await remove([first.id, second.id, unknownId]);
    expect(response.statusCode).toBe(200);
    const answer = response.json<{ deleted: string[]; message: string }>();
    expect([...answer.deleted].sort()).toEqual([first.id, second.id].sort());
    expect(answer.message).toBe(messages.workspaces.removed);
    expect(await test.app.db.$count(workspaces, eq(workspaces.id, first.id))).toBe(0);
    expect(await test.app.db.$count(workspaceMembers, eq(workspaceMembers.workspaceId, first.id))).toBe(0);
    expect(await test.app.db.$count(files, eq(files.id, avatarFileId))).toBe(0);
    expect(await auditCount('workspace.deleted', second.id)).toBe(1);
    expect((await sessionOf(doctor.id)).workspaces).toEqual([]);
  });

  it('refuses to delete the personal workspace of an active or suspended doctor, and deletes nothing', async () => {
    for (const status of ['active', 'suspended'] as const) {
      const doctor = await createApprovedDoctor(test.app, { status });
      const practice = await createWorkspace(test.app, { kind: 'personal', ownerUserId: doctor.id, memberIds: [doctor.id] });
      const clinic = await createWorkspace(test.app);
      const response = await remove([clinic.id, practice.id]);
      expect(response.statusCode, status).toBe(409);
      expect(response.json()).toMatchObject({ message: messages.workspaces.personalInUse, errorCode: 'personalWorkspaceInUse' });
      expect(await test.app.db.$count(workspaces, eq(workspaces.id, clinic.id))).toBe(1);
    }
  });

  it('deletes the personal workspace of a doctor whose account is gone', async () => {
    const doctor = await createApprovedDoctor(test.app);
    const practice = await createWorkspace(test.app, { kind: 'personal', ownerUserId: doctor.id });
    await test.app.db.delete(users).where(eq(users.id, doctor.id));
    expect((await remove([practice.id])).statusCode).toBe(200);
  });

  it('answers 404 when none of the ids exists, and 400 without ids', async () => {
    const missing = await remove([unknownId]);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: messages.workspaces.notFound });
    expect((await remove([])).statusCode).toBe(400);
    expect((await remove(['no-es-un-id'])).statusCode).toBe(400);
  });
});

describe('workspace members', () => {
  function addMember(workspaceId: string, userId: string) {
    return test.app.inject({ method: 'POST', url: `/api/workspaces/${workspaceId}/members`, headers: admin, payload: { userId } });
  }

  function removeMember(workspaceId: string, userId: string) {
    return test.app.inject({ method: 'DELETE', url: `/api/workspaces/${workspaceId}/members/${userId}`, headers: admin });
  }

  it('adds a doctor to a clinic, who then sees it in the session, and takes them out again', async () => {
    const doctor = await createApprovedDoctor(test.app);
    const clinic = await createWorkspace(test.app, { name: 'Clínica Palermo' });

    const added = await addMember(clinic.id, doctor.id);
    expect(added.statusCode).toBe(200);
    expect(added.json<WorkspaceDetail>().members.map((member) => member.id)).toEqual([doctor.id]);
    expect((await sessionOf(doctor.id)).workspaces).toEqual([{ id: clinic.id, name: 'Clínica Palermo', avatarUri: null }]);
    expect(await auditCount('workspace.member_added', clinic.id)).toBe(1);

    const again = await addMember(clinic.id, doctor.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: messages.workspaces.alreadyMember });

    const removed = await removeMember(clinic.id, doctor.id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json<WorkspaceDetail>()).toMatchObject({ members: [], memberCount: 0 });
    expect((await sessionOf(doctor.id)).workspaces).toEqual([]);
    expect(await auditCount('workspace.member_removed', clinic.id)).toBe(1);

    const notMember = await removeMember(clinic.id, doctor.id);
    expect(notMember.statusCode).toBe(404);
    expect(notMember.json()).toMatchObject({ message: messages.workspaces.notMember });
  });

  it('admits only the roles that work in workspaces', async () => {
    const clinic = await createWorkspace(test.app);
    for (const roles of [['fds.admin'], ['fds.provider']]) {
      const user = await createUser(test.app, { roles });
      expect((await addMember(clinic.id, user.id)).statusCode, roles[0]).toBe(200);
    }
    for (const roles of [['pharmacy'], ['superadmin'], []]) {
      const user = await createUser(test.app, { roles });
      const response = await addMember(clinic.id, user.id);
      expect(response.statusCode, roles[0]).toBe(400);
      expect(response.json()).toMatchObject({ message: messages.workspaces.memberRoleInvalid });
    }
  });

  it('answers 404 for an unknown user or workspace, and 400 for a user id that is not one', async () => {
    const doctor = await createApprovedDoctor(test.app);
    const clinic = await createWorkspace(test.app);
    const unknownUser = await addMember(clinic.id, unknownId);
    expect(unknownUser.statusCode).toBe(404);
    expect(unknownUser.json()).toMatchObject({ message: messages.workspaces.userNotFound });
    expect((await addMember(unknownId, doctor.id)).statusCode).toBe(404);
    expect((await removeMember(unknownId, doctor.id)).statusCode).toBe(404);
    const badId = await addMember(clinic.id, 'nadie');
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toMatchObject({ fields: [{ field: 'body.userId', message: messages.workspaces.userNotFound }] });
  });

  it('keeps the doctor in their personal workspace', async () => {
    const doctor = await createApprovedDoctor(test.app);
    const practice = await createWorkspace(test.app, { kind: 'personal', ownerUserId: doctor.id, memberIds: [doctor.id] });
    const response = await removeMember(practice.id, doctor.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: messages.workspaces.ownerNotRemovable });
  });
});

describe('workspace avatars', () => {
  it('stores a PNG, recognised by its content, and serves it to members and the superadmin only', async () => {
    const member = await createApprovedDoctor(test.app);
    const outsider = await createApprovedDoctor(test.app);
    const clinic = await createWorkspace(test.app, { memberIds: [member.id] });

    const response = await uploadAvatar(clinic.id, { content: samplePng, filename: 'logo.pdf', contentType: 'application/pdf' });
    expect(response.statusCode).toBe(200);
    const { avatarUri } = response.json<WorkspaceDetail>();
    expect(avatarUri).toMatch(new RegExp(`^/api/workspaces/${clinic.id}/avatar\\?v=[0-9a-f]{8}$`));
    expect((await sessionOf(member.id)).workspaces).toEqual([expect.objectContaining({ id: clinic.id, avatarUri })]);
    expect(await auditCount('workspace.avatar_changed', clinic.id)).toBe(1);

    for (const headers of [await authorizationFor(test.app, member.id), admin]) {
      const image = await test.app.inject({ url: avatarUri ?? '', headers });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.headers['x-content-type-options']).toBe('nosniff');
      expect(image.rawPayload.equals(samplePng)).toBe(true);
    }
    const asOutsider = await test.app.inject({ url: avatarUri ?? '', headers: await authorizationFor(test.app, outsider.id) });
    const missing = await test.app.inject({ url: `/api/workspaces/${unknownId}/avatar`, headers: admin });
    expect(asOutsider.statusCode).toBe(404);
    expect(asOutsider.json()).toEqual(missing.json());
    expect((await test.app.inject({ url: avatarUri ?? '' })).statusCode).toBe(401);
  });

  it('replaces the avatar with a JPEG under a new URL and deletes the old image', async () => {
    const clinic = await createWorkspace(test.app);
    const first = (await uploadAvatar(clinic.id, { content: samplePng })).json<WorkspaceDetail>();
    const before = await avatarFileIdOf(clinic.id);
    const second = await uploadAvatar(clinic.id, { content: sampleJpeg, filename: 'logo.jpg' });
    expect(second.statusCode).toBe(200);
    expect(second.json<WorkspaceDetail>().avatarUri).not.toBe(first.avatarUri);
    expect(await test.app.db.$count(files, eq(files.id, before))).toBe(0);
    const image = await test.app.inject({ url: `/api/workspaces/${clinic.id}/avatar`, headers: admin });
    expect(image.headers['content-type']).toBe('image/jpeg');
  });

  it.each([
    ['a PDF', samplePdf],
    ['a text file named .png', Buffer.from('no soy una imagen')],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
  ])('refuses %s with 415', async (_kind, content) => {
    const clinic = await createWorkspace(test.app);
    const response = await uploadAvatar(clinic.id, { content, contentType: 'image/png' });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ message: messages.workspaces.avatarInvalid, errorCode: 'invalidExtension' });
  });

  it('refuses an image over 1 MB with 413 and keeps the workspace as it was', async () => {
    const clinic = await createWorkspace(test.app);
    const content = Buffer.concat([samplePng, Buffer.alloc(workspaceAvatarMaxBytes)]);
    const response = await uploadAvatar(clinic.id, { content });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ message: messages.workspaces.avatarTooLarge, errorCode: 'fileTooLarge' });
    expect((await show(clinic.id)).json<WorkspaceDetail>().avatarUri).toBeNull();
  });

  it('accepts an image of exactly 1 MB', async () => {
    const clinic = await createWorkspace(test.app);
    const content = Buffer.concat([samplePng, Buffer.alloc(workspaceAvatarMaxBytes - samplePng.length)]);
    expect((await uploadAvatar(clinic.id, { content })).statusCode).toBe(200);
  });

  it('asks for the "avatar" part, a multipart body, an existing workspace and the superadmin', async () => {
    const clinic = await createWorkspace(test.app);
    const wrongPart = await uploadAvatar(clinic.id, { field: 'imagen' });
    expect(wrongPart.statusCode).toBe(400);
    expect(wrongPart.json()).toMatchObject({ message: messages.upload.fileMissing });
    const json = await test.app.inject({ method: 'PUT', url: `/api/workspaces/${clinic.id}/avatar`, headers: admin, payload: { avatar: 'x' } });
    expect(json.statusCode).toBe(415);
    expect((await uploadAvatar(unknownId, { content: samplePng })).statusCode).toBe(404);
    const doctor = await createApprovedDoctor(test.app);
    const asDoctor = await uploadAvatar(clinic.id, { content: samplePng }, await authorizationFor(test.app, doctor.id));
    expect(asDoctor.statusCode).toBe(403);
  });
});

describe('personal workspaces and the session', () => {
  it('opens "Consultorio <apellido>" when moderation approves a doctor, listed first in their session', async () => {
    const doctor = await registerDoctor(test.app, { lastName: 'Zapata' });
    await authorizeDoctor(test.app, doctor, admin);

    const [practice] = await test.app.db.select().from(workspaces).where(eq(workspaces.ownerUserId, doctor.id));
    expect(practice).toMatchObject({ name: 'Consultorio Zapata', kind: 'personal', avatarUri: null });
    const membership = and(
      eq(workspaceMembers.workspaceId, practice?.id ?? unknownId), eq(workspaceMembers.userId, doctor.id),
    );
    expect(await test.app.db.$count(workspaceMembers, membership)).toBe(1);
    expect(await auditCount('workspace.created', practice?.id ?? unknownId)).toBe(1);

    const zeta = await createWorkspace(test.app, { name: 'Zeta Salud', memberIds: [doctor.id] });
    const alamo = await createWorkspace(test.app, { name: 'Álamo Centro Médico', memberIds: [doctor.id] });
    const berna = await createWorkspace(test.app, { name: 'Berna', memberIds: [doctor.id] });
    expect((await sessionOf(doctor.id)).workspaces).toEqual([
      { id: practice?.id, name: 'Consultorio Zapata', avatarUri: null },
      { id: alamo.id, name: 'Álamo Centro Médico', avatarUri: null },
      { id: berna.id, name: 'Berna', avatarUri: null },
      { id: zeta.id, name: 'Zeta Salud', avatarUri: null },
    ]);
  });

  it('gives no workspace to a doctor whose request is rejected', async () => {
    const doctor = await registerDoctor(test.app);
    await test.app.inject({ method: 'POST', url: `/api/users/${doctor.id}/reject`, headers: admin, payload: { reason: 'Datos ilegibles' } });
    expect(await test.app.db.$count(workspaces, eq(workspaces.ownerUserId, doctor.id))).toBe(0);
  });
});
