import { pharmacySystemScopes, type OAuthClientToken, type OAuthScope } from '@receta/domain';
import type { Database } from '../../db/client.ts';
import { recordAudit } from '../../platform/audit.ts';
import { findLivePharmacySystem } from '../../platform/auth/pharmacy-system-bearer.ts';
import {
  pharmacySystemTokenLifetimeSeconds, type PharmacySystemTokenSigner,
} from '../../platform/auth/pharmacy-system-tokens.ts';
import { OAuthError } from './oauth-errors.ts';
import type { OAuthClientRow } from './oauth2.repository.ts';
import type { TokenRequest } from './token.service.ts';

type ClientCredentialsRequest = Extract<TokenRequest, { grant_type: 'client_credentials' }>;

/**
 * The scopes a pharmacy system asks for (all it may hold when it names none, RFC 6749
 * section 3.3): only scopes of pharmacy systems that its registration allows.
 */
function grantedScopes(requested: string | undefined, allowed: readonly string[]): OAuthScope[] {
  const holdable = pharmacySystemScopes.filter((scope) => allowed.includes(scope));
  if (requested === undefined) {
    if (holdable.length === 0) throw new OAuthError('invalid_scope', 'The client may hold no scope');
    return holdable;
  }
  const scopes = [...new Set(requested.split(' ').filter(Boolean))];
  if (scopes.length === 0 || !scopes.every((scope) => (holdable as string[]).includes(scope))) {
    throw new OAuthError('invalid_scope', 'The scope is not allowed to this client with client_credentials');
  }
  return scopes as OAuthScope[];
}

/**
 * `POST /oauth2/accounts/token` with `grant_type=client_credentials` (RFC 6749 section 4.4):
 * a pharmacy system, authenticated by its secret, gets a signed JWT valid for five minutes
 * (Disp. DNSISA 1/2025 Annex III §2) and no refresh token. Only a confidential client the
 * superadmin registered with a live pharmacy account may use the grant.
 */
export async function issuePharmacySystemToken(
  db: Database, signer: PharmacySystemTokenSigner, client: OAuthClientRow, request: ClientCredentialsRequest,
  now = new Date(),
): Promise<OAuthClientToken> {
  const pharmacySystem = client.kind === 'confidential' ? await findLivePharmacySystem(db, client.id) : undefined;
  if (!pharmacySystem) {
    throw new OAuthError('unauthorized_client', 'The client is not registered as a pharmacy system with a live pharmacy account');
  }
  const scopes = grantedScopes(request.scope, client.allowedScopes);
  const scope = scopes.join(' ');
  const accessToken = await signer.sign({ sub: client.id, client_id: client.clientId, scope }, now);
  await recordAudit(db, { actorUserId: pharmacySystem.pharmacyUserId, pagePath: null, oauthClientId: client.id }, {
    action: 'oauth.pharmacy_system_token_issued', subjectType: 'oauth_client', subjectId: client.id, details: { scope },
  });
  return { access_token: accessToken, token_type: 'Bearer', expires_in: pharmacySystemTokenLifetimeSeconds, scope };
}
