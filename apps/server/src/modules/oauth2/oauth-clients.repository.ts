import { roleSlugs } from '@receta/domain';
import { and, asc, count, desc, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { oauthClients, roles, userRoles, users } from '../../db/schema/index.ts';
import { matchingEveryWord } from '../../db/search-condition.ts';
import type { OAuthClientRow } from './oauth2.repository.ts';

export interface OAuthClientPageQuery {
  page: number;
  pageSize: number;
  q?: string | undefined;
  sort: 'name' | 'createdAt';
  order: 'asc' | 'desc';
}

export type OAuthClientChanges = Partial<Pick<typeof oauthClients.$inferInsert,
  'name' | 'logoUri' | 'redirectUris' | 'redirectUriLabel' | 'allowedScopes' | 'sandbox' | 'secretHash'
  | 'pharmacyUserId'>>;

/** A registered app with the email of the pharmacy account it dispenses for, if any. */
export type RegisteredClientRow = OAuthClientRow & { pharmacyAccountEmail: string | null };

const sortColumns = { name: oauthClients.name, createdAt: oauthClients.createdAt } as const;

function selectRegisteredClients(db: Database) {
  return db.select({ ...getTableColumns(oauthClients), pharmacyAccountEmail: users.email })
    .from(oauthClients)
    .leftJoin(users, eq(users.id, oauthClients.pharmacyUserId));
}

/** One page of the registered apps; the table holds a few dozen rows at most. */
export async function findClientsPage(db: Database, query: OAuthClientPageQuery) {
  const where = matchingEveryWord(query.q, [oauthClients.name, oauthClients.clientId]);
  const direction = query.order === 'desc' ? desc : asc;
  const items = await selectRegisteredClients(db)
    .where(where)
    .orderBy(direction(sortColumns[query.sort]), asc(oauthClients.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ count: count() }).from(oauthClients).where(where);
  return { items, total: total?.count ?? 0 };
}

export function findRegisteredClient(db: Database, id: string): Promise<RegisteredClientRow | undefined> {
  return selectRegisteredClients(db).where(eq(oauthClients.id, id)).then(([row]) => row);
}

/** The id of the user of this email who holds the pharmacy role, if there is one. */
export function findPharmacyUserIdByEmail(db: Database, email: string): Promise<string | undefined> {
  return db.select({ id: users.id })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(users.email, email), eq(roles.slug, roleSlugs.pharmacy)))
    .then(([row]) => row?.id);
}

export async function insertClient(db: Database, client: typeof oauthClients.$inferInsert): Promise<OAuthClientRow> {
  const [row] = await db.insert(oauthClients).values(client).returning();
  if (!row) throw new Error('The client was not inserted');
  return row;
}

/** An app locked for a change. */
export function lockClient(db: Database, id: string): Promise<OAuthClientRow | undefined> {
  return db.select().from(oauthClients).where(eq(oauthClients.id, id)).for('update').then(([row]) => row);
}

export async function updateClient(
  db: Database, id: string, changes: OAuthClientChanges, now: Date,
): Promise<OAuthClientRow> {
  const [row] = await db.update(oauthClients)
    .set({ ...changes, updatedAt: now })
    .where(eq(oauthClients.id, id))
    .returning();
  if (!row) throw new Error(`No client ${id} to update`);
  return row;
}

/** Deletes the apps of these ids, with their grants, codes and tokens; answers the rows deleted. */
export function deleteClients(db: Database, ids: string[]) {
  return db.delete(oauthClients)
    .where(inArray(oauthClients.id, ids))
    .returning({ id: oauthClients.id, clientId: oauthClients.clientId, name: oauthClients.name });
}
