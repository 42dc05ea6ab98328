import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { oauthClients } from '../../db/schema/index.ts';
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
  'name' | 'logoUri' | 'redirectUris' | 'redirectUriLabel' | 'allowedScopes' | 'sandbox' | 'secretHash'>>;

const sortColumns = { name: oauthClients.name, createdAt: oauthClients.createdAt } as const;

/** One page of the registered apps; the table holds a few dozen rows at most. */
export async function findClientsPage(db: Database, query: OAuthClientPageQuery) {
  const where = matchingEveryWord(query.q, [oauthClients.name, oauthClients.clientId]);
  const direction = query.order === 'desc' ? desc : asc;
  const items = await db.select()
    .from(oauthClients)
    .where(where)
    .orderBy(direction(sortColumns[query.sort]), asc(oauthClients.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ count: count() }).from(oauthClients).where(where);
  return { items, total: total?.count ?? 0 };
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
