import {
  OAuthAuthorizedSchema,
  OAuthConsentSchema,
  OAuthPinConfirmedSchema,
  OAuthRedirectUriCheckSchema,
  OAuthSignedInSchema,
  OAuthTokenContextSchema,
  OAuthTokenSchema,
  type OAuthPinInput,
  type OAuthSignInInput,
  type OAuthSignInSecondFactorInput,
} from '@receta/domain';
import { api } from '../../lib/api-client.ts';
import type { AuthorizationRequest } from './authorization-request.ts';

// Every call here authenticates with the user's password, the sign-in code or the app's token,
// never with the web session (`bearer: null`): see the api client.

/** `POST /oauth2/accounts/sign-in`: the email and password checked for this app; answers the second factor's code. */
export async function signInForClient(input: OAuthSignInInput): Promise<string> {
  const answer = await api.request('/oauth2/accounts/sign-in', { method: 'POST', body: input, bearer: null, schema: OAuthSignedInSchema });
  return answer.data.signed_in_code;
}

/**
 * `POST /oauth2/accounts/sign-in/2fa`: the authenticator's code for the password step's
 * signed_in_code; answers the signed_in_code the consent takes.
 */
export async function confirmSignInForClient(input: OAuthSignInSecondFactorInput): Promise<string> {
  const answer = await api.request('/oauth2/accounts/sign-in/2fa', {
    method: 'POST', body: input, bearer: null, schema: OAuthSignedInSchema,
  });
  return answer.data.signed_in_code;
}

/** `GET /oauth2/accounts/redirect-uri`: whether some app registered the address. */
export async function isRedirectUriRegistered(redirectUri: string): Promise<boolean> {
  const answer = await api.request('/oauth2/accounts/redirect-uri', {
    query: { redirect_uri: redirectUri }, bearer: null, schema: OAuthRedirectUriCheckSchema,
  });
  return answer.registered;
}

/** `GET /oauth2/accounts/sign-in`: the app, the scopes and the user the consent page shows. */
export function fetchConsent(signedInCode: string, signal?: AbortSignal) {
  return api.request('/oauth2/accounts/sign-in', {
    query: { signed_in_code: signedInCode },
    bearer: null,
    signal,
    schema: OAuthConsentSchema,
  });
}

/** `POST /oauth2/accounts/authorize`: the parameters in the query, the PKCE challenge form-encoded. */
export function authorizeClient(request: AuthorizationRequest, signedInCode: string) {
  return api.request('/oauth2/accounts/authorize', {
    method: 'POST',
    query: {
      client_id: request.client_id,
      signed_in_code: signedInCode,
      scope: request.scope,
      response_type: request.response_type,
      redirect_uri: request.redirect_uri,
      state: request.state,
    },
    body: new URLSearchParams({
      code_challenge: request.code_challenge,
      code_challenge_method: request.code_challenge_method,
    }),
    bearer: null,
    schema: OAuthAuthorizedSchema,
  });
}

/** `GET /oauth2/accounts/token`: which user and which app the access token stands for. */
export function fetchTokenContext(accessToken: string, signal?: AbortSignal) {
  return api.request('/oauth2/accounts/token', { bearer: accessToken, signal, schema: OAuthTokenContextSchema });
}

/** `POST /oauth2/accounts/pin-2fa`: the user's PIN confirms the app's action; answers the pin_2fa_code. */
export function confirmPin(accessToken: string, input: OAuthPinInput) {
  return api.request('/oauth2/accounts/pin-2fa', { method: 'POST', body: input, bearer: accessToken, schema: OAuthPinConfirmedSchema });
}

/** An app's token request (RFC 6749 section 4.1.3), its secret in the body (`client_secret_post`). */
export interface CodeExchange {
  code: string;
  redirect_uri: string;
  code_verifier: string;
  client_id: string;
  client_secret?: string;
}

/** `POST /oauth2/accounts/token` with an authorization code: the demo's token exchange. */
export function exchangeCode(exchange: CodeExchange) {
  const body = new URLSearchParams({ grant_type: 'authorization_code', ...exchange });
  if (!exchange.client_secret) body.delete('client_secret');
  return api.request('/oauth2/accounts/token', { method: 'POST', body, bearer: null, schema: OAuthTokenSchema });
}

/** `POST /oauth2/documents/signs`, multipart: answers the signed PDF. */
export function signDocument(
  accessToken: string,
  { file, pin2faCode, codeVerifier }: { file: File; pin2faCode: string; codeVerifier: string },
): Promise<Blob> {
  const body = new FormData();
  // The text fields first: a server that streams the file sees them before it.
  body.append('pin_2fa_code', pin2faCode);
  body.append('code_verifier', codeVerifier);
  body.append('file_content', file, file.name);
  return api.download('/oauth2/documents/signs', { method: 'POST', body, bearer: accessToken });
}
