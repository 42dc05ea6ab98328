import { randomUUID } from 'node:crypto';
import { messages, type ApiError, type OAuthErrorBody, type OAuthScope, type OAuthToken } from '@receta/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApprovedDoctor } from '../../../test/factories/approved-doctors.ts';
import {
  authorizeThroughFlow, createOAuthClient, pkcePair, signInForAppThroughBothSteps,
} from '../../../test/factories/oauth.ts';
import { freshAddress } from '../../../test/factories/second-factor.ts';
import type { CreatedUser } from '../../../test/factories/users.ts';
import { useTestApp } from '../../../test/helper.ts';
import { auditEvents, oauthCodes } from '../../db/schema/index.ts';
import { hashToken } from '../../platform/user-tokens.ts';
import { readAuditEvents } from '../../../test/audit-events.ts';

// The attacks of RFC 9700 (OAuth 2.0 Security Best Current Practice) against the provider.
const test = useTestApp();
type App = Awaited<ReturnType<typeof createOAuthClient>>;
/** How a request authenticates its client: HTTP Basic, fields of the body, or neither. */
interface Credentials {
  authorization?: string;
  fields?: Record<string, string>;
}

let doctor: CreatedUser;

beforeAll(async () => {
  doctor = await createApprovedDoctor(test.app, { hasAuthenticator: true });
});

function basic(clientId: string, secret: string): string {
  return `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString('base64')}`;
}

function postToken(fields: Record<string, string>, authorization?: string) {
  return test.app.inject({
    method: 'POST',
    url: '/oauth2/accounts/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(authorization ? { authorization } : {}) },
    payload: new URLSearchParams(fields).toString(),
  });
}

async function codeFor(app: App, options: { scopes?: OAuthScope[]; challenge?: string } = {}) {
  const pkce = pkcePair();
  const { code } = await authorizeThroughFlow(test.app, {
    user: doctor, client: app, scopes: options.scopes ?? ['documents-sign'], codeChallenge: options.challenge ?? pkce.challenge,
  });
  return { code, verifier: pkce.verifier };
}

function redeem(app: App, code: string, verifier: string, redirectUri = app.redirectUri) {
  return postToken({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier }, basic(app.clientId, app.secret));
}

async function tokensFor(app: App, scopes?: OAuthScope[]): Promise<OAuthToken> {
  const { code, verifier } = await codeFor(app, scopes ? { scopes } : {});
  const response = await redeem(app, code, verifier);
  expect(response.statusCode).toBe(200);
  return response.json<OAuthToken>();
}

function refresh(app: App, refreshToken: string, scope?: string) {
  return postToken(
    { grant_type: 'refresh_token', refresh_token: refreshToken, ...(scope === undefined ? {} : { scope }) },
    basic(app.clientId, app.secret),
  );
}

function tokenContext(accessToken: string) {
  return test.app.inject({ method: 'GET', url: '/oauth2/accounts/token', headers: { authorization: `Bearer ${accessToken}` } });
}

function expectOAuthError(response: Awaited<ReturnType<typeof postToken>>, status: number, error: OAuthErrorBody['error']) {
  expect(response.statusCode).toBe(status);
  const body = response.json<OAuthErrorBody>();
  expect(body).toEqual({ error, error_description: expect.any(String) as unknown, message: body.error_description });
  expect(response.headers['cache-control']).toBe('no-store');
}

function authorize(query: Record<string, string>, body: Record<string, string>) {
  return test.app.inject({
    method: 'POST',
    url: `/oauth2/accounts/authorize?${new URLSearchParams(query).toString()}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(body).toString(),
  });
}

function signedInCodeFor(app: App, scopes: OAuthScope[]): Promise<string> {
  return signInForAppThroughBothSteps(test.app, { user: doctor, client: app, scopes });
}

describe('authorization codes', () => {
  it('refuses a code redeemed twice and revokes the tokens issued with it', async () => {
    const app = await createOAuthClient(test.app);
    const { code, verifier } = await codeFor(app);
    const first = await redeem(app, code, verifier);
    expect(first.statusCode).toBe(200);
    const tokens = first.json<OAuthToken>();
    expect((await tokenContext(tokens.access_token)).statusCode).toBe(200);

    expectOAuthError(await redeem(app, code, verifier), 400, 'invalid_grant');
    expect((await tokenContext(tokens.access_token)).statusCode).toBe(401);
    expectOAuthError(await refresh(app, tokens.refresh_token), 400, 'invalid_grant');
    expect(await readAuditEvents(test.app.db, eq(auditEvents.action, 'oauth.code_replayed')))
      .toEqual([expect.objectContaining({ details: { revokedTokens: 2 } })]);
  });

  it('refuses an expired code', async () => {
    const app = await createOAuthClient(test.app);
    const { code, verifier } = await codeFor(app);
    await test.app.db.update(oauthCodes).set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oauthCodes.codeHash, hashToken(code)));
    expectOAuthError(await redeem(app, code, verifier), 400, 'invalid_grant');
  });

  it('refuses a redirect_uri other than the one the code was issued for', async () => {
    const app = await createOAuthClient(test.app, {
      redirectUris: ['https://app.example.test/callback', 'https://app.example.test/other'],
    });
    const { code, verifier } = await codeFor(app);
    expectOAuthError(await redeem(app, code, verifier, 'https://app.example.test/other'), 400, 'invalid_grant');
  });

  it('refuses a missing code_verifier and a wrong one, and then still redeems with the right one', async () => {
    const app = await createOAuthClient(test.app);
    const { code, verifier } = await codeFor(app);
    const missing = await postToken(
      { grant_type: 'authorization_code', code, redirect_uri: app.redirectUri }, basic(app.clientId, app.secret),
    );
    expectOAuthError(missing, 400, 'invalid_request');
    expect(missing.json<OAuthErrorBody>().error_description).toContain('code_verifier');
    expectOAuthError(await redeem(app, code, pkcePair().verifier), 400, 'invalid_grant');
    expect((await redeem(app, code, verifier)).statusCode).toBe(200);
  });

  it("refuses client A's code at client B, which leaves it to A", async () => {
    const appA = await createOAuthClient(test.app);
    const appB = await createOAuthClient(test.app);
    const { code, verifier } = await codeFor(appA);
    expectOAuthError(await redeem(appB, code, verifier, appA.redirectUri), 400, 'invalid_grant');
    expect((await redeem(appA, code, verifier)).statusCode).toBe(200);
  });
});

describe('client authentication at the token endpoint', () => {
  it.each([
    ['a wrong secret', (app: App): Credentials => ({ authorization: basic(app.clientId, 'otro-secreto') })],
    ['an unknown client', (): Credentials => ({ authorization: basic('no-such-app', 'secreto') })],
    ['a confidential client without its secret', (app: App): Credentials => ({ fields: { client_id: app.clientId } })],
    ['no credentials', (): Credentials => ({})],
  ])('answers 401 invalid_client with WWW-Authenticate for %s', async (_case, credentials) => {
    const app = await createOAuthClient(test.app);
    const { code, verifier } = await codeFor(app);
    const { authorization, fields } = credentials(app);
    const response = await postToken(
      { grant_type: 'authorization_code', code, redirect_uri: app.redirectUri, code_verifier: verifier, ...fields },
      authorization,
    );
    expectOAuthError(response, 401, 'invalid_client');
    expect(response.headers['www-authenticate']).toMatch(/^Basic /);
  });

  it('refuses two authentication methods at once', async () => {
    const app = await createOAuthClient(test.app);
    const { code, verifier } = await codeFor(app);
    const response = await postToken(
      { grant_type: 'authorization_code', code, redirect_uri: app.redirectUri, code_verifier: verifier, client_secret: app.secret },
      basic(app.clientId, app.secret),
    );
    expectOAuthError(response, 400, 'invalid_request');
  });

  it('accepts a JSON body with client_secret_post', async () => {
    const app = await createOAuthClient(test.app);
    const { code, verifier } = await codeFor(app);
    const response = await test.app.inject({
      method: 'POST',
      url: '/oauth2/accounts/token',
      payload: {
        grant_type: 'authorization_code', code, redirect_uri: app.redirectUri, code_verifier: verifier,
        client_id: app.clientId, client_secret: app.secret,
      },
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers unsupported_grant_type and refuses repeated parameters', async () => {
    const app = await createOAuthClient(test.app);
    expectOAuthError(await postToken({ grant_type: 'password', username: 'a', password: 'b' }, basic(app.clientId, app.secret)), 400, 'unsupported_grant_type');
    const repeated = await test.app.inject({
      method: 'POST',
      url: '/oauth2/accounts/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic(app.clientId, app.secret) },
      payload: 'grant_type=refresh_token&refresh_token=a&refresh_token=b',
    });
    expectOAuthError(repeated, 400, 'invalid_request');
  });
});

describe('POST /oauth2/accounts/authorize', () => {
  it('refuses the plain PKCE method', async () => {
    const app = await createOAuthClient(test.app);
    const verifier = pkcePair().verifier;
    const response = await authorize(
      { client_id: app.clientId, signed_in_code: await signedInCodeFor(app, ['documents-sign']), scope: 'documents-sign', response_type: 'code', redirect_uri: app.redirectUri },
      { code_challenge: verifier.slice(0, 43), code_challenge_method: 'plain' },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().fields).toEqual([{ field: 'body.code_challenge_method', message: messages.common.invalidData }]);
  });

  it('refuses a redirect_uri that is not registered exactly', async () => {
    const app = await createOAuthClient(test.app);
    const response = await authorize(
      {
        client_id: app.clientId, signed_in_code: await signedInCodeFor(app, ['documents-sign']), scope: 'documents-sign',
        response_type: 'code', redirect_uri: `${app.redirectUri}/../evil`,
      },
      { code_challenge: pkcePair().challenge, code_challenge_method: 'S256' },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>()).toMatchObject({ message: messages.oauth.redirectUriNotRegistered, errorCode: 'redirectUriNotRegistered' });
  });

  it('refuses more scopes than the user signed in for', async () => {
    const app = await createOAuthClient(test.app);
    const response = await authorize(
      {
        client_id: app.clientId, signed_in_code: await signedInCodeFor(app, ['accounts-profiles']),
        scope: 'accounts-profiles documents-sign', response_type: 'code', redirect_uri: app.redirectUri,
      },
      { code_challenge: pkcePair().challenge, code_challenge_method: 'S256' },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>()).toMatchObject({ message: messages.oauth.scopeNotAllowed });
  });

  it("spends the signed_in_code once and refuses another app's", async () => {
    const app = await createOAuthClient(test.app);
    const other = await createOAuthClient(test.app);
    const signedInCode = await signedInCodeFor(app, ['documents-sign']);
    const body = { code_challenge: pkcePair().challenge, code_challenge_method: 'S256' };
    const query = { client_id: app.clientId, signed_in_code: signedInCode, scope: 'documents-sign', response_type: 'code', redirect_uri: app.redirectUri };
    const atOtherApp = await authorize({ ...query, client_id: other.clientId, redirect_uri: other.redirectUri }, body);
    expect(atOtherApp.json<ApiError>()).toMatchObject({ statusCode: 400, message: messages.oauth.signInExpired, errorCode: 'signInExpired' });
    expect((await authorize(query, body)).statusCode).toBe(200);
    expect((await authorize(query, body)).json<ApiError>())
      .toMatchObject({ statusCode: 400, message: messages.oauth.signInExpired });
  });

  it('answers "Invalid client_id" for an unknown app', async () => {
    const response = await authorize(
      { client_id: 'no-such-app', signed_in_code: 'x', scope: 'documents-sign', response_type: 'code', redirect_uri: 'https://x.test/cb' },
      { code_challenge: pkcePair().challenge, code_challenge_method: 'S256' },
    );
    expect(response.json<ApiError>()).toMatchObject({ statusCode: 400, message: messages.oauthServer.invalidClientId, errorCode: 'invalidClientId' });
  });
});

describe('refresh tokens', () => {
  it('refuses a scope wider than the one granted', async () => {
    const app = await createOAuthClient(test.app);
    const tokens = await tokensFor(app, ['accounts-profiles']);
    expectOAuthError(await refresh(app, tokens.refresh_token, 'accounts-profiles documents-sign'), 400, 'invalid_scope');
    // The refusal did not spend it.
    expect((await refresh(app, tokens.refresh_token)).statusCode).toBe(200);
  });

  it('revokes every token of the grant when a spent refresh token comes back', async () => {
    const app = await createOAuthClient(test.app);
    const tokens = await tokensFor(app);
    const rotated = await refresh(app, tokens.refresh_token);
    expect(rotated.statusCode).toBe(200);
    const next = rotated.json<OAuthToken>();
    expect((await tokenContext(next.access_token)).statusCode).toBe(200);

    expectOAuthError(await refresh(app, tokens.refresh_token), 400, 'invalid_grant');
    expect((await tokenContext(next.access_token)).statusCode).toBe(401);
    expectOAuthError(await refresh(app, next.refresh_token), 400, 'invalid_grant');
  });

  it("refuses another app's refresh token", async () => {
    const app = await createOAuthClient(test.app);
    const other = await createOAuthClient(test.app);
    const tokens = await tokensFor(app);
    expectOAuthError(await refresh(other, tokens.refresh_token), 400, 'invalid_grant');
  });

  it('cannot be used as an access token, nor an access token as a refresh token', async () => {
    const app = await createOAuthClient(test.app);
    const tokens = await tokensFor(app);
    expect((await tokenContext(tokens.refresh_token)).statusCode).toBe(401);
    expectOAuthError(await refresh(app, tokens.access_token), 400, 'invalid_grant');
  });
});

describe('POST /oauth2/accounts/revoke', () => {
  it("revokes an access token of its own app only, answering 200 for another app's token", async () => {
    const app = await createOAuthClient(test.app);
    const other = await createOAuthClient(test.app);
    const tokens = await tokensFor(app);
    const revoke = (client: App) => test.app.inject({
      method: 'POST',
      url: '/oauth2/accounts/revoke',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic(client.clientId, client.secret) },
      payload: new URLSearchParams({ token: tokens.access_token }).toString(),
    });
    expect((await revoke(other)).statusCode).toBe(200);
    expect((await tokenContext(tokens.access_token)).statusCode).toBe(200);
    expect((await revoke(app)).statusCode).toBe(200);
    expect((await tokenContext(tokens.access_token)).statusCode).toBe(401);
    // Revoking the access token leaves the refresh token working.
    expect((await refresh(app, tokens.refresh_token)).statusCode).toBe(200);
  });
});

describe('GET /oauth2/accounts/redirect-uri', () => {
  function check(redirectUri: string, remoteAddress = freshAddress()) {
    return test.app.inject({ url: '/oauth2/accounts/redirect-uri', query: { redirect_uri: redirectUri }, remoteAddress });
  }

  it('tells whether some app registered the address, character for character', async () => {
    const redirectUri = `https://historia-${randomUUID().slice(0, 8)}.example.test/callback`;
    await createOAuthClient(test.app, { redirectUris: ['https://otra.example.test/volver', redirectUri] });

    expect((await check(redirectUri)).json()).toEqual({ registered: true });
    for (const near of [`${redirectUri}/`, redirectUri.toUpperCase(), `${redirectUri}?x=1`, 'https://atacante.example.net/callback']) {
      expect((await check(near)).json(), near).toEqual({ registered: false });
    }
  });

  it('refuses a request without an address', async () => {
    const response = await test.app.inject({ url: '/oauth2/accounts/redirect-uri', remoteAddress: freshAddress() });
    expect(response.statusCode).toBe(400);
  });

  it('limits the checks of one address', async () => {
    const address = freshAddress();
    for (let request = 0; request < 60; request += 1) {
      expect((await check('https://atacante.example.net/callback', address)).statusCode).toBe(200);
    }
    expect((await check('https://atacante.example.net/callback', address)).statusCode).toBe(429);
  });
});
