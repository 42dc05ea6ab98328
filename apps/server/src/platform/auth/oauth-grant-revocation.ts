import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { oauthCodes, oauthGrants, oauthTokens } from '../../db/schema/index.ts';
import { recordAudit, type AuditActor } from '../audit.ts';

/**
 * Deletes the user's codes still usable, of every kind; answers how many there were. Only
 * codes not yet expired are looked at, a few minutes' worth found through the expiry index.
 */
async function deleteLiveCodesOfUser(db: Database, userId: string, now: Date): Promise<number> {
  const deleted = await db.delete(oauthCodes)
    .where(and(gt(oauthCodes.expiresAt, now), eq(oauthCodes.userId, userId), isNull(oauthCodes.usedAt)))
    .returning({ id: oauthCodes.id });
  return deleted.length;
}

/** Revokes every live grant of the user; answers their ids. */
async function revokeGrantsOfUser(db: Database, userId: string, now: Date): Promise<string[]> {
  const revoked = await db.update(oauthGrants)
    .set({ revokedAt: now })
    .where(and(eq(oauthGrants.userId, userId), isNull(oauthGrants.revokedAt)))
    .returning({ id: oauthGrants.id });
  return revoked.map((grant) => grant.id);
}

/** Ends every live token of these grants; answers how many were live. */
async function revokeTokensOfGrants(db: Database, grantIds: string[], now: Date): Promise<number> {
  if (grantIds.length === 0) return 0;
  const revoked = await db.update(oauthTokens)
    .set({ revokedAt: now })
    .where(and(inArray(oauthTokens.grantId, grantIds), isNull(oauthTokens.revokedAt)))
    .returning({ id: oauthTokens.id });
  return revoked.length;
}

/**
 * Ends every app's access to the user's account: each grant, its access and refresh tokens,
 * and the codes of a flow under way. Call it in the transaction of the change that causes it
 * (a password change or recovery, a second-factor reset, a suspension, a removal), so that an
 * app signed in with the old credentials cannot outlive them.
 */
export async function revokeOAuthGrantsOfUser(
  tx: Database, userId: string, actor: AuditActor, now = new Date(),
): Promise<void> {
  // The codes first: a consent under way holds its sign-in code's lock, so deleting waits for
  // it to commit its grant, which the next statement then revokes; a later one finds no code.
  const discardedCodes = await deleteLiveCodesOfUser(tx, userId, now);
  const grantIds = await revokeGrantsOfUser(tx, userId, now);
  const revokedTokens = await revokeTokensOfGrants(tx, grantIds, now);
  if (grantIds.length === 0 && discardedCodes === 0) return;
  await recordAudit(tx, actor, {
    action: 'oauth.all_grants_revoked',
    subjectType: 'user',
    subjectId: userId,
    details: { grantIds, revokedTokens, discardedCodes },
  });
}
