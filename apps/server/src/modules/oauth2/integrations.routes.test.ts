import { messages, type ApiError, type Integration, type OAuthScope, type OAuthToken } from '@receta/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createApprovedDoctor } from '../../../test/factories/approved-doctors.ts';
import { authorizeThroughFlow, createOAuthClient, pkcePair } from '../../../test/factories/oauth.ts';
import { authorizationFor, createUser, type CreatedUser } from '../../../test/factories/users.ts';
import { useTestApp } from '../../../test/helper.ts';
import { auditEvents } from '../../db/schema/index.ts';
import { readAuditEvents } from '../../../test/audit-events.ts';

const test = useTestApp();

/** The doctor authorises an app through the flow and the app redeems the code. */
async function authorizedApp(doctor: CreatedUser, scopes: OAuthScope[]) {
  const app = await createOAuthClient(test.app, { sandbox: true });
  const { verifier, challenge } = pkcePair();
  const { code } = await authorizeThroughFlow(test.app, {
    user: doctor, client: app, scopes, codeChallenge: challenge,
  });
  const response = await test.app.inject({
    method: 'POST',
    url: '/oauth2/accounts/token',
    payload: {
      grant_type: 'authorization_code', code, redirect_uri: app.redirectUri, code_verifier: verifier,
      client_id: app.clientId, client_secret: app.secret,
    },
  });
  return { app, tokens: response.json<OAuthToken>() };
}

function integrationsOf(headers: Record<string, string>) {
  return test.app.inject({ url: '/api/integrations', headers });
}

function revoke(clientId: string, headers: Record<string, string>) {
  return test.app.inject({ method: 'DELETE', url: `/api/integrations/${clientId}`, headers });
}

function tokenContext(accessToken: string) {
  return test.app.inject({ url: '/oauth2/accounts/token', headers: { authorization: `Bearer ${accessToken}` } });
}

describe('GET /api/integrations', () => {
  it('lists the apps the doctor authorised, with the scopes of every consent and the last use', async () => {
    const doctor = await createApprovedDoctor(test.app, { hasAuthenticator: true });
    const headers = await authorizationFor(test.app, doctor.id);
    const { app, tokens } = await authorizedApp(doctor, ['documents-sign']);
    const [before] = (await integrationsOf(headers)).json<Integration[]>();
    expect(before).toEqual({
      clientId: app.clientId,
      name: 'Historia clínica de prueba',
      logoUri: null,
      sandbox: true,
      scopes: ['documents-sign'],
      grantedAt: expect.any(String) as unknown,
      lastUsedAt: null,
    });

    expect((await tokenContext(tokens.access_token)).statusCode).toBe(200);
    // A second consent to the same app adds its scopes to the one grant.
    await authorizeThroughFlow(test.app, { user: doctor, client: app, scopes: ['patients-search'], codeChallenge: pkcePair().challenge });
    const after = (await integrationsOf(headers)).json<Integration[]>();
    expect(after).toEqual([
      { ...before, scopes: ['documents-sign', 'patients-search'], lastUsedAt: expect.any(String) as unknown },
    ]);
  });

  it('is for users who may prescribe', async () => {
    const pharmacist = await createUser(test.app, { roles: ['pharmacy'] });
    expect((await integrationsOf(await authorizationFor(test.app, pharmacist.id))).statusCode).toBe(403);
    expect((await integrationsOf({})).statusCode).toBe(401);
  });
});

describe('DELETE /api/integrations/:clientId', () => {
  it('revokes the grant and every token of it at once', async () => {
    const doctor = await createApprovedDoctor(test.app, { hasAuthenticator: true });
    const headers = await authorizationFor(test.app, doctor.id);
    const { app, tokens } = await authorizedApp(doctor, ['documents-sign', 'accounts-profiles']);

    const response = await revoke(app.clientId, headers);
    expect(response.json()).toEqual({ message: messages.oauth.integrationRevoked });
    expect((await tokenContext(tokens.access_token)).statusCode).toBe(401);
    const refreshed = await test.app.inject({
      method: 'POST',
      url: '/oauth2/accounts/token',
      payload: { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: app.clientId, client_secret: app.secret },
    });
    expect(refreshed.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await integrationsOf(headers)).json()).toEqual([]);
    const [audit] = await readAuditEvents(test.app.db, and(eq(auditEvents.action, 'oauth.grant_revoked'), eq(auditEvents.actorUserId, doctor.id)));
    expect(audit?.details).toMatchObject({ clientId: app.clientId, revokedTokens: 2 });
    expect((await revoke(app.clientId, headers)).json<ApiError>()).toMatchObject({
      statusCode: 404, message: messages.oauth.integrationNotFound,
    });
  });

  it("cannot revoke another doctor's grant", async () => {
    const owner = await createApprovedDoctor(test.app, { hasAuthenticator: true });
    const other = await createApprovedDoctor(test.app, { hasAuthenticator: true });
    const { app, tokens } = await authorizedApp(owner, ['documents-sign']);
    const response = await revoke(app.clientId, await authorizationFor(test.app, other.id));
    expect(response.statusCode).toBe(404);
    expect((await tokenContext(tokens.access_token)).statusCode).toBe(200);
    expect((await integrationsOf(await authorizationFor(test.app, owner.id))).json()).toHaveLength(1);
  });
});
