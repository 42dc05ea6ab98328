import {
  isInRoleGroup, messages, workspaceAvatarMaxBytes, type WorkspaceDetail, type WorkspacePage,
} from '@receta/domain';
import type { Database } from '../../db/client.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import type { AuthenticatedUser } from '../../platform/auth/access-control.ts';
import { sniffContentType } from '../../platform/files/content-type.ts';
import { AppError } from '../../platform/http/app-error.ts';
import {
  deleteFile, deleteMember, deleteWorkspaces, findAvatarImage, findDoctorLastName, findMembers,
  findPersonalWorkspaceId, findUserWithRoles, findWorkspace, findWorkspacesPage, insertAvatarFile, insertMember,
  insertWorkspace, isMember, lockWorkspaceAvatar, lockWorkspacesForDeletion, renameWorkspace, updateAvatar,
  type WorkspacePageQuery,
} from './workspaces.repository.ts';

const notFound = () => AppError.notFound(messages.workspaces.notFound);

/** A page of the workspaces, clinics and personal practices alike. */
export async function listWorkspaces(db: Database, query: WorkspacePageQuery): Promise<WorkspacePage> {
  const { items, total } = await findWorkspacesPage(db, query);
  return { items, total, page: query.page, pageSize: query.pageSize };
}

/** A workspace with its members. */
export async function showWorkspace(db: Database, id: string): Promise<WorkspaceDetail> {
  const workspace = await findWorkspace(db, id);
  if (!workspace) throw notFound();
  return { ...workspace, createdAt: workspace.createdAt.toISOString(), members: await findMembers(db, id) };
}

/** Creates a clinic; personal workspaces are only opened for doctors (`openPersonalWorkspace`). */
export async function createClinic(db: Database, name: string, actor: AuditActor): Promise<WorkspaceDetail> {
  const id = await db.transaction(async (tx) => {
    const created = await insertWorkspace(tx, { name, kind: 'clinic' });
    await recordAudit(tx, actor, {
      action: 'workspace.created', subjectType: 'workspace', subjectId: created, details: { name, kind: 'clinic' },
    });
    return created;
  });
  return showWorkspace(db, id);
}

export async function renameWorkspaceOf(
  db: Database, id: string, name: string, actor: AuditActor,
): Promise<WorkspaceDetail> {
  await db.transaction(async (tx) => {
    if (!await renameWorkspace(tx, id, name)) throw notFound();
    await recordAudit(tx, actor, { action: 'workspace.renamed', subjectType: 'workspace', subjectId: id, details: { name } });
  });
  return showWorkspace(db, id);
}

// A doctor's practice lives as long as their account can work: a suspended doctor may be
// reactivated and must find their practice (and, later, its patients) where they left it.
const statusesKeepingPractice = new Set(['active', 'suspended']);

/**
 * Deletes workspaces, all or none. Ids that no longer exist are skipped; a personal workspace
 * whose doctor still has an account that can work is refused. Answers the deleted ids.
 */
export async function deleteWorkspacesById(db: Database, ids: string[], actor: AuditActor): Promise<string[]> {
  return db.transaction(async (tx) => {
    const found = await lockWorkspacesForDeletion(tx, ids);
    if (found.length === 0) throw notFound();
    const inUse = found.some((workspace) => workspace.kind === 'personal'
      && workspace.ownerStatus !== null && statusesKeepingPractice.has(workspace.ownerStatus));
    if (inUse) throw new AppError('conflict', messages.workspaces.personalInUse, 'personalWorkspaceInUse');
    const deleted = found.map((workspace) => workspace.id);
    await deleteWorkspaces(tx, deleted, found.flatMap((workspace) => workspace.avatarFileId ?? []));
    for (const workspace of found) {
      await recordAudit(tx, actor, {
        action: 'workspace.deleted', subjectType: 'workspace', subjectId: workspace.id, details: { kind: workspace.kind },
      });
    }
    return deleted;
  });
}

/**
 * Adds a user to a workspace. Only the roles that work inside workspaces (spec section 6,
 * group hasWorkspace) may join: anyone else would never be offered the workspace.
 */
export async function addMember(
  db: Database, workspaceId: string, userId: string, actor: AuditActor,
): Promise<WorkspaceDetail> {
  await db.transaction(async (tx) => {
    if (!await findWorkspace(tx, workspaceId)) throw notFound();
    const user = await findUserWithRoles(tx, userId);
    if (!user) throw AppError.notFound(messages.workspaces.userNotFound);
    if (!isInRoleGroup('hasWorkspace', user.roles)) {
      throw new AppError('invalid_data', messages.workspaces.memberRoleInvalid, 'memberRoleInvalid');
    }
    if (!await insertMember(tx, workspaceId, userId)) throw new AppError('conflict', messages.workspaces.alreadyMember);
    await recordAudit(tx, actor, {
      action: 'workspace.member_added', subjectType: 'workspace', subjectId: workspaceId, details: { userId },
    });
  });
  return showWorkspace(db, workspaceId);
}

/** Takes a user out of a workspace; the doctor of a personal workspace stays in it. */
export async function removeMember(
  db: Database, workspaceId: string, userId: string, actor: AuditActor,
): Promise<WorkspaceDetail> {
  await db.transaction(async (tx) => {
    const workspace = await findWorkspace(tx, workspaceId);
    if (!workspace) throw notFound();
    if (workspace.ownerUserId === userId) throw new AppError('conflict', messages.workspaces.ownerNotRemovable);
    if (!await deleteMember(tx, workspaceId, userId)) throw AppError.notFound(messages.workspaces.notMember);
    await recordAudit(tx, actor, {
      action: 'workspace.member_removed', subjectType: 'workspace', subjectId: workspaceId, details: { userId },
    });
  });
  return showWorkspace(db, workspaceId);
}

/**
 * Replaces a workspace's avatar with a PNG or JPEG image (judged by its content) of at most
 * 1 MB. The URL changes with every image, so a browser never shows a cached old one.
 */
export async function replaceAvatar(
  db: Database, workspaceId: string, content: Buffer, actor: AuditActor,
): Promise<WorkspaceDetail> {
  const type = sniffContentType(content);
  if (type?.contentType !== 'image/png' && type?.contentType !== 'image/jpeg') {
    throw new AppError('unsupported_media_type', messages.workspaces.avatarInvalid, 'invalidExtension');
  }
  if (content.length > workspaceAvatarMaxBytes) {
    throw new AppError('payload_too_large', messages.workspaces.avatarTooLarge, 'fileTooLarge');
  }
  await db.transaction(async (tx) => {
    const workspace = await lockWorkspaceAvatar(tx, workspaceId);
    if (!workspace) throw notFound();
    const avatarFileId = await insertAvatarFile(tx, {
      name: `avatar.${type.extension}`, contentType: type.contentType, content,
    });
    const avatarUri = `/api/workspaces/${workspaceId}/avatar?v=${avatarFileId.slice(0, 8)}`;
    await updateAvatar(tx, workspaceId, { avatarFileId, avatarUri });
    if (workspace.avatarFileId) await deleteFile(tx, workspace.avatarFileId);
    await recordAudit(tx, actor, { action: 'workspace.avatar_changed', subjectType: 'workspace', subjectId: workspaceId });
  });
  return showWorkspace(db, workspaceId);
}

/**
 * A workspace's avatar, for its members and the superadmin (who administers every workspace
 * without belonging to it). Anyone else is told it does not exist, so ids cannot be probed.
 */
export async function readAvatar(db: Database, workspaceId: string, reader: AuthenticatedUser) {
  const mayRead = isInRoleGroup('superAdmin', reader.roles) || await isMember(db, workspaceId, reader.id);
  const image = mayRead ? await findAvatarImage(db, workspaceId) : undefined;
  if (!image) throw notFound();
  return image;
}

/**
 * Opens the personal workspace "Consultorio <apellido>" of a doctor, with the doctor as its
 * member (DECISIONS.md, "Workspaces and visibility"); does nothing if they already have one.
 * Call it in the transaction that lets the doctor work.
 */
export async function openPersonalWorkspace(db: Database, doctorUserId: string, actor: AuditActor): Promise<string> {
  const existing = await findPersonalWorkspaceId(db, doctorUserId);
  if (existing) return existing;
  const lastName = await findDoctorLastName(db, doctorUserId);
  if (lastName === undefined) throw new Error(`User ${doctorUserId} has no doctor record`);
  const name = `Consultorio ${lastName}`;
  const id = await insertWorkspace(db, { name, kind: 'personal', ownerUserId: doctorUserId });
  await insertMember(db, id, doctorUserId);
  await recordAudit(db, actor, {
    action: 'workspace.created', subjectType: 'workspace', subjectId: id, details: { name, kind: 'personal', ownerUserId: doctorUserId },
  });
  return id;
}
