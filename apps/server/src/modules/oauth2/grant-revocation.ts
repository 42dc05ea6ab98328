import type { Database } from '../../db/client.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { deleteLiveCodesOfUser, revokeGrantsOfUser, revokeTokensOfGrants } from './oauth2.repository.ts';

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
