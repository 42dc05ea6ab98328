import { roleSlugs, rolesOfAdminVariant, type AccountStatus } from '@receta/domain';
import { and, arrayContained, asc, count, desc, eq, inArray, notExists, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { doctors, roles, userRoles, users, workspaceMembers } from '../../db/schema/index.ts';
import { isAdministeredMember, type AdministeredWorkspaces } from '../../platform/auth/administered-workspaces.ts';
import type { RoleReach } from '../../platform/auth/administrator-reach.ts';
import { outerUserId, rolesOfUserColumns } from '../../db/roles-of-user.ts';
import { matchingEveryWord } from '../../db/search-condition.ts';

export interface AdministratorPageQuery {
  page: number;
  pageSize: number;
  q?: string | undefined;
  sort: 'email' | 'displayName' | 'createdAt';
  order: 'asc' | 'desc';
}

const administratorColumns = {
  id: users.id,
  email: users.email,
  displayName: users.displayName,
  status: users.status,
  createdAt: users.createdAt,
  ...rolesOfUserColumns(),
};

const sortColumns = { email: users.email, displayName: users.displayName, createdAt: users.createdAt } as const;

/**
 * An administrator is an account without a doctor's professional record that holds a role.
 * Doctors are managed as medics; an account without roles is one an administrator removed.
 */
export const isAdministrator = sql`(not exists (select 1 from ${doctors} d where d.user_id = ${outerUserId})
  and exists (select 1 from ${userRoles} ur where ur.user_id = ${outerUserId}))`;

/** The user holds no role outside `reach` (see `isWithinReach`, which this mirrors in SQL). */
export function holdsOnlyRolesWithin(db: Database, reach: RoleReach): SQL | undefined {
  if (reach.kind === 'every') return undefined;
  const isOutOfReach = sql`not (${inArray(roles.slug, reach.builtInSlugs)}
    or (not ${roles.isBuiltIn} and ${arrayContained(roles.permissions, [...reach.scope])}))`;
  return notExists(db.select({ roleId: userRoles.roleId })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, users.id), isOutOfReach)));
}

/**
 * The account is one the administrator administers: a member of one of their workspaces, or an
 * account of the antigens side alone, which works in no workspace (docs/decisions/028).
 */
export function isAdministeredAccount(db: Database, scope: AdministeredWorkspaces): SQL | undefined {
  if (scope.kind === 'every') return undefined;
  const holdsRoleOutsideAntigens = db.select({ roleId: userRoles.roleId })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, users.id), notInArray(roles.slug, [...rolesOfAdminVariant.antigens])));
  return or(isAdministeredMember(db, users.id, scope), notExists(holdsRoleOutsideAntigens));
}

/** One page of the administrators within `reach` whom the administrator administers, with their roles in order. */
export async function findAdministratorsPage(
  db: Database, query: AdministratorPageQuery, reach: RoleReach, scope: AdministeredWorkspaces,
) {
  const where = and(
    isAdministrator,
    holdsOnlyRolesWithin(db, reach),
    isAdministeredAccount(db, scope),
    matchingEveryWord(query.q, [users.email, users.displayName]),
  );
  const direction = query.order === 'desc' ? desc : asc;
  const items = await db.select(administratorColumns)
    .from(users)
    .where(where)
    .orderBy(direction(sortColumns[query.sort]), asc(users.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ count: count() }).from(users).where(where);
  return { items, total: total?.count ?? 0 };
}

/** The administrators of these ids whom the administrator administers. */
export function findAdministrators(db: Database, ids: string[], scope: AdministeredWorkspaces) {
  return db.select(administratorColumns)
    .from(users)
    .where(and(inArray(users.id, ids), isAdministrator, isAdministeredAccount(db, scope)));
}

/**
 * The administrators of these ids whom the administrator administers, locked for a change: the
 * scope is checked in the statement that locks them, so nothing changes in between.
 */
export function lockAdministrators(db: Database, ids: string[], scope: AdministeredWorkspaces) {
  return db.select({ id: users.id, email: users.email, displayName: users.displayName, status: users.status })
    .from(users)
    .where(and(inArray(users.id, ids), isAdministrator, isAdministeredAccount(db, scope)))
    .for('update');
}

/** The roles these users hold, each user's in order. */
export function findRolesHeldBy(db: Database, userIds: string[]) {
  return db.select({
    userId: userRoles.userId, slug: roles.slug, isBuiltIn: roles.isBuiltIn, permissions: roles.permissions,
  })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(inArray(userRoles.userId, userIds))
    .orderBy(asc(userRoles.userId), asc(userRoles.position));
}

/** The account of an email, locked, with whether it is a doctor's and how many roles it holds. */
export function lockAccountByEmail(db: Database, email: string) {
  return db.select({
    id: users.id,
    status: users.status,
    isDoctor: sql<boolean>`exists (select 1 from ${doctors} d where d.user_id = ${outerUserId})`,
    roleCount: sql<number>`(select count(*)::int from ${userRoles} ur where ur.user_id = ${outerUserId})`,
  })
    .from(users)
    .where(eq(users.email, email))
    .for('update')
    .then(([row]) => row);
}

export interface NewAccount {
  email: string;
  displayName: string;
  passwordHash: string;
  status: AccountStatus;
}

export async function insertAccount(db: Database, account: NewAccount): Promise<string> {
  const [row] = await db.insert(users).values(account).returning({ id: users.id });
  if (!row) throw new Error('The account was not inserted');
  return row.id;
}

/**
 * Opens a removed administrator's account again for a new invitation. The second factor is
 * enrolled anew, like on a new account: whoever holds the mailbox now sets up their own.
 */
export async function reopenAccount(
  db: Database, id: string, account: Omit<NewAccount, 'email'>, now: Date,
): Promise<void> {
  await db.update(users)
    .set({ ...account, totpSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: now })
    .where(eq(users.id, id));
}

export async function updateAccount(
  db: Database, id: string, changes: { displayName?: string; status?: AccountStatus }, now: Date,
): Promise<void> {
  await db.update(users).set({ ...changes, updatedAt: now }).where(eq(users.id, id));
}

/** Gives the user these roles in this order, the first one the main role, instead of the ones held. */
export async function replaceRolesOfUser(db: Database, userId: string, roleIds: string[]): Promise<void> {
  await db.delete(userRoles).where(eq(userRoles.userId, userId));
  await db.insert(userRoles).values(roleIds.map((roleId, position) => ({ userId, roleId, position })));
}

/**
 * Takes every role and workspace away and closes the account. The row stays, so that the audit
 * trail and the doctors this administrator reviewed keep naming who acted; an invitation that
 * reopens it places it anew.
 */
export async function closeAdministratorAccount(db: Database, id: string, now: Date): Promise<void> {
  await db.delete(userRoles).where(eq(userRoles.userId, id));
  await db.delete(workspaceMembers).where(eq(workspaceMembers.userId, id));
  await db.update(users).set({ status: 'suspended', updatedAt: now }).where(eq(users.id, id));
}

/**
 * Locks the superadmin role. A change that may take an administrator's superadmin role away
 * takes this lock before any other, so two such changes run one after the other (the second
 * sees the first one's result) and can never wait on each other's account rows.
 */
export async function lockSuperadminRole(db: Database): Promise<void> {
  await db.select({ id: roles.id }).from(roles).where(eq(roles.slug, roleSlugs.superadmin)).for('update');
}

/** How many authorized superadmins there are besides `excludedIds`; call it under `lockSuperadminRole`. */
export async function countOtherAuthorizedSuperadmins(db: Database, excludedIds: string[]): Promise<number> {
  const [row] = await db.select({ count: count() })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(roles.slug, roleSlugs.superadmin), eq(users.status, 'active'), notInArray(users.id, excludedIds)));
  return row?.count ?? 0;
}
