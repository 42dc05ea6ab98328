import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { oauthScopes, type OAuthScope, type PinAction } from '@receta/domain';
import type { FastifyInstance } from 'fastify';
import { oauthClients, oauthCodes, oauthGrants, oauthTokens } from '../../src/db/schema/index.ts';
import { hashToken } from '../../src/platform/user-tokens.ts';
import { acceptedTotpCodeFor, freshAddress } from './second-factor.ts';

export interface ClientOptions {
  sandbox?: boolean;
  allowedScopes?: OAuthScope[];
  redirectUris?: string[];
  /** A public client has no secret: PKCE alone protects its codes. */
  kind?: 'confidential' | 'public';
  /** Makes the client a pharmacy system dispensing for this pharmacy user (client-credentials grant). */
  pharmacyUserId?: string;
}

/** An external app straight in the database (confidential by default, with the secret it was given). */
export async function createOAuthClient(app: FastifyInstance, options: ClientOptions = {}) {
  const clientId = `app-${randomUUID().slice(0, 8)}`;
  const secret = randomBytes(32).toString('base64url');
  const [client] = await app.db.insert(oauthClients).values({
    clientId,
    secretHash: options.kind === 'public' ? null : hashToken(secret),
    kind: options.kind ?? 'confidential',
    name: 'Historia clínica de prueba',
    redirectUris: options.redirectUris ?? ['https://app.example.test/callback'],
    redirectUriLabel: 'Historia clínica de prueba',
    allowedScopes: options.allowedScopes ?? [...oauthScopes],
    sandbox: options.sandbox ?? false,
    pharmacyUserId: options.pharmacyUserId ?? null,
  }).returning({ id: oauthClients.id });
  if (!client) throw new Error('Client not created');
  return { id: client.id, clientId, secret, redirectUri: options.redirectUris?.[0] ?? 'https://app.example.test/callback' };
}

/**
 * A live access token of a user for an app, as if the user had consented, so that tests of the
 * scope APIs need not walk through the flow.
 */
export async function issueAccessToken(
  app: FastifyInstance, { userId, clientId, scopes }: { userId: string; clientId: string; scopes: OAuthScope[] },
) {
  const [grant] = await app.db.insert(oauthGrants).values({ userId, clientId, scopes })
    .returning({ id: oauthGrants.id });
  if (!grant) throw new Error('Grant not created');
  const token = randomBytes(32).toString('base64url');
  const [row] = await app.db.insert(oauthTokens).values({
    kind: 'access', tokenHash: hashToken(token), grantId: grant.id, scopes, expiresAt: new Date(Date.now() + 60 * 60 * 1000),
  }).returning({ id: oauthTokens.id });
  if (!row) throw new Error('Token not created');
  return { token, accessTokenId: row.id, grantId: grant.id, authorization: `Bearer ${token}` };
}

/** A PKCE pair: a verifier and its S256 challenge (RFC 7636 section 4.2). */
export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** A pin_2fa_code as the PIN step issues it, bound to a token, an action and a challenge. */
export async function createPinCode(app: FastifyInstance, options: {
  userId: string;
  clientId: string;
  accessTokenId: string;
  action: PinAction;
  codeChallenge: string;
  documentSha256?: string;
  expiresAt?: Date;
}) {
  const code = randomBytes(32).toString('base64url');
  await app.db.insert(oauthCodes).values({
    kind: 'pin_2fa',
    codeHash: hashToken(code),
    userId: options.userId,
    clientId: options.clientId,
    accessTokenId: options.accessTokenId,
    action: options.action,
    codeChallenge: options.codeChallenge,
    documentSha256: options.documentSha256,
    expiresAt: options.expiresAt ?? new Date(Date.now() + 5 * 60 * 1000),
  });
  return code;
}

/** A live access token of a fresh app (a sandbox one if asked) for the user, with these scopes. */
export async function appTokenFor(
  app: FastifyInstance, userId: string, scopes: OAuthScope[], options: { sandbox?: boolean } = {},
) {
  const client = await createOAuthClient(app, { sandbox: options.sandbox ?? false });
  return { ...await issueAccessToken(app, { userId, clientId: client.id, scopes }), client };
}

interface SignInForApp {
  /** A user whose authenticator is set up (`hasAuthenticator` of the doctors' factory). */
  user: { id: string; email: string; password: string };
  client: { clientId: string };
  scopes: OAuthScope[];
}

/** The password step of the OAuth sign-in; answers its signed_in_code, good only for the second factor. */
export async function passwordStepForApp(
  app: FastifyInstance, { user, client, scopes }: SignInForApp,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/oauth2/accounts/sign-in',
    remoteAddress: freshAddress(),
    payload: { email: user.email, password: user.password, client_id: client.clientId, scope: scopes.join(' ') },
  });
  if (response.statusCode !== 200) throw new Error(`OAuth sign-in failed: ${response.body}`);
  return response.json<{ data: { signed_in_code: string } }>().data.signed_in_code;
}

/** Both steps of the OAuth sign-in, password and authenticator; answers the signed_in_code the consent takes. */
export async function signInForAppThroughBothSteps(app: FastifyInstance, signIn: SignInForApp): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/oauth2/accounts/sign-in/2fa',
    remoteAddress: freshAddress(),
    payload: {
      signed_in_code: await passwordStepForApp(app, signIn),
      token: await acceptedTotpCodeFor(app, signIn.user.id),
    },
  });
  if (response.statusCode !== 200) throw new Error(`OAuth second factor failed: ${response.body}`);
  return response.json<{ data: { signed_in_code: string } }>().data.signed_in_code;
}

/**
 * The user's part of the flow through the API, as the web pages do it: both sign-in steps for
 * the app, then consent; answers the authorization code for the app to redeem.
 */
export async function authorizeThroughFlow(app: FastifyInstance, options: SignInForApp & {
  client: { redirectUri: string };
  codeChallenge: string;
  state?: string;
}): Promise<{ code: string; state?: string }> {
  const signedInCode = await signInForAppThroughBothSteps(app, options);
  const query = new URLSearchParams({
    client_id: options.client.clientId,
    signed_in_code: signedInCode,
    scope: options.scopes.join(' '),
    response_type: 'code',
    redirect_uri: options.client.redirectUri,
    ...(options.state === undefined ? {} : { state: options.state }),
  });
  const authorize = await app.inject({
    method: 'POST',
    url: `/oauth2/accounts/authorize?${query.toString()}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ code_challenge: options.codeChallenge, code_challenge_method: 'S256' }).toString(),
  });
  if (authorize.statusCode !== 200) throw new Error(`OAuth authorize failed: ${authorize.body}`);
  return authorize.json<{ code: string; state?: string }>();
}
