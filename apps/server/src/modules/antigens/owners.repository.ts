import { and, asc, count, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { employees, owners, users } from '../../db/schema/index.ts';
import { containingEveryWord, searchWordsOf } from '../../db/search-condition.ts';

export interface OwnerPageQuery {
  page: number;
  pageSize: number;
  q?: string | undefined;
  sort: 'name' | 'createdAt';
  order: 'asc' | 'desc';
}

export type OwnerValues = Omit<typeof owners.$inferInsert, 'id' | 'createdAt'>;

/** The names of the constraints a racing create or edit may break, as the database reports them. */
export const ownerConstraints = { cuit: 'owners_cuit_unique', email: 'users_email_unique' } as const;

// The builder names the outer table's columns in full inside the subquery.
function ownerColumns(db: Database) {
  return {
    id: owners.id,
    name: owners.name,
    cuit: owners.cuit,
    address: owners.address,
    province: owners.province,
    contactName: owners.contactName,
    email: owners.email,
    phone: owners.phone,
    userId: owners.userId,
    employeeCount: db.$count(employees, eq(employees.ownerId, owners.id)),
    createdAt: owners.createdAt,
  };
}

export type OwnerRow = NonNullable<Awaited<ReturnType<typeof findOwner>>>;

const sortColumns = { name: owners.name, createdAt: owners.createdAt } as const;

/** One page of the owners with how many employees each has; every word of q must be in the name or CUIT. */
export async function findOwnersPage(db: Database, query: OwnerPageQuery) {
  const where = containingEveryWord(owners.searchText, searchWordsOf(query.q));
  const direction = query.order === 'desc' ? desc : asc;
  const items = await db.select(ownerColumns(db))
    .from(owners)
    .where(where)
    .orderBy(direction(sortColumns[query.sort]), asc(owners.name), asc(owners.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ count: count() }).from(owners).where(where);
  return { items, total: total?.count ?? 0 };
}

export function findOwner(db: Database, id: string) {
  return db.select(ownerColumns(db)).from(owners).where(eq(owners.id, id)).then(([row]) => row);
}

/** The owner whose account this is, if any. */
export function findOwnerIdOfUser(db: Database, userId: string): Promise<string | undefined> {
  return db.select({ id: owners.id }).from(owners).where(eq(owners.userId, userId)).then(([row]) => row?.id);
}

/** Whether another owner than `exceptId` has this CUIT. */
export async function isCuitTaken(db: Database, cuit: string, exceptId?: string): Promise<boolean> {
  const [row] = await db.select({ id: owners.id })
    .from(owners)
    .where(and(eq(owners.cuit, cuit), exceptId ? ne(owners.id, exceptId) : undefined));
  return row !== undefined;
}

export async function insertOwner(db: Database, values: OwnerValues): Promise<string> {
  const [row] = await db.insert(owners).values(values).returning({ id: owners.id });
  if (!row) throw new Error('The owner was not inserted');
  return row.id;
}

export async function updateOwner(db: Database, id: string, values: Omit<OwnerValues, 'userId'>): Promise<void> {
  await db.update(owners).set(values).where(eq(owners.id, id));
}

/** The owners of these ids, locked for a change. */
export function lockOwners(db: Database, ids: string[]) {
  return db.select({ id: owners.id, userId: owners.userId, email: owners.email })
    .from(owners)
    .where(inArray(owners.id, ids))
    .for('update');
}

/** Deletes owners; their employees and tests go with them (foreign keys cascade). */
export async function deleteOwners(db: Database, ids: string[]): Promise<void> {
  await db.delete(owners).where(inArray(owners.id, ids));
}

/** Keeps the owner's account in step with the owner: its login email and the name it shows. */
export async function updateOwnerAccount(
  db: Database, userId: string, changes: { email: string; displayName: string }, now: Date,
): Promise<void> {
  await db.update(users).set({ ...changes, updatedAt: now }).where(eq(users.id, userId));
}
