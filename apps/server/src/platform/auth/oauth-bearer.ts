import { messages, type OAuthScope } from '@receta/domain';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { oauthClients, oauthGrants, oauthTokens, users } from '../../db/schema/index.ts';
import { AppError } from '../http/app-error.ts';
import { hashToken } from '../user-tokens.ts';
import { requireBearerToken } from './bearer-token.ts';

/** The app and the user behind an OAuth2 access token. */
export interface OAuthCaller {
  userId: string;
  userEmail: string;
  /** The client's row id; `clientPublicId` is the client_id the app sends. */
  clientId: string;
  clientPublicId: string;
  clientName: string;
  clientRedirectUriLabel: string;
  /** The redirect URIs registered for the app: the PIN step answers only to one of them. */
  clientRedirectUris: string[];
  sandbox: boolean;
  grantId: string;
  accessTokenId: string;
  scopes: OAuthScope[];
}

// A grant's last use is written at most this often, so that an API call is not a write.
const lastUsedResolutionSeconds = 300;

/** One indexed read per request: the token by its hash, live, with its grant, client and user. */
export function prepareOAuthTokenLookup(db: Database) {
  const isStale = sql<boolean>`coalesce(${oauthGrants.lastUsedAt} < now() - make_interval(secs => ${lastUsedResolutionSeconds}), true)`;
  return db.select({
    userId: users.id,
    userEmail: users.email,
    clientId: oauthClients.id,
    clientPublicId: oauthClients.clientId,
    clientName: oauthClients.name,
    clientRedirectUriLabel: oauthClients.redirectUriLabel,
    clientRedirectUris: oauthClients.redirectUris,
    sandbox: oauthClients.sandbox,
    grantId: oauthGrants.id,
    accessTokenId: oauthTokens.id,
    scopes: oauthTokens.scopes,
    isStale,
  })
    .from(oauthTokens)
    .innerJoin(oauthGrants, eq(oauthGrants.id, oauthTokens.grantId))
    .innerJoin(oauthClients, eq(oauthClients.id, oauthGrants.clientId))
    .innerJoin(users, eq(users.id, oauthGrants.userId))
    .where(and(
      eq(oauthTokens.tokenHash, sql.placeholder('tokenHash')),
      eq(oauthTokens.kind, 'access'),
      isNull(oauthTokens.revokedAt),
      gt(oauthTokens.expiresAt, sql`now()`),
      isNull(oauthGrants.revokedAt),
      eq(users.status, 'active'),
    ))
    .prepare('find_live_oauth_token');
}

export type OAuthTokenLookup = ReturnType<typeof prepareOAuthTokenLookup>;

/**
 * The caller of an OAuth2 route: 401 'Invalid access_token' without a live token, 403 when
 * the token holds none of the scopes the route needs (an empty list accepts any live token).
 */
export async function authenticateOAuth(
  db: Database, lookup: OAuthTokenLookup, request: FastifyRequest, needed: readonly OAuthScope[],
): Promise<OAuthCaller> {
  const [row] = await lookup.execute({ tokenHash: hashToken(requireBearerToken(request)) });
  if (!row) throw new AppError('unauthenticated', messages.session.invalidAccessToken);
  const { isStale, ...caller } = row;
  const scopes = caller.scopes as OAuthScope[];
  if (needed.length > 0 && !needed.some((scope) => scopes.includes(scope))) throw AppError.forbidden();
  if (isStale) await db.update(oauthGrants).set({ lastUsedAt: sql`now()` }).where(eq(oauthGrants.id, caller.grantId));
  return { ...caller, scopes };
}
