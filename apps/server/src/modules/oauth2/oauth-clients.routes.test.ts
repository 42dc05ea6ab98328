import {
  doctorAppScopes, messages, type ApiError, type OAuthClient, type OAuthClientInput, type OAuthClientPage,
} from '@receta/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApprovedDoctor } from '../../../test/factories/approved-doctors.ts';
import { authorizationFor, createUser, superadminId } from '../../../test/factories/users.ts';
import { testAdmin } from '../../../test/fixtures.ts';
import { useTestApp } from '../../../test/helper.ts';
import { auditEvents, oauthClients } from '../../db/schema/index.ts';
import { demoClientId, ensureDemoClient } from './demo-client.ts';
import { readAuditEvents } from '../../../test/audit-events.ts';

const test = useTestApp();
let superadmin: Record<string, string>;

beforeAll(async () => {
  superadmin = await authorizationFor(test.app, await superadminId(test.app, testAdmin.email));
});

interface Created {
  message: string;
  client: OAuthClient;
  clientSecret: string | null;
}

const validInput: OAuthClientInput = {
  name: 'Historia clínica Norte',
  logoUri: 'https://hc-norte.example.test/logo.png',
  redirectUris: ['https://hc-norte.example.test/callback', 'http://127.0.0.1:8080/callback'],
  redirectUriLabel: 'HC Norte',
  allowedScopes: ['accounts-profiles', 'documents-sign'],
  sandbox: false,
  kind: 'confidential',
};

function create(payload: object, headers = superadmin) {
  return test.app.inject({ method: 'POST', url: '/api/oauth-clients', headers, payload });
}

async function createClient(overrides: Partial<OAuthClientInput> = {}): Promise<Created> {
  const response = await create({ ...validInput, ...overrides });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Created>();
}

function rotate(id: string, headers = superadmin) {
  return test.app.inject({ method: 'POST', url: `/api/oauth-clients/${id}/secret`, headers });
}

/** Whether a client authenticates with this secret, asked of the revocation endpoint. */
async function authenticates(clientId: string, secret: string): Promise<boolean> {
  const response = await test.app.inject({
    method: 'POST',
    url: '/oauth2/accounts/revoke',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
    },
    payload: 'token=nada',
  });
  return response.statusCode === 200;
}

function auditOf(subjectId: string, action: string) {
  return readAuditEvents(test.app.db, and(eq(auditEvents.subjectId, subjectId), eq(auditEvents.action, action)));
}

describe('the client registry', () => {
  it('is for the superadmin only', async () => {
    const administrator = await authorizationFor(test.app, (await createUser(test.app, { roles: ['fds.admin'] })).id);
    const doctor = await authorizationFor(test.app, (await createApprovedDoctor(test.app)).id);
    const { client } = await createClient();
    for (const headers of [administrator, doctor]) {
      const answers = await Promise.all([
        test.app.inject({ url: '/api/oauth-clients', headers }),
        test.app.inject({ url: `/api/oauth-clients/${client.id}`, headers }),
        create(validInput, headers),
        test.app.inject({ method: 'PUT', url: `/api/oauth-clients/${client.id}`, headers, payload: validInput }),
        test.app.inject({ method: 'DELETE', url: '/api/oauth-clients', headers, payload: { ids: [client.id] } }),
        rotate(client.id, headers),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([403, 403, 403, 403, 403, 403]);
    }
    expect((await test.app.inject({ url: '/api/oauth-clients' })).statusCode).toBe(401);
  });

  it('shows a confidential client its secret once, at registration, and never again', async () => {
    const created = await createClient();
    expect(created.message).toBe(messages.oauth.clientCreated);
    expect(created.clientSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.client).toMatchObject({
      ...validInput, hasSecret: true, clientId: expect.stringMatching(/^[0-9a-f]{32}$/) as unknown,
    });
    const secret = created.clientSecret ?? '';
    expect(await authenticates(created.client.clientId, secret)).toBe(true);
    expect(await authenticates(created.client.clientId, 'otro')).toBe(false);

    const shown = await test.app.inject({ url: `/api/oauth-clients/${created.client.id}`, headers: superadmin });
    const listed = await test.app.inject({ url: `/api/oauth-clients?q=${created.client.clientId}`, headers: superadmin });
    expect(shown.json<OAuthClient>()).toEqual(created.client);
    expect(listed.json<OAuthClientPage>()).toMatchObject({ items: [created.client], total: 1, page: 1 });
    for (const body of [shown.body, listed.body]) {
      expect(body).not.toContain(secret);
      expect(body).not.toContain('secretHash');
    }
    const [row] = await test.app.db.select().from(oauthClients).where(eq(oauthClients.id, created.client.id));
    expect(row?.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(await auditOf(created.client.id, 'oauth_client.created')).toHaveLength(1);
    expect(JSON.stringify(await auditOf(created.client.id, 'oauth_client.created'))).not.toContain(secret);
  });

  it('registers a public client without a secret', async () => {
    const created = await createClient({ kind: 'public' });
    expect(created).toMatchObject({
      message: messages.oauth.publicClientCreated, clientSecret: null, client: { hasSecret: false },
    });
    const refused = await rotate(created.client.id);
    expect(refused.json<ApiError>())
      .toMatchObject({ statusCode: 400, message: messages.oauth.publicClientWithoutSecret });
  });

  it.each([
    ['an http address that is not local', { redirectUris: ['http://hc.example.test/callback'] }, 'body.redirectUris.0', messages.oauth.redirectUriInvalid],
    ['an address with a fragment', { redirectUris: ['https://hc.example.test/callback#x'] }, 'body.redirectUris.0', messages.oauth.redirectUriInvalid],
    ['something that is not an address', { redirectUris: ['callback'] }, 'body.redirectUris.0', messages.oauth.redirectUriInvalid],
    ['no redirect address', { redirectUris: [] }, 'body.redirectUris', messages.common.required],
    ['redirect addresses without their label', { redirectUriLabel: ' ' }, 'body.redirectUriLabel', messages.common.required],
    ['no name', { name: '' }, 'body.name', messages.common.required],
    ['no scope', { allowedScopes: [] }, 'body.allowedScopes', messages.common.required],
  ])('refuses %s with a Spanish message on the field', async (_case, overrides, field, message) => {
    const response = await create({ ...validInput, ...overrides });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().fields).toEqual([{ field, message }]);
  });

  it('registers and edits a pharmacy system without redirect addresses: its grant redirects nowhere', async () => {
    const pharmacy = await createUser(test.app, { roles: ['pharmacy'] });
    const pharmacySystem = {
      name: 'Sistema Farmacia Sur', allowedScopes: ['prescriptions-dispense'], pharmacyAccountEmail: pharmacy.email,
    };
    const response = await create(pharmacySystem);
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<Created>();
    expect(created.client).toMatchObject({ redirectUris: [], redirectUriLabel: '', pharmacyAccountEmail: pharmacy.email });
    expect(created.clientSecret).toEqual(expect.any(String));

    const edited = await test.app.inject({
      method: 'PUT', url: `/api/oauth-clients/${created.client.id}`, headers: superadmin,
      payload: { ...pharmacySystem, name: 'Sistema Farmacia Sur 2', redirectUris: [], redirectUriLabel: '' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<OAuthClient>()).toMatchObject({ name: 'Sistema Farmacia Sur 2', redirectUris: [] });
  });

  it('edits a client, keeping its secret and its kind', async () => {
    const created = await createClient();
    const edit = (payload: object) => test.app.inject({ method: 'PUT', url: `/api/oauth-clients/${created.client.id}`, headers: superadmin, payload });
    const response = await edit({ ...validInput, name: 'HC Norte 2', allowedScopes: [...doctorAppScopes], sandbox: true });
    expect(response.statusCode).toBe(200);
    expect(response.json<OAuthClient>()).toMatchObject({ name: 'HC Norte 2', sandbox: true, hasSecret: true });
    expect(await authenticates(created.client.clientId, created.clientSecret ?? '')).toBe(true);
    expect(await auditOf(created.client.id, 'oauth_client.updated')).toHaveLength(1);

    const kindChange = await edit({ ...validInput, kind: 'public' });
    expect(kindChange.json<ApiError>().fields).toEqual([{ field: 'body.kind', message: messages.oauth.clientKindFixed }]);
    const missing = await test.app.inject({ method: 'PUT', url: `/api/oauth-clients/${crypto.randomUUID()}`, headers: superadmin, payload: validInput });
    expect(missing.json<ApiError>()).toMatchObject({ statusCode: 404, message: messages.oauth.clientNotFound });
  });

  it('rotates a secret: the new one is shown once and the old one stops working', async () => {
    const created = await createClient();
    const response = await rotate(created.client.id);
    expect(response.statusCode).toBe(200);
    const rotated = response.json<Created>();
    expect(rotated).toMatchObject({ message: messages.oauth.secretRotated, client: { id: created.client.id } });
    expect(await authenticates(created.client.clientId, created.clientSecret ?? '')).toBe(false);
    expect(await authenticates(created.client.clientId, rotated.clientSecret ?? '')).toBe(true);
    expect(await auditOf(created.client.id, 'oauth_client.secret_rotated')).toHaveLength(1);
  });

  it('deletes clients, answering 404 when none was found', async () => {
    const first = await createClient();
    const second = await createClient();
    const remove = (ids: string[]) => test.app.inject({ method: 'DELETE', url: '/api/oauth-clients', headers: superadmin, payload: { ids } });
    const response = await remove([first.client.id, second.client.id]);
    expect(response.json()).toEqual({
      deleted: expect.arrayContaining([first.client.id, second.client.id]) as unknown,
      message: messages.oauth.clientsRemoved,
    });
    expect(await authenticates(first.client.clientId, first.clientSecret ?? '')).toBe(false);
    expect(await auditOf(first.client.id, 'oauth_client.deleted')).toHaveLength(1);
    expect((await remove([first.client.id])).json<ApiError>())
      .toMatchObject({ statusCode: 404, message: messages.oauth.clientNotFound });
  });

  it('pages and searches by name', async () => {
    await createClient({ name: 'Turnos Sur' });
    await createClient({ name: 'Turnos Oeste' });
    const page = (await test.app.inject({ url: '/api/oauth-clients?q=turnos&pageSize=1&sort=name', headers: superadmin })).json<OAuthClientPage>();
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 1, items: [{ name: 'Turnos Oeste' }] });
  });
});

describe('the demo client', () => {
  async function demoRow() {
    const [row] = await test.app.db.select().from(oauthClients).where(eq(oauthClients.clientId, demoClientId));
    return row;
  }

  it('is created at start-up without a secret, follows the public URL at each start and takes a configured secret', async () => {
    await ensureDemoClient(test.app.db, { publicUrl: test.config.publicUrl, secret: undefined });
    expect(await demoRow()).toMatchObject({
      name: 'Demo de integración', kind: 'confidential', sandbox: true, secretHash: null,
      allowedScopes: [...doctorAppScopes], redirectUris: [`${test.config.publicUrl}/oauth2/demo`],
    });

    await ensureDemoClient(test.app.db, { publicUrl: 'http://127.0.0.1:4123', secret: 'un-secreto-de-demo-bastante-largo-2026' });
    expect(await demoRow()).toMatchObject({ redirectUris: ['http://127.0.0.1:4123/oauth2/demo'] });
    expect(await authenticates(demoClientId, 'un-secreto-de-demo-bastante-largo-2026')).toBe(true);

    // A start without the variable keeps the secret it has.
    await ensureDemoClient(test.app.db, { publicUrl: 'http://127.0.0.1:4123', secret: undefined });
    expect(await authenticates(demoClientId, 'un-secreto-de-demo-bastante-largo-2026')).toBe(true);
    expect(await test.app.db.select().from(oauthClients).where(eq(oauthClients.clientId, demoClientId)))
      .toHaveLength(1);
  });

  it('gets its secret from the superadmin through the registry', async () => {
    await ensureDemoClient(test.app.db, { publicUrl: test.config.publicUrl, secret: undefined });
    const page = (await test.app.inject({ url: `/api/oauth-clients?q=${demoClientId}`, headers: superadmin })).json<OAuthClientPage>();
    const demo = page.items.find((item) => item.clientId === demoClientId);
    expect(demo).toMatchObject({ name: 'Demo de integración', sandbox: true });
    const rotated = (await rotate(demo?.id ?? '')).json<Created>();
    expect(await authenticates(demoClientId, rotated.clientSecret ?? '')).toBe(true);
  });
});
