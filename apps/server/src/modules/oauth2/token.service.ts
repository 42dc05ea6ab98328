import type { OAuthToken, OAuthTokenRequestSchema } from '@receta/domain';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { recordAudit } from '../../platform/audit.ts';
import { hashToken } from '../../platform/user-tokens.ts';
import { matchesS256Challenge, newOpaqueValue } from '../../platform/auth/opaque-values.ts';
import { OAuthError } from './oauth-errors.ts';
import {
  findLiveGrant, insertTokens, lockCode, lockToken, markCodeUsed, markTokenUsed, revokeToken, revokeTokensOfGrant,
  type OAuthClientRow,
} from './oauth2.repository.ts';

/** An hour: a stolen access token is worth little, and the app refreshes without the user. */
export const accessTokenLifetimeSeconds = 60 * 60;
/** Thirty days since the last refresh: an app used monthly keeps working, an abandoned one stops. */
export const refreshTokenLifetimeMs = 30 * 24 * 60 * 60_000;

export type TokenRequest = z.output<typeof OAuthTokenRequestSchema>;

/** A change that must be kept although the request is refused: the revocation after a replay. */
interface Refused {
  refusal: OAuthError;
}

const system = { actorUserId: null, pagePath: null };

/** A new access token and refresh token of a grant (RFC 6749 section 5.1). */
async function issueTokens(
  db: Database, grantId: string, scopes: { access: string[]; refresh: string[] }, now: Date,
): Promise<OAuthToken> {
  const accessToken = newOpaqueValue();
  const refreshToken = newOpaqueValue();
  await insertTokens(db, [
    {
      kind: 'access',
      tokenHash: hashToken(accessToken),
      grantId,
      scopes: scopes.access,
      expiresAt: new Date(now.getTime() + accessTokenLifetimeSeconds * 1000),
    },
    {
      kind: 'refresh',
      tokenHash: hashToken(refreshToken),
      grantId,
      scopes: scopes.refresh,
      expiresAt: new Date(now.getTime() + refreshTokenLifetimeMs),
    },
  ]);
  return {
    access_token: accessToken,
    token_type: 'Bearer',
    expires_in: accessTokenLifetimeSeconds,
    refresh_token: refreshToken,
    scope: scopes.access.join(' '),
  };
}

/**
 * RFC 6749 section 4.1.2 and RFC 9700 section 4.5: a code presented twice was stolen or
 * replayed, so every token of its grant is revoked.
 */
async function refuseReplayedCode(
  db: Database, code: { userId: string; clientId: string }, now: Date,
): Promise<Refused> {
  const grant = await findLiveGrant(db, code.userId, code.clientId);
  if (grant) {
    const revokedTokens = await revokeTokensOfGrant(db, grant.id, now);
    await recordAudit(db, system, {
      action: 'oauth.code_replayed', subjectType: 'oauth_grant', subjectId: grant.id, details: { revokedTokens },
    });
  }
  return { refusal: new OAuthError('invalid_grant', 'The authorization code was already used; its tokens are revoked') };
}

async function redeemCode(
  db: Database, client: OAuthClientRow, request: Extract<TokenRequest, { grant_type: 'authorization_code' }>, now: Date,
): Promise<OAuthToken | Refused> {
  const code = await lockCode(db, 'authorization', hashToken(request.code));
  // Another client's code is as unknown to this one: it neither redeems nor revokes it.
  if (!code || code.clientId !== client.id) throw new OAuthError('invalid_grant', 'The authorization code is invalid');
  if (code.usedAt) return refuseReplayedCode(db, code, now);
  if (code.expiresAt <= now) throw new OAuthError('invalid_grant', 'The authorization code expired');
  if (code.redirectUri !== request.redirect_uri) {
    throw new OAuthError('invalid_grant', 'The redirect_uri differs from the one of the authorization request');
  }
  if (!matchesS256Challenge(request.code_verifier, code.codeChallenge)) {
    throw new OAuthError('invalid_grant', 'The code_verifier does not match the code_challenge');
  }
  const grant = await findLiveGrant(db, code.userId, client.id);
  if (!grant || grant.userStatus !== 'active') throw new OAuthError('invalid_grant', 'The authorization was revoked');
  await markCodeUsed(db, code.id, now);
  return issueTokens(db, grant.id, { access: code.scopes, refresh: code.scopes }, now);
}

/** The scopes asked for at a refresh: a subset of the refresh token's (RFC 6749 section 6). */
function narrowedScopes(requested: string | undefined, held: string[]): string[] {
  if (requested === undefined) return held;
  const scopes = [...new Set(requested.split(' ').filter(Boolean))];
  if (scopes.length === 0 || !scopes.every((scope) => held.includes(scope))) {
    throw new OAuthError('invalid_scope', 'The scope exceeds the scope granted by the resource owner');
  }
  return scopes;
}

/**
 * Refresh token rotation (RFC 9700 section 4.14.2): each refresh token works once; the one
 * used is spent and a new pair answered. A spent one presented again means a copy exists, so
 * every token of the grant is revoked and the app must ask the user again.
 */
async function rotateRefreshToken(
  db: Database, client: OAuthClientRow, request: Extract<TokenRequest, { grant_type: 'refresh_token' }>, now: Date,
): Promise<OAuthToken | Refused> {
  const row = await lockToken(db, hashToken(request.refresh_token));
  if (!row || row.token.kind !== 'refresh' || row.grantClientId !== client.id) {
    throw new OAuthError('invalid_grant', 'The refresh token is invalid');
  }
  if (row.token.revokedAt || row.grantRevokedAt) throw new OAuthError('invalid_grant', 'The refresh token was revoked');
  if (row.token.usedAt) {
    const revokedTokens = await revokeTokensOfGrant(db, row.token.grantId, now);
    await recordAudit(db, system, {
      action: 'oauth.refresh_token_reused', subjectType: 'oauth_grant', subjectId: row.token.grantId, details: { revokedTokens },
    });
    return { refusal: new OAuthError('invalid_grant', 'The refresh token was already used; every token of this authorization is revoked') };
  }
  if (row.token.expiresAt <= now) throw new OAuthError('invalid_grant', 'The refresh token expired');
  if (row.userStatus !== 'active') throw new OAuthError('invalid_grant', 'The user may no longer use this app');
  const scopes = narrowedScopes(request.scope, row.token.scopes);
  await markTokenUsed(db, row.token.id, now);
  // The new refresh token keeps the scope of the one it replaces, whatever the access token asked.
  return issueTokens(db, row.token.grantId, { access: scopes, refresh: row.token.scopes }, now);
}

/**
 * `POST /oauth2/accounts/token` for an authenticated client: redeems an authorization code
 * or rotates a refresh token. A refusal that revokes tokens commits the revocation first.
 */
export async function exchangeToken(
  db: Database, client: OAuthClientRow, request: Exclude<TokenRequest, { grant_type: 'client_credentials' }>,
  now = new Date(),
): Promise<OAuthToken> {
  const outcome = await db.transaction((tx) => (request.grant_type === 'authorization_code'
    ? redeemCode(tx, client, request, now)
    : rotateRefreshToken(tx, client, request, now)));
  if ('refusal' in outcome) throw outcome.refusal;
  return outcome;
}

/**
 * `POST /oauth2/accounts/revoke` (RFC 7009): ends a token of the client. A refresh token takes
 * every token of its grant with it. An unknown token, or another client's, changes nothing
 * and gets the same answer, so the endpoint tells nobody which tokens exist.
 */
export async function revokeTokenOfClient(
  db: Database, client: OAuthClientRow, token: string, now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockToken(tx, hashToken(token));
    if (!row || row.grantClientId !== client.id || row.token.revokedAt) return;
    if (row.token.kind === 'refresh') await revokeTokensOfGrant(tx, row.token.grantId, now);
    else await revokeToken(tx, row.token.id, now);
    await recordAudit(tx, system, {
      action: 'oauth.token_revoked',
      subjectType: 'oauth_grant',
      subjectId: row.token.grantId,
      details: { kind: row.token.kind, clientId: client.clientId },
    });
  });
}
