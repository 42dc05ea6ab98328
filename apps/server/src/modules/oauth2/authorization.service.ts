import { messages, type ErrorCode, type OAuthScope } from '@receta/domain';
import type { Database } from '../../db/client.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { hashToken } from '../../platform/user-tokens.ts';
import { newOpaqueValue } from '../../platform/auth/opaque-values.ts';
import { findClientByPublicId, insertCode, lockCode, markCodeUsed, upsertGrant } from './oauth2.repository.ts';
import { assertScopesAllowed } from './sign-in.service.ts';

/** RFC 6749 section 4.1.2 recommends at most ten minutes; the app redeems it at once. */
export const authorizationCodeLifetimeMs = 60_000;

export interface AuthorizationRequest {
  client_id: string;
  signed_in_code: string;
  scope: OAuthScope[];
  redirect_uri: string;
  state?: string | undefined;
  code_challenge: string;
}

function fieldError(field: string, message: string, errorCode?: ErrorCode): AppError {
  return new AppError('invalid_data', message, errorCode, [{ field, message }]);
}

/**
 * `POST /oauth2/accounts/authorize`: the user's consent. Spends the signed_in_code, records
 * the grant and answers a single-use authorization code bound to the app, the redirect URI
 * (matched exactly, RFC 9700 section 4.1.3), the PKCE challenge and the scopes.
 */
export async function authorizeApp(
  db: Database, request: AuthorizationRequest, actor: AuditActor, now = new Date(),
): Promise<{ code: string; state?: string }> {
  const app = await findClientByPublicId(db, request.client_id);
  if (!app) throw new AppError('invalid_data', messages.oauthServer.invalidClientId, 'invalidClientId');
  if (!app.redirectUris.includes(request.redirect_uri)) {
    throw fieldError('query.redirect_uri', messages.oauth.redirectUriNotRegistered, 'redirectUriNotRegistered');
  }
  const code = newOpaqueValue();
  await db.transaction(async (tx) => {
    const signIn = await lockCode(tx, 'sign_in', hashToken(request.signed_in_code));
    if (!signIn || signIn.usedAt || signIn.expiresAt <= now || signIn.clientId !== app.id) {
      throw fieldError('query.signed_in_code', messages.oauth.signInExpired, 'signInExpired');
    }
    // No more than the app may ask for, nor than the user was asked about at sign-in.
    assertScopesAllowed(request.scope, app.allowedScopes.filter((scope) => signIn.scopes.includes(scope)), 'query.scope');
    await markCodeUsed(tx, signIn.id, now);
    const grantId = await upsertGrant(tx, { userId: signIn.userId, clientId: app.id, scopes: request.scope });
    await insertCode(tx, {
      kind: 'authorization',
      codeHash: hashToken(code),
      userId: signIn.userId,
      clientId: app.id,
      scopes: request.scope,
      redirectUri: request.redirect_uri,
      codeChallenge: request.code_challenge,
      expiresAt: new Date(now.getTime() + authorizationCodeLifetimeMs),
    });
    await recordAudit(tx, { ...actor, actorUserId: signIn.userId }, {
      action: 'oauth.grant',
      subjectType: 'oauth_client',
      subjectId: app.id,
      details: { grantId, clientId: app.clientId, scopes: request.scope },
    });
  });
  return request.state === undefined ? { code } : { code, state: request.state };
}
