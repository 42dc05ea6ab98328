import { createHash } from 'node:crypto';
import { doctorAppScopes, messages, type ApiError, type OAuthConsent, type OAuthTokenContext } from '@receta/domain';
import { and, eq, sql } from 'drizzle-orm';
import * as oauth from 'oauth4webapi';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApprovedDoctor } from '../../../test/factories/approved-doctors.ts';
import { authorizeThroughFlow, createOAuthClient, passwordStepForApp, pkcePair } from '../../../test/factories/oauth.ts';
import {
  acceptedTotpCodeFor, freshAddress, signInThroughBothSteps, totpSecretOf, wrongTotpCodeFor,
} from '../../../test/factories/second-factor.ts';
import { createUser, type CreatedUser } from '../../../test/factories/users.ts';
import { useTestApp } from '../../../test/helper.ts';
import { auditEvents, oauthCodes, oauthGrants, oauthTokens, users } from '../../db/schema/index.ts';
import { hashSecret } from '../../platform/passwords.ts';
import { hashToken } from '../../platform/user-tokens.ts';
import { consumePinCode } from '../prescriptions/index.ts';
import { readAuditEvents } from '../../../test/audit-events.ts';

// The provider driven as an integrator would drive it: the user's steps through the API the
// web pages call, the app's steps through oauth4webapi over HTTP.
const test = useTestApp();
const pin = '4821';
const insecure = { [oauth.allowInsecureRequests]: true };
let baseUrl = '';
let authorizationServer: oauth.AuthorizationServer;

beforeAll(async () => {
  baseUrl = await test.app.listen({ port: 0, host: '127.0.0.1' });
  authorizationServer = {
    issuer: baseUrl,
    token_endpoint: `${baseUrl}/oauth2/accounts/token`,
    revocation_endpoint: `${baseUrl}/oauth2/accounts/revoke`,
  };
});

async function doctorWithPin() {
  return createApprovedDoctor(test.app, { pinHash: await hashSecret(pin), hasAuthenticator: true });
}

/** The callback URL the browser lands on, as the app reads it. */
function callbackOf(redirectUri: string, answer: { code: string; state?: string }): URL {
  const url = new URL(redirectUri);
  url.searchParams.set('code', answer.code);
  if (answer.state) url.searchParams.set('state', answer.state);
  return url;
}

function getTokenContext(accessToken: string) {
  return oauth.protectedResourceRequest(accessToken, 'GET', new URL(`${baseUrl}/oauth2/accounts/token`), undefined, undefined, insecure);
}

describe('the authorization code flow with PKCE, driven by oauth4webapi', () => {
  it('signs in, shows the consent, redeems the code, reads the context, refreshes, confirms a PIN and revokes', async () => {
    const doctor = await doctorWithPin();
    // Two redirect URIs: the consent and the token's context list every one (the pages redirect only there).
    const redirectUris = ['https://app.example.test/callback', 'https://app.example.test/other'];
    const app = await createOAuthClient(test.app, { sandbox: true, redirectUris });
    const client: oauth.Client = { client_id: app.clientId };
    const clientAuth = oauth.ClientSecretBasic(app.secret);
    const codeVerifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const scopes = ['accounts-profiles', 'documents-sign'] as const;

    // The user: password, authenticator code, consent page, Permitir.
    const signIn = await fetch(`${baseUrl}/oauth2/accounts/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: doctor.email, password: doctor.password, client_id: app.clientId, scope: scopes.join(' ') }),
    });
    expect(signIn.status).toBe(200);
    const passwordStepCode = (await signIn.json() as { data: { signed_in_code: string } }).data.signed_in_code;
    const secondFactor = await fetch(`${baseUrl}/oauth2/accounts/sign-in/2fa`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ signed_in_code: passwordStepCode, token: await acceptedTotpCodeFor(test.app, doctor.id) }),
    });
    expect(secondFactor.status).toBe(200);
    const signedInCode = (await secondFactor.json() as { data: { signed_in_code: string } }).data.signed_in_code;
    expect(signedInCode).not.toBe(passwordStepCode);
    const consent = await fetch(`${baseUrl}/oauth2/accounts/sign-in?signed_in_code=${encodeURIComponent(signedInCode)}`);
    expect(await consent.json()).toEqual({
      client_logo_uri: null,
      client_name: 'Historia clínica de prueba',
      client_redirect_uri_label: 'Historia clínica de prueba',
      client_redirect_uris: redirectUris,
      scopes: [...scopes],
      user_first_name: 'Ana',
      user_last_name: 'Pérez',
      user_email: doctor.email,
      sandbox: true,
    } satisfies OAuthConsent);
    const query = new URLSearchParams({
      client_id: app.clientId, signed_in_code: signedInCode, scope: scopes.join(' '), response_type: 'code',
      redirect_uri: app.redirectUri, state,
    });
    const authorize = await fetch(`${baseUrl}/oauth2/accounts/authorize?${query.toString()}`, {
      method: 'POST',
      body: new URLSearchParams({
        code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier), code_challenge_method: 'S256',
      }),
    });
    expect(authorize.status).toBe(200);
    const authorized = await authorize.json() as { code: string; state: string };
    expect(authorized.state).toBe(state);

    // The app: the callback, the code exchange.
    const callback = oauth.validateAuthResponse(
      authorizationServer, client, callbackOf(app.redirectUri, authorized), state,
    );
    const tokenResponse = await oauth.authorizationCodeGrantRequest(
      authorizationServer, client, clientAuth, callback, app.redirectUri, codeVerifier, insecure,
    );
    expect(tokenResponse.headers.get('cache-control')).toBe('no-store');
    const tokens = await oauth.processAuthorizationCodeResponse(authorizationServer, client, tokenResponse);
    expect(tokens).toMatchObject({ token_type: 'bearer', expires_in: 3600, scope: 'accounts-profiles documents-sign' });
    expect(tokens.refresh_token).toEqual(expect.any(String));

    const context = await getTokenContext(tokens.access_token);
    expect(context.status).toBe(200);
    expect(await context.json()).toEqual({
      client_name: 'Historia clínica de prueba',
      client_redirect_uri_label: 'Historia clínica de prueba',
      client_redirect_uris: redirectUris,
      user_email: doctor.email,
      sandbox: true,
    } satisfies OAuthTokenContext);

    // Refresh: a new pair; the access token may ask for less.
    const refreshResponse = await oauth.refreshTokenGrantRequest(
      authorizationServer, client, clientAuth, tokens.refresh_token ?? '',
      { ...insecure, additionalParameters: { scope: 'documents-sign' } },
    );
    const refreshed = await oauth.processRefreshTokenResponse(authorizationServer, client, refreshResponse);
    expect(refreshed.scope).toBe('documents-sign');
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect((await getTokenContext(refreshed.access_token)).status).toBe(200);

    // The PIN step, then the code spent by the call it authorises.
    const signing = pkcePair();
    const documentSha256 = createHash('sha256').update('%PDF-1.7 receta').digest('hex');
    const pinResponse = await oauth.protectedResourceRequest(
      refreshed.access_token, 'POST', new URL(`${baseUrl}/oauth2/accounts/pin-2fa`),
      new Headers({ 'content-type': 'application/json' }),
      JSON.stringify({
        pin, action: 'sign', redirect_uri: app.redirectUri, state: '1234567890123456',
        code_challenge_method: 'S256', code_challenge: signing.challenge, document_sha256: documentSha256,
      }),
      insecure,
    );
    expect(pinResponse.status).toBe(200);
    const confirmed = await pinResponse.json() as { pin_2fa_code: string; action: string; state: string };
    expect(confirmed).toMatchObject({ action: 'sign', state: '1234567890123456' });
    const [grant] = await test.app.db.select().from(oauthGrants).where(eq(oauthGrants.userId, doctor.id));
    const [accessToken] = await test.app.db.select().from(oauthTokens)
      .where(eq(oauthTokens.tokenHash, hashToken(refreshed.access_token)));
    expect(await consumePinCode(test.app.db, {
      code: confirmed.pin_2fa_code, accessTokenId: accessToken?.id ?? '', action: 'sign', codeVerifier: signing.verifier, documentSha256,
    })).toMatchObject({ userId: doctor.id, clientId: app.id, action: 'sign' });

    // RFC 7009: revoking the refresh token ends the access tokens of the grant too.
    await oauth.processRevocationResponse(await oauth.revocationRequest(
      authorizationServer, client, clientAuth, refreshed.refresh_token ?? '', insecure,
    ));
    expect((await getTokenContext(refreshed.access_token)).status).toBe(401);
    expect(await readAuditEvents(test.app.db, and(eq(auditEvents.action, 'oauth.grant'), eq(auditEvents.actorUserId, doctor.id))))
      .toEqual([expect.objectContaining({
        subjectId: app.id, details: expect.objectContaining({ grantId: grant?.id }) as unknown,
      })]);
  });

  it('lets a confidential client authenticate with client_secret_post', async () => {
    const doctor = await doctorWithPin();
    const app = await createOAuthClient(test.app);
    const client: oauth.Client = { client_id: app.clientId };
    const { verifier, challenge } = pkcePair();
    const answer = await authorizeThroughFlow(test.app, {
      user: doctor, client: app, scopes: ['patients-search'], codeChallenge: challenge, state: 'estado',
    });
    const callback = oauth.validateAuthResponse(authorizationServer, client, callbackOf(app.redirectUri, answer), 'estado');
    const response = await oauth.authorizationCodeGrantRequest(
      authorizationServer, client, oauth.ClientSecretPost(app.secret), callback, app.redirectUri, verifier, insecure,
    );
    const tokens = await oauth.processAuthorizationCodeResponse(authorizationServer, client, response);
    expect(tokens.scope).toBe('patients-search');
  });

  it('lets a public client redeem its code with PKCE alone', async () => {
    const doctor = await doctorWithPin();
    const app = await createOAuthClient(test.app, { kind: 'public' });
    const client: oauth.Client = { client_id: app.clientId };
    const { verifier, challenge } = pkcePair();
    const answer = await authorizeThroughFlow(test.app, {
      user: doctor, client: app, scopes: [...doctorAppScopes], codeChallenge: challenge, state: 's',
    });
    const callback = oauth.validateAuthResponse(authorizationServer, client, callbackOf(app.redirectUri, answer), 's');
    const response = await oauth.authorizationCodeGrantRequest(
      authorizationServer, client, oauth.None(), callback, app.redirectUri, verifier, insecure,
    );
    const tokens = await oauth.processAuthorizationCodeResponse(authorizationServer, client, response);
    expect(tokens.scope?.split(' ').sort()).toEqual([...doctorAppScopes].sort());
  });

  it('answers RFC 6749 errors that the library reads', async () => {
    const app = await createOAuthClient(test.app);
    const client: oauth.Client = { client_id: app.clientId };
    const response = await oauth.authorizationCodeGrantRequest(
      authorizationServer, client, oauth.ClientSecretBasic(app.secret),
      oauth.validateAuthResponse(authorizationServer, client, callbackOf(app.redirectUri, { code: 'no-such-code' }), oauth.expectNoState),
      app.redirectUri, pkcePair().verifier, insecure,
    );
    const failure = await oauth.processAuthorizationCodeResponse(authorizationServer, client, response)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(oauth.ResponseBodyError);
    expect(failure).toMatchObject({ error: 'invalid_grant', status: 400 });
    expect((failure as oauth.ResponseBodyError).cause).toMatchObject({
      error: 'invalid_grant',
      error_description: 'The authorization code is invalid',
      message: 'The authorization code is invalid',
    });
  });
});

describe('POST /oauth2/accounts/sign-in', () => {
  function signIn(payload: Record<string, unknown>, remoteAddress = freshAddress()) {
    return test.app.inject({ method: 'POST', url: '/oauth2/accounts/sign-in', remoteAddress, payload });
  }

  it('refuses an unknown client with "Invalid client_id"', async () => {
    const doctor = await doctorWithPin();
    const response = await signIn({ email: doctor.email, password: doctor.password, client_id: 'no-such-app', scope: 'documents-sign' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: messages.oauthServer.invalidClientId, errorCode: 'invalidClientId' });
  });

  it('answers "Wrong email and password" alike for a wrong password and an unknown email', async () => {
    const doctor = await doctorWithPin();
    const app = await createOAuthClient(test.app);
    const wrongPassword = await signIn({ email: doctor.email, password: 'Otra-Clave-2026', client_id: app.clientId, scope: 'documents-sign' });
    const unknownEmail = await signIn({ email: 'nadie@receta.test', password: 'Otra-Clave-2026', client_id: app.clientId, scope: 'documents-sign' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknownEmail.json());
    expect(wrongPassword.json()).toMatchObject({ message: messages.oauthServer.wrongCredentials, errorCode: 'wrongCredentials' });
  });

  it('shares the login lock-out: five wrong passwords lock the account', async () => {
    const doctor = await doctorWithPin();
    const app = await createOAuthClient(test.app);
    const attempt = (password: string) => signIn({ email: doctor.email, password, client_id: app.clientId, scope: 'documents-sign' });
    for (let index = 0; index < 5; index += 1) expect((await attempt('Otra-Clave-2026')).statusCode).toBe(401);
    const locked = await attempt(doctor.password);
    expect(locked.statusCode).toBe(429);
    const webLogin = await test.app.inject({
      method: 'POST', url: '/api/auth/login', remoteAddress: freshAddress(), payload: { email: doctor.email, password: doctor.password },
    });
    expect(webLogin.statusCode).toBe(429);
  });

  it.each([
    ['pending approval', { status: 'pending_approval' as const }],
    ['suspended', { status: 'suspended' as const }],
  ])('refuses a doctor %s with "Unauthorized user"', async (_case, options) => {
    const doctor = await createApprovedDoctor(test.app, options);
    const app = await createOAuthClient(test.app);
    const response = await signIn({ email: doctor.email, password: doctor.password, client_id: app.clientId, scope: 'documents-sign' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: messages.oauthServer.unauthorizedUser, errorCode: 'unauthorizedUser' });
  });

  it('refuses a doctor whose authenticator is not set up, sending them to the web login to set it up', async () => {
    const doctor = await createApprovedDoctor(test.app);
    const app = await createOAuthClient(test.app);
    const response = await signIn({ email: doctor.email, password: doctor.password, client_id: app.clientId, scope: 'documents-sign' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: messages.oauth.secondFactorNotEnrolled });
    expect(await test.app.db.select().from(oauthCodes).where(eq(oauthCodes.userId, doctor.id))).toEqual([]);
  });

  it('refuses a doctor whose password is older than PASSWORD_MAX_AGE_DAYS until it is changed on the platform', async () => {
    const doctor = await doctorWithPin();
    const app = await createOAuthClient(test.app);
    await test.app.db.update(users)
      .set({ passwordChangedAt: sql`now() - make_interval(days => 366)` })
      .where(eq(users.id, doctor.id));
    const expired = await signIn({ email: doctor.email, password: doctor.password, client_id: app.clientId, scope: 'documents-sign' });
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toMatchObject({ message: messages.password.expired, errorCode: 'passwordExpired' });
    expect(await test.app.db.select().from(oauthCodes).where(eq(oauthCodes.userId, doctor.id))).toEqual([]);

    const webSession = await signInThroughBothSteps(test.app, doctor);
    const newPassword = 'Nueva-Clave-2026!';
    const change = await test.app.inject({
      method: 'POST', url: '/api/profile/password', headers: { authorization: `Bearer ${webSession.access_token}` },
      payload: { currentPassword: doctor.password, newPassword, confirmPassword: newPassword },
    });
    expect(change.statusCode, change.body).toBe(200);
    const renewed = await signIn({ email: doctor.email, password: newPassword, client_id: app.clientId, scope: 'documents-sign' });
    expect(renewed.statusCode, renewed.body).toBe(200);
  });

  it('refuses a user who is not a doctor with "Unauthorized user"', async () => {
    const pharmacist = await createUser(test.app, { roles: ['pharmacy'] });
    const app = await createOAuthClient(test.app);
    const response = await signIn({ email: pharmacist.email, password: pharmacist.password, client_id: app.clientId, scope: 'documents-sign' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: messages.oauthServer.unauthorizedUser });
  });

  it('refuses scopes the app was not registered for, in Spanish', async () => {
    const doctor = await doctorWithPin();
    const app = await createOAuthClient(test.app, { allowedScopes: ['accounts-profiles'] });
    const response = await signIn({ email: doctor.email, password: doctor.password, client_id: app.clientId, scope: 'accounts-profiles documents-sign' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: messages.oauth.scopeNotAllowed, fields: [{ field: 'body.scope', message: messages.oauth.scopeNotAllowed }],
    });
  });

  it('answers 400 for an unknown, used or expired signed_in_code on the consent page', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/oauth2/accounts/sign-in?signed_in_code=desconocido' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: messages.oauth.signInExpired, errorCode: 'signInExpired' });
  });
});

describe('POST /oauth2/accounts/sign-in/2fa', () => {
  function confirm(payload: Record<string, unknown>, remoteAddress = freshAddress()) {
    return test.app.inject({ method: 'POST', url: '/oauth2/accounts/sign-in/2fa', remoteAddress, payload });
  }

  function acceptedCode(doctor: CreatedUser) {
    return acceptedTotpCodeFor(test.app, doctor.id);
  }

  async function passwordStep(doctor: CreatedUser, app: { clientId: string }) {
    return passwordStepForApp(test.app, { user: doctor, client: app, scopes: ['patients-search'] });
  }

  function authorizeWith(app: { clientId: string; redirectUri: string }, signedInCode: string) {
    const query = new URLSearchParams({
      client_id: app.clientId, signed_in_code: signedInCode, scope: 'patients-search', response_type: 'code',
      redirect_uri: app.redirectUri,
    });
    return test.app.inject({
      method: 'POST',
      url: `/oauth2/accounts/authorize?${query.toString()}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ code_challenge: pkcePair().challenge, code_challenge_method: 'S256' }).toString(),
    });
  }

  it('leaves the consent and the authorization closed to the code of the password step', async () => {
    const doctor = await doctorWithPin();
    const app = await createOAuthClient(test.app);
    const passwordStepCode = await passwordStep(doctor, app);

    const consent = await test.app.inject({ url: `/oauth2/accounts/sign-in?signed_in_code=${passwordStepCode}` });
    expect(consent.statusCode).toBe(400);
    expect(consent.json()).toMatchObject({ message: messages.oauth.signInExpired });
    const authorize = await authorizeWith(app, passwordStepCode);
    expect(authorize.statusCode).toBe(400);
    expect(authorize.json()).toMatchObject({ message: messages.oauth.signInExpired });
    expect(await test.app.db.select().from(oauthGrants).where(eq(oauthGrants.userId, doctor.id))).toEqual([]);

    // The code of the second step opens both; the one of the password step is spent.
    const confirmed = await confirm({ signed_in_code: passwordStepCode, token: await acceptedCode(doctor) });
    expect(confirmed.statusCode).toBe(200);
    const { signed_in_code: signedInCode } = confirmed.json<{ data: { signed_in_code: string } }>().data;
    expect((await test.app.inject({ url: `/oauth2/accounts/sign-in?signed_in_code=${signedInCode}` })).statusCode).toBe(200);
    expect((await authorizeWith(app, signedInCode)).statusCode).toBe(200);
    const again = await confirm({ signed_in_code: passwordStepCode, token: await acceptedCode(doctor) });
    expect(again.json()).toMatchObject({ statusCode: 400, message: messages.oauth.signInExpired });
  });

  it('counts wrong codes toward the web login\'s lock-out: five lock both, even against the right code', async () => {
    const doctor = await doctorWithPin();
    const app = await createOAuthClient(test.app);
    const passwordStepCode = await passwordStep(doctor, app);
    const wrongCode = wrongTotpCodeFor(await totpSecretOf(test.app, doctor.id));
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await confirm({ signed_in_code: passwordStepCode, token: wrongCode });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ message: messages.auth.wrongCode });
    }
    const locked = await confirm({ signed_in_code: passwordStepCode, token: await acceptedCode(doctor) });
    expect(locked.statusCode).toBe(429);
    await expect(signInThroughBothSteps(test.app, doctor)).rejects.toThrow(messages.common.tooManyRequests);
  });

  it('refuses an expired code of the password step, which counts as no wrong code', async () => {
    const doctor = await doctorWithPin();
    const app = await createOAuthClient(test.app);
    const [live, expired] = [await passwordStep(doctor, app), await passwordStep(doctor, app)];
    await test.app.db.update(oauthCodes).set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oauthCodes.codeHash, hashToken(expired)));
    const wrongCode = wrongTotpCodeFor(await totpSecretOf(test.app, doctor.id));
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await confirm({ signed_in_code: live, token: wrongCode })).statusCode).toBe(401);
    }

    const response = await confirm({ signed_in_code: expired, token: await acceptedCode(doctor) });
    expect(response.json()).toMatchObject({ statusCode: 400, message: messages.oauth.signInExpired });
    // A fifth failure would have locked the account.
    expect((await confirm({ signed_in_code: live, token: await acceptedCode(doctor) })).statusCode).toBe(200);
  });

  it('asks for the six digits of the authenticator on the field', async () => {
    const response = await confirm({ signed_in_code: 'x', token: '12345' });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().fields).toEqual([{ field: 'body.token', message: messages.login.codeInvalid }]);
  });
});

describe('the OpenAPI document', () => {
  it('describes every endpoint of the provider and its OAuth2 security scheme', async () => {
    const document = (await test.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { description?: string; summary?: string }>>;
      components: { securitySchemes: Record<string, { type: string }> };
    }>();
    const endpoints = [
      ['/oauth2/accounts/sign-in', 'post'], ['/oauth2/accounts/sign-in/2fa', 'post'], ['/oauth2/accounts/sign-in', 'get'],
      ['/oauth2/accounts/authorize', 'post'],
      ['/oauth2/accounts/token', 'post'], ['/oauth2/accounts/token', 'get'], ['/oauth2/accounts/pin-2fa', 'post'],
      ['/oauth2/accounts/revoke', 'post'], ['/api/oauth-clients', 'get'], ['/api/oauth-clients/{id}/secret', 'post'],
      ['/api/integrations', 'get'], ['/api/integrations/{clientId}', 'delete'],
    ] as const;
    for (const [path, method] of endpoints) expect(document.paths[path]?.[method]?.summary, `${method} ${path}`).toBeTruthy();
    expect(document.components.securitySchemes.oauth2?.type).toBe('oauth2');
  });
});
