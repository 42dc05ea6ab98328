import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { roles, userRoles } from '../../db/schema/index.ts';
import { matchingEveryWord } from '../../db/search-condition.ts';

export interface RolePageQuery {
  page: number;
  pageSize: number;
  q?: string | undefined;
  sort: 'name' | 'slug' | 'createdAt';
  order: 'asc' | 'desc';
}

export type RoleChanges = Partial<Pick<typeof roles.$inferInsert,
  'slug' | 'name' | 'description' | 'landingPage' | 'permissions'>>;

// The outer role's id, qualified: drizzle leaves the columns of a one-table select unqualified.
const userCount = sql<number>`(select count(*)::int from ${userRoles} ur
  where ur.role_id = ${roles}.${sql.identifier(roles.id.name)})`;

const roleColumns = {
  id: roles.id,
  slug: roles.slug,
  name: roles.name,
  description: roles.description,
  landingPage: roles.landingPage,
  permissions: roles.permissions,
  isBuiltIn: roles.isBuiltIn,
  createdAt: roles.createdAt,
  userCount,
};

const sortColumns = { name: roles.name, slug: roles.slug, createdAt: roles.createdAt } as const;

/** One page of the roles, with how many users hold each. */
export async function findRolesPage(db: Database, query: RolePageQuery) {
  const where = matchingEveryWord(query.q, [roles.name, roles.slug, roles.description]);
  const direction = query.order === 'desc' ? desc : asc;
  const items = await db.select(roleColumns)
    .from(roles)
    .where(where)
    .orderBy(direction(sortColumns[query.sort]), asc(roles.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ count: count() }).from(roles).where(where);
  return { items, total: total?.count ?? 0 };
}

export function findRole(db: Database, id: string) {
  return db.select(roleColumns).from(roles).where(eq(roles.id, id)).then(([row]) => row);
}

/** Every role, by name: the table is small (the built-in roles and a few of each clinic). */
export function findAllRoles(db: Database) {
  return db.select({
    id: roles.id, slug: roles.slug, name: roles.name, description: roles.description, isBuiltIn: roles.isBuiltIn,
    permissions: roles.permissions,
  })
    .from(roles)
    .orderBy(asc(roles.name));
}

/**
 * The roles of these slugs, held against deletion until the transaction ends (`for key share`
 * is the lock the foreign key of a new user role would take anyway).
 */
export function findRolesBySlugs(db: Database, slugs: string[]) {
  return db.select({
    id: roles.id, slug: roles.slug, name: roles.name, isBuiltIn: roles.isBuiltIn, permissions: roles.permissions,
  })
    .from(roles)
    .where(inArray(roles.slug, slugs))
    .for('key share');
}

export async function insertRole(db: Database, role: Required<RoleChanges>): Promise<string> {
  const [row] = await db.insert(roles).values({ ...role, isBuiltIn: false }).returning({ id: roles.id });
  if (!row) throw new Error('The role was not inserted');
  return row.id;
}

/** The roles of these ids, locked for a change. */
export function lockRoles(db: Database, ids: string[]) {
  return db.select({
    id: roles.id, slug: roles.slug, name: roles.name, description: roles.description, landingPage: roles.landingPage,
    permissions: roles.permissions, isBuiltIn: roles.isBuiltIn,
  })
    .from(roles)
    .where(inArray(roles.id, ids))
    .for('update');
}

export async function updateRole(db: Database, id: string, changes: RoleChanges): Promise<void> {
  await db.update(roles).set(changes).where(eq(roles.id, id));
}

/** The ids of the roles, among these, that some user holds. */
export async function findRolesInUse(db: Database, ids: string[]): Promise<Set<string>> {
  const rows = await db.selectDistinct({ roleId: userRoles.roleId })
    .from(userRoles)
    .where(inArray(userRoles.roleId, ids));
  return new Set(rows.map((row) => row.roleId));
}

export async function deleteRoles(db: Database, ids: string[]): Promise<void> {
  await db.delete(roles).where(and(inArray(roles.id, ids), eq(roles.isBuiltIn, false)));
}
