import { and, arrayContains, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { doctors, oauthClients, oauthCodes, oauthGrants, oauthTokens, users } from '../../db/schema/index.ts';

export type OAuthClientRow = typeof oauthClients.$inferSelect;
export type OAuthCodeRow = typeof oauthCodes.$inferSelect;
type CodeKind = OAuthCodeRow['kind'];

/** An app by the client_id it sends. */
export function findClientByPublicId(db: Database, clientId: string): Promise<OAuthClientRow | undefined> {
  return db.select().from(oauthClients).where(eq(oauthClients.clientId, clientId)).then(([row]) => row);
}

/** Whether some app registered the redirect URI, matched exactly as the authorize endpoint matches it. */
export async function isRedirectUriOfSomeClient(db: Database, redirectUri: string): Promise<boolean> {
  const rows = await db.select({ id: oauthClients.id })
    .from(oauthClients)
    .where(arrayContains(oauthClients.redirectUris, [redirectUri]))
    .limit(1);
  return rows.length === 1;
}

export function findClientById(db: Database, id: string): Promise<OAuthClientRow | undefined> {
  return db.select().from(oauthClients).where(eq(oauthClients.id, id)).then(([row]) => row);
}

export async function insertCode(db: Database, code: typeof oauthCodes.$inferInsert): Promise<void> {
  await db.insert(oauthCodes).values(code);
}

/** A code of this kind by its hash, locked until the transaction ends, used or not. */
export function lockCode(db: Database, kind: CodeKind, codeHash: string): Promise<OAuthCodeRow | undefined> {
  return db.select().from(oauthCodes)
    .where(and(eq(oauthCodes.codeHash, codeHash), eq(oauthCodes.kind, kind)))
    .for('update')
    .then(([row]) => row);
}

/** A code of this kind by its hash, used or not, without locking it. */
export function findCode(db: Database, kind: CodeKind, codeHash: string): Promise<OAuthCodeRow | undefined> {
  return db.select().from(oauthCodes)
    .where(and(eq(oauthCodes.codeHash, codeHash), eq(oauthCodes.kind, kind)))
    .then(([row]) => row);
}

export async function markCodeUsed(db: Database, id: string, now: Date): Promise<void> {
  await db.update(oauthCodes).set({ usedAt: now }).where(eq(oauthCodes.id, id));
}

/**
 * Marks a code used unless it was used or discarded meanwhile; answers whether it was this
 * call that spent it. One statement, so two requests racing with one code cannot both spend it.
 */
export async function spendCode(db: Database, id: string, now: Date): Promise<boolean> {
  const spent = await db.update(oauthCodes)
    .set({ usedAt: now })
    .where(and(eq(oauthCodes.id, id), isNull(oauthCodes.usedAt)))
    .returning({ id: oauthCodes.id });
  return spent.length === 1;
}

/** A sign-in code with what the consent page shows of its app and its user. */
export function findSignInCode(db: Database, codeHash: string) {
  return db.select({
    code: oauthCodes,
    client: oauthClients,
    userEmail: users.email,
    userDisplayName: users.displayName,
    doctorName: doctors.name,
    doctorLastName: doctors.lastName,
  })
    .from(oauthCodes)
    .innerJoin(oauthClients, eq(oauthClients.id, oauthCodes.clientId))
    .innerJoin(users, eq(users.id, oauthCodes.userId))
    .leftJoin(doctors, eq(doctors.userId, users.id))
    .where(and(eq(oauthCodes.codeHash, codeHash), eq(oauthCodes.kind, 'sign_in')))
    .then(([row]) => row);
}

/**
 * Records the user's consent to an app: a new grant, or the live one with the new scopes
 * added. One statement, so two consents racing still leave one live grant.
 */
export async function upsertGrant(
  db: Database, grant: { userId: string; clientId: string; scopes: string[] },
): Promise<string> {
  const [row] = await db.insert(oauthGrants).values(grant)
    .onConflictDoUpdate({
      target: [oauthGrants.userId, oauthGrants.clientId],
      targetWhere: sql`${oauthGrants.revokedAt} is null`,
      set: { scopes: sql`array(select distinct scope from unnest(${oauthGrants.scopes} || excluded.scopes) as scope order by scope)` },
    })
    .returning({ id: oauthGrants.id });
  if (!row) throw new Error('The grant was not recorded');
  return row.id;
}

/** The live grant of a user to an app, with whether the user may still sign in. */
export function findLiveGrant(db: Database, userId: string, clientId: string) {
  return db.select({ id: oauthGrants.id, userStatus: users.status })
    .from(oauthGrants)
    .innerJoin(users, eq(users.id, oauthGrants.userId))
    .where(and(eq(oauthGrants.userId, userId), eq(oauthGrants.clientId, clientId), isNull(oauthGrants.revokedAt)))
    .then(([row]) => row);
}

export interface NewToken {
  kind: 'access' | 'refresh';
  tokenHash: string;
  grantId: string;
  scopes: string[];
  expiresAt: Date;
}

export async function insertTokens(db: Database, tokens: NewToken[]): Promise<void> {
  await db.insert(oauthTokens).values(tokens);
}

/** A token by its hash, locked, with its grant's app, user and state. */
export function lockToken(db: Database, tokenHash: string) {
  return db.select({
    token: oauthTokens,
    grantClientId: oauthGrants.clientId,
    grantUserId: oauthGrants.userId,
    grantRevokedAt: oauthGrants.revokedAt,
    userStatus: users.status,
  })
    .from(oauthTokens)
    .innerJoin(oauthGrants, eq(oauthGrants.id, oauthTokens.grantId))
    .innerJoin(users, eq(users.id, oauthGrants.userId))
    .where(eq(oauthTokens.tokenHash, tokenHash))
    .for('update', { of: oauthTokens })
    .then(([row]) => row);
}

export async function markTokenUsed(db: Database, id: string, now: Date): Promise<void> {
  await db.update(oauthTokens).set({ usedAt: now }).where(eq(oauthTokens.id, id));
}

export async function revokeToken(db: Database, id: string, now: Date): Promise<void> {
  await db.update(oauthTokens)
    .set({ revokedAt: now })
    .where(and(eq(oauthTokens.id, id), isNull(oauthTokens.revokedAt)));
}

/** Ends every token of a grant at once; answers how many were live. */
export async function revokeTokensOfGrant(db: Database, grantId: string, now: Date): Promise<number> {
  const revoked = await db.update(oauthTokens)
    .set({ revokedAt: now })
    .where(and(eq(oauthTokens.grantId, grantId), isNull(oauthTokens.revokedAt)))
    .returning({ id: oauthTokens.id });
  return revoked.length;
}

export async function revokeGrant(db: Database, grantId: string, now: Date): Promise<void> {
  await db.update(oauthGrants)
    .set({ revokedAt: now })
    .where(and(eq(oauthGrants.id, grantId), isNull(oauthGrants.revokedAt)));
}

/** The apps a user authorised and has not revoked, latest consent first. */
export function findLiveGrantsOfUser(db: Database, userId: string) {
  return db.select({
    clientId: oauthClients.clientId,
    name: oauthClients.name,
    logoUri: oauthClients.logoUri,
    sandbox: oauthClients.sandbox,
    scopes: oauthGrants.scopes,
    grantedAt: oauthGrants.grantedAt,
    lastUsedAt: oauthGrants.lastUsedAt,
  })
    .from(oauthGrants)
    .innerJoin(oauthClients, eq(oauthClients.id, oauthGrants.clientId))
    .where(and(eq(oauthGrants.userId, userId), isNull(oauthGrants.revokedAt)))
    .orderBy(desc(oauthGrants.grantedAt));
}

/** The user's live grant to the app of this client_id, locked for revocation. */
export function lockLiveGrantOfUser(db: Database, userId: string, publicClientId: string) {
  return db.select({ id: oauthGrants.id, clientId: oauthGrants.clientId, scopes: oauthGrants.scopes })
    .from(oauthGrants)
    .innerJoin(oauthClients, eq(oauthClients.id, oauthGrants.clientId))
    .where(and(
      eq(oauthGrants.userId, userId), eq(oauthClients.clientId, publicClientId), isNull(oauthGrants.revokedAt),
    ))
    .for('update', { of: oauthGrants })
    .then(([row]) => row);
}
