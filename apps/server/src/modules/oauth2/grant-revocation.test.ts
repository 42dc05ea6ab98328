import { messages, type ApiError, type OAuthErrorBody, type OAuthToken } from '@receta/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApprovedDoctor } from '../../../test/factories/approved-doctors.ts';
import {
  authorizeThroughFlow, createOAuthClient, issueAccessToken, pkcePair, signInForAppThroughBothSteps,
} from '../../../test/factories/oauth.ts';
import { authorizationFor, createUser, superadminId, type CreatedUser } from '../../../test/factories/users.ts';
import { testAdmin } from '../../../test/fixtures.ts';
import { useTestApp } from '../../../test/helper.ts';
import { auditEvents } from '../../db/schema/index.ts';
import { issueUserToken } from '../../platform/user-tokens.ts';
import { readAuditEvents } from '../../../test/audit-events.ts';

// Every app's access ends with the credentials or the account it was given with.
const test = useTestApp();
const newPassword = 'Nueva-Clave-2026!';
let superadmin: { authorization: string };

beforeAll(async () => {
  superadmin = await authorizationFor(test.app, await superadminId(test.app, testAdmin.email));
});

function send(method: 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) {
  return test.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

/** A doctor with an app's tokens, and a second sign-in for the app waiting for consent. */
async function doctorUsingAnApp() {
  const doctor = await createApprovedDoctor(test.app, { hasAuthenticator: true });
  const app = await createOAuthClient(test.app);
  const { verifier, challenge } = pkcePair();
  const { code } = await authorizeThroughFlow(test.app, {
    user: doctor, client: app, scopes: ['patients-search'], codeChallenge: challenge,
  });
  const redeemed = await test.app.inject({
    method: 'POST',
    url: '/oauth2/accounts/token',
    payload: {
      grant_type: 'authorization_code', code, redirect_uri: app.redirectUri, code_verifier: verifier,
      client_id: app.clientId, client_secret: app.secret,
    },
  });
  const tokens = redeemed.json<OAuthToken>();
  const pendingSignIn = await signInForAppThroughBothSteps(test.app, { user: doctor, client: app, scopes: ['patients-search'] });
  return { doctor, app, tokens, pendingSignIn };
}

function tokenContext(accessToken: string) {
  return test.app.inject({ url: '/oauth2/accounts/token', headers: { authorization: `Bearer ${accessToken}` } });
}

function refresh(app: { clientId: string; secret: string }, refreshToken: string) {
  return test.app.inject({
    method: 'POST',
    url: '/oauth2/accounts/token',
    payload: { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: app.clientId, client_secret: app.secret },
  });
}

function consent(signedInCode: string) {
  return test.app.inject({ url: `/oauth2/accounts/sign-in?signed_in_code=${encodeURIComponent(signedInCode)}` });
}

/** The change was made: 200, or 201 for a creation. */
async function expectOk(response: Promise<{ statusCode: number; body: string }>) {
  const answer = await response;
  expect([200, 201], answer.body).toContain(answer.statusCode);
}

describe.each([
  ['a password change', async (doctor: CreatedUser) => expectOk(send('POST', '/api/profile/password',
    await authorizationFor(test.app, doctor.id),
    { currentPassword: doctor.password, newPassword, confirmPassword: newPassword }))],
  ['a password recovery', async (doctor: CreatedUser) => expectOk(send('POST',
    `/api/auth/password-recovery/${await issueUserToken(test.app.db, doctor.id, 'password_recovery')}`, {}, { password: newPassword }))],
  ['a second-factor reset', async (doctor: CreatedUser) => expectOk(send('POST', '/api/profile/second-factor/reset',
    await authorizationFor(test.app, doctor.id), { password: doctor.password }))],
  // Suspension and removal: reactivating the doctor afterwards must not bring the old access back.
  ['a suspension', async (doctor: CreatedUser) => {
    await expectOk(send('POST', `/api/medicals/${doctor.id}/suspend`, superadmin, { reason: 'Matrícula vencida' }));
    await expectOk(send('POST', `/api/medicals/${doctor.id}/authorize`, superadmin));
  }],
  ['a removal', async (doctor: CreatedUser) => {
    await expectOk(send('DELETE', '/api/medicals', superadmin, { ids: [doctor.id] }));
    await expectOk(send('POST', `/api/medicals/${doctor.id}/authorize`, superadmin));
  }],
])('after %s', (_case, change) => {
  it('the access token answers 401, the refresh token invalid_grant, and a sign-in waiting for consent 400', async () => {
    const { doctor, app, tokens, pendingSignIn } = await doctorUsingAnApp();
    expect((await tokenContext(tokens.access_token)).statusCode).toBe(200);

    await change(doctor);

    expect((await tokenContext(tokens.access_token)).statusCode).toBe(401);
    expect((await refresh(app, tokens.refresh_token)).json<OAuthErrorBody>()).toMatchObject({ error: 'invalid_grant' });
    expect((await consent(pendingSignIn)).json<ApiError>()).toMatchObject({
      statusCode: 400, message: messages.oauth.signInExpired,
    });
    const [audit] = await readAuditEvents(test.app.db, and(eq(auditEvents.action, 'oauth.all_grants_revoked'), eq(auditEvents.subjectId, doctor.id)));
    expect(audit?.details).toMatchObject({ revokedTokens: 2, discardedCodes: 1 });
  });
});

describe.each([
  ['withdrawn and given back', async (id: string) => {
    await expectOk(send('PUT', `/api/administrators/${id}`, superadmin, { authorized: false }));
    await expectOk(send('PUT', `/api/administrators/${id}`, superadmin, { authorized: true }));
  }],
  ['removed and invited again', async (id: string, email: string) => {
    await expectOk(send('DELETE', '/api/administrators', superadmin, { ids: [id] }));
    await expectOk(send('POST', '/api/administrators', superadmin, { email, roles: ['fds.admin'], authorized: true }));
  }],
])("an administrator's authorization %s", (_case, change) => {
  it('leaves no earlier app token working', async () => {
    const administrator = await createUser(test.app, { roles: ['fds.admin'] });
    const app = await createOAuthClient(test.app);
    const { token } = await issueAccessToken(test.app, { userId: administrator.id, clientId: app.id, scopes: ['accounts-profiles'] });
    expect((await tokenContext(token)).statusCode).toBe(200);

    await change(administrator.id, administrator.email);

    expect((await tokenContext(token)).statusCode).toBe(401);
  });
});
