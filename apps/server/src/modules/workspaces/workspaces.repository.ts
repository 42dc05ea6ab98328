import type { WorkspaceKind } from '@receta/domain';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rolesOfUserColumns } from '../../db/roles-of-user.ts';
import { doctors, files, users, workspaceMembers, workspaces } from '../../db/schema/index.ts';
import { matchingEveryWord } from '../../db/search-condition.ts';

// Subqueries are built with the query builder: it names the outer table's columns in full,
// which a raw `sql` fragment in a single-table select does not.
function workspaceColumns(db: Database) {
  return {
    id: workspaces.id,
    name: workspaces.name,
    avatarUri: workspaces.avatarUri,
    kind: workspaces.kind,
    memberCount: db.$count(workspaceMembers, eq(workspaceMembers.workspaceId, workspaces.id)),
  };
}

export interface WorkspacePageQuery {
  page: number;
  pageSize: number;
  q?: string | undefined;
  sort: 'name' | 'createdAt';
  order: 'asc' | 'desc';
  kind?: WorkspaceKind | undefined;
}

/** One page of the workspaces, with how many members each has. */
export async function findWorkspacesPage(db: Database, query: WorkspacePageQuery) {
  const where = and(
    matchingEveryWord(query.q, [workspaces.name]),
    query.kind ? eq(workspaces.kind, query.kind) : undefined,
  );
  const direction = query.order === 'desc' ? desc : asc;
  const items = await db.select(workspaceColumns(db))
    .from(workspaces)
    .where(where)
    .orderBy(direction(query.sort === 'name' ? workspaces.name : workspaces.createdAt), asc(workspaces.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ count: count() }).from(workspaces).where(where);
  return { items, total: total?.count ?? 0 };
}

export function findWorkspace(db: Database, id: string) {
  return db.select({ ...workspaceColumns(db), ownerUserId: workspaces.ownerUserId, createdAt: workspaces.createdAt })
    .from(workspaces)
    .where(eq(workspaces.id, id))
    .then(([row]) => row);
}

/** The members of a workspace, in the order they joined. */
export function findMembers(db: Database, workspaceId: string) {
  return db.select({ id: users.id, email: users.email, displayName: users.displayName, ...rolesOfUserColumns() })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(eq(workspaceMembers.workspaceId, workspaceId))
    .orderBy(asc(workspaceMembers.addedAt), asc(users.email));
}

// Sorted here rather than in SQL: PGlite has no ICU collations, and a user has few workspaces.
const spanish = new Intl.Collator('es');

/** The workspaces a user belongs to: their personal practice first, then the clinics by name. */
export async function findWorkspacesOfMember(db: Database, userId: string) {
  const rows = await db.select({
    id: workspaces.id, name: workspaces.name, avatarUri: workspaces.avatarUri, kind: workspaces.kind,
  })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, userId));
  const rank = (kind: WorkspaceKind) => (kind === 'personal' ? 0 : 1);
  return rows.sort((a, b) => rank(a.kind) - rank(b.kind) || spanish.compare(a.name, b.name));
}

export async function insertWorkspace(
  db: Database, workspace: { name: string; kind: WorkspaceKind; ownerUserId?: string },
): Promise<string> {
  const [row] = await db.insert(workspaces).values(workspace).returning({ id: workspaces.id });
  if (!row) throw new Error('The workspace was not created');
  return row.id;
}

/** The doctor's personal workspace, if they have one. */
export function findPersonalWorkspaceId(db: Database, ownerUserId: string): Promise<string | undefined> {
  return db.select({ id: workspaces.id })
    .from(workspaces)
    .where(eq(workspaces.ownerUserId, ownerUserId))
    .then(([row]) => row?.id);
}

export function findDoctorLastName(db: Database, userId: string): Promise<string | undefined> {
  return db.select({ lastName: doctors.lastName })
    .from(doctors)
    .where(eq(doctors.userId, userId))
    .then(([row]) => row?.lastName);
}

/** Renames a workspace; answers false when there is none with that id. */
export async function renameWorkspace(db: Database, id: string, name: string): Promise<boolean> {
  const renamed = await db.update(workspaces)
    .set({ name })
    .where(eq(workspaces.id, id))
    .returning({ id: workspaces.id });
  return renamed.length === 1;
}

/** The workspaces among `ids`, locked, with their owner's account status for the deletion rule. */
export function lockWorkspacesForDeletion(db: Database, ids: string[]) {
  return db.select({
    id: workspaces.id,
    kind: workspaces.kind,
    avatarFileId: workspaces.avatarFileId,
    ownerStatus: users.status,
  })
    .from(workspaces)
    .leftJoin(users, eq(users.id, workspaces.ownerUserId))
    .where(inArray(workspaces.id, ids))
    .for('update', { of: workspaces });
}

/** Deletes workspaces with their memberships and their stored avatars. */
export async function deleteWorkspaces(db: Database, ids: string[], avatarFileIds: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(workspaces).where(inArray(workspaces.id, ids));
  if (avatarFileIds.length > 0) await db.delete(files).where(inArray(files.id, avatarFileIds));
}

/** The ids of the workspaces of which these users are the owners. */
export async function findPersonalWorkspacesOf(db: Database, ownerUserIds: string[]) {
  if (ownerUserIds.length === 0) return [];
  return db.select({ id: workspaces.id, avatarFileId: workspaces.avatarFileId })
    .from(workspaces)
    .where(inArray(workspaces.ownerUserId, ownerUserIds));
}

/** A user who might join a workspace, with their role slugs. */
export function findUserWithRoles(db: Database, userId: string) {
  return db.select({ id: users.id, roles: rolesOfUserColumns().roles })
    .from(users)
    .where(eq(users.id, userId))
    .then(([row]) => row);
}

/** Adds a member; answers false when the user already was one. */
export async function insertMember(db: Database, workspaceId: string, userId: string): Promise<boolean> {
  const inserted = await db.insert(workspaceMembers)
    .values({ workspaceId, userId })
    .onConflictDoNothing()
    .returning({ userId: workspaceMembers.userId });
  return inserted.length === 1;
}

/** Removes a member; answers false when the user was not one. */
export async function deleteMember(db: Database, workspaceId: string, userId: string): Promise<boolean> {
  const deleted = await db.delete(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
    .returning({ userId: workspaceMembers.userId });
  return deleted.length === 1;
}

export function isMember(db: Database, workspaceId: string, userId: string): Promise<boolean> {
  return db.select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
    .then((rows) => rows.length === 1);
}

/** The workspace's stored avatar id, locked for its replacement; undefined when there is no such workspace. */
export function lockWorkspaceAvatar(db: Database, id: string) {
  return db.select({ avatarFileId: workspaces.avatarFileId })
    .from(workspaces)
    .where(eq(workspaces.id, id))
    .for('update')
    .then(([row]) => row);
}

/**
 * Stores an avatar image. It belongs to no user and never expires: the workspace row points at
 * it and deletes it when the avatar is replaced or the workspace is deleted.
 */
export async function insertAvatarFile(
  db: Database, image: { name: string; contentType: string; content: Buffer },
): Promise<string> {
  const [row] = await db.insert(files)
    .values({ ...image, field: 'workspaceAvatar', size: image.content.length })
    .returning({ id: files.id });
  if (!row) throw new Error('The avatar was not stored');
  return row.id;
}

export async function updateAvatar(
  db: Database, id: string, avatar: { avatarFileId: string; avatarUri: string },
): Promise<void> {
  await db.update(workspaces).set(avatar).where(eq(workspaces.id, id));
}

export async function deleteFile(db: Database, id: string): Promise<void> {
  await db.delete(files).where(eq(files.id, id));
}

/** The avatar image of a workspace, if it has one. */
export function findAvatarImage(db: Database, workspaceId: string) {
  return db.select({ contentType: files.contentType, content: files.content })
    .from(workspaces)
    .innerJoin(files, eq(files.id, workspaces.avatarFileId))
    .where(eq(workspaces.id, workspaceId))
    .then(([row]) => row);
}
