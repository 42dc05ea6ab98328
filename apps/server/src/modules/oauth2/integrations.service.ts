import { messages, type Integration, type OAuthScope } from '@receta/domain';
import type { Database } from '../../db/client.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { findLiveGrantsOfUser, lockLiveGrantOfUser, revokeGrant, revokeTokensOfGrant } from './oauth2.repository.ts';

/** The apps the user authorised and has not revoked (/myIntegrations). */
export async function listIntegrations(db: Database, userId: string): Promise<Integration[]> {
  const rows = await findLiveGrantsOfUser(db, userId);
  return rows.map((row) => ({
    ...row,
    scopes: row.scopes as OAuthScope[],
    grantedAt: row.grantedAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  }));
}

/** Withdraws the user's consent to an app: the grant and every token of it end at once. */
export async function revokeIntegration(
  db: Database, userId: string, publicClientId: string, actor: AuditActor, now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const grant = await lockLiveGrantOfUser(tx, userId, publicClientId);
    if (!grant) throw AppError.notFound(messages.oauth.integrationNotFound);
    await revokeGrant(tx, grant.id, now);
    const revokedTokens = await revokeTokensOfGrant(tx, grant.id, now);
    await recordAudit(tx, actor, {
      action: 'oauth.grant_revoked',
      subjectType: 'oauth_client',
      subjectId: grant.clientId,
      details: { grantId: grant.id, clientId: publicClientId, scopes: grant.scopes, revokedTokens },
    });
  });
}
