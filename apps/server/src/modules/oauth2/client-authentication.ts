import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { matchesStoredHash } from '../../platform/auth/opaque-values.ts';
import { OAuthError } from './oauth-errors.ts';
import { findClientByPublicId, type OAuthClientRow } from './oauth2.repository.ts';

/** What a request to the token or revocation endpoint says about its client. */
export interface ClientCredentials {
  clientId: string | undefined;
  secret: string | undefined;
}

const authenticationFailed = () => new OAuthError('invalid_client', 'Client authentication failed');

/** RFC 6749 section 2.3.1: HTTP Basic carries the id and the secret form-encoded. */
function formDecode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    throw authenticationFailed();
  }
}

/**
 * The client's id and secret from HTTP Basic (`client_secret_basic`) or from the body
 * (`client_secret_post`, or the client_id alone of a public client). Using both methods at
 * once is refused (RFC 6749 section 2.3).
 */
export function readClientCredentials(
  request: FastifyRequest, body: { client_id?: string | undefined; client_secret?: string | undefined },
): ClientCredentials {
  const header = request.headers.authorization;
  if (!header || !/^basic /i.test(header)) return { clientId: body.client_id, secret: body.client_secret };
  const decoded = Buffer.from(header.slice('basic '.length).trim(), 'base64').toString('utf8');
  const separator = decoded.indexOf(':');
  if (separator < 0) throw authenticationFailed();
  const clientId = formDecode(decoded.slice(0, separator));
  if (body.client_secret !== undefined) {
    throw new OAuthError('invalid_request', 'Use one client authentication method, not several');
  }
  if (body.client_id !== undefined && body.client_id !== clientId) {
    throw new OAuthError('invalid_request', 'The client_id differs from the authenticated client');
  }
  return { clientId, secret: formDecode(decoded.slice(separator + 1)) };
}

/**
 * The client of a request, authenticated: a confidential client by its secret, compared in
 * constant time with the stored hash; a public client by its client_id alone (its codes are
 * protected by PKCE). Anything else is 401 invalid_client, the same for an unknown client
 * and a wrong secret.
 */
export async function authenticateClient(db: Database, credentials: ClientCredentials): Promise<OAuthClientRow> {
  if (!credentials.clientId) throw authenticationFailed();
  const client = await findClientByPublicId(db, credentials.clientId);
  if (!client) throw authenticationFailed();
  if (client.kind === 'public') return client;
  const isRightSecret = credentials.secret !== undefined && client.secretHash !== null
    && matchesStoredHash(credentials.secret, client.secretHash);
  if (!isRightSecret) throw authenticationFailed();
  return client;
}
