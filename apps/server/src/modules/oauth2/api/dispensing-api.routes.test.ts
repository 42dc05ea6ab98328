import {
  messages, type ApiError, type DispenseInput, type DispenseResult, type OAuthClient, type OAuthClientInput,
  type OAuthErrorBody, type ScannedPrescription,
} from '@receta/domain';
import { and, eq } from 'drizzle-orm';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInWithRoles, type SignedInUser } from '../../../../test/factories/administrators.ts';
import { createSignedPrescription, giveCuirs } from '../../../../test/factories/dispensing.ts';
import { createOAuthClient, issueAccessToken } from '../../../../test/factories/oauth.ts';
import { createPrescribingDoctor, sampleMedications } from '../../../../test/factories/prescriptions.ts';
import { authorizationFor, superadminId } from '../../../../test/factories/users.ts';
import { createWorkspace } from '../../../../test/factories/workspaces.ts';
import { testAdmin } from '../../../../test/fixtures.ts';
import { useTestApp } from '../../../../test/helper.ts';
import { auditEvents, oauthClients, prescriptions } from '../../../db/schema/index.ts';
import { prescriptionEventActions, prescriptionRecordActions } from '../../prescriptions/index.ts';
import { readAuditEvents } from '../../../../test/audit-events.ts';

const test = useTestApp();

let workspaceId: string;
let doctorId: string;
let pharmacy: SignedInUser;
let pharmacySystem: { id: string; clientId: string; secret: string };
let authorization: string;

interface TokenAnswer {
  access_token: string;
  token_type: string;
  expires_in: number;
  scope: string;
  refresh_token?: string;
}

function requestToken(client: { clientId: string; secret: string }, form: Record<string, string> = {}) {
  return test.app.inject({
    method: 'POST',
    url: '/oauth2/accounts/token',
    headers: {
      authorization: `Basic ${Buffer.from(`${client.clientId}:${client.secret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: new URLSearchParams({ grant_type: 'client_credentials', scope: 'prescriptions-dispense', ...form }).toString(),
  });
}

async function bearerFor(client: { clientId: string; secret: string }): Promise<string> {
  const response = await requestToken(client);
  expect(response.statusCode, response.body).toBe(200);
  return `Bearer ${response.json<TokenAnswer>().access_token}`;
}

function lookUp(codeOrCuir: string, bearer = authorization) {
  return test.app.inject({ url: `/oauth2/api/dispensing/${codeOrCuir}`, headers: { authorization: bearer } });
}

function dispense(prescriptionId: string, payload: DispenseInput, bearer = authorization) {
  return test.app.inject({
    method: 'POST', url: `/oauth2/api/dispensing/${prescriptionId}/dispense`, headers: { authorization: bearer }, payload,
  });
}

function undo(prescriptionId: string, dispensationId: string, bearer = authorization) {
  return test.app.inject({
    method: 'POST',
    url: `/oauth2/api/dispensing/${prescriptionId}/dispensations/${dispensationId}/undo`,
    headers: { authorization: bearer },
  });
}

function signedPrescription(options: { quantity?: number } = {}) {
  return createSignedPrescription(test.app, {
    workspaceId, doctorUserId: doctorId, items: [sampleMedications.enalapril, sampleMedications.metformin], ...options,
  });
}

function auditRowsOf(action: string, subjectId: string) {
  return readAuditEvents(test.app.db, and(eq(auditEvents.action, action), eq(auditEvents.subjectId, subjectId)));
}

beforeAll(async () => {
  doctorId = (await createPrescribingDoctor(test.app)).id;
  workspaceId = (await createWorkspace(test.app, { memberIds: [doctorId] })).id;
  pharmacy = await signedInWithRoles(test.app, ['pharmacy'], { displayName: 'Farmacia Central' });
  pharmacySystem = await createOAuthClient(test.app, { pharmacyUserId: pharmacy.id });
  authorization = await bearerFor(pharmacySystem);
});

describe('registering a pharmacy system', () => {
  const input: OAuthClientInput = {
    name: 'Sistema de Farmacia Central',
    redirectUris: ['https://farmacia.example.test/callback'],
    redirectUriLabel: 'Farmacia Central',
    allowedScopes: ['prescriptions-dispense'],
    kind: 'confidential',
  };

  async function register(payload: OAuthClientInput) {
    const superadmin = await authorizationFor(test.app, await superadminId(test.app, testAdmin.email));
    return test.app.inject({ method: 'POST', url: '/api/oauth-clients', headers: superadmin, payload });
  }

  it('takes the email of a pharmacy account, whose secret then gets tokens', async () => {
    const response = await register({ ...input, pharmacyAccountEmail: pharmacy.email.toUpperCase() });
    expect(response.statusCode, response.body).toBe(201);
    const { client, clientSecret } = response.json<{ client: OAuthClient; clientSecret: string }>();
    expect(client.pharmacyAccountEmail).toBe(pharmacy.email);
    expect((await requestToken({ clientId: client.clientId, secret: clientSecret })).statusCode).toBe(200);
  });

  it.each<[string, () => Partial<OAuthClientInput>, string, string]>([
    [
      'an account without the pharmacy role', () => ({ pharmacyAccountEmail: testAdmin.email }),
      'body.pharmacyAccountEmail', messages.oauth.pharmacyAccountInvalid,
    ],
    ['the dispensing scope without a pharmacy account', () => ({}), 'body.allowedScopes', messages.oauth.dispenseScopeNeedsPharmacy],
    [
      'a public app', () => ({ kind: 'public', pharmacyAccountEmail: pharmacy.email }),
      'body.kind', messages.oauth.pharmacySystemNeedsSecret,
    ],
  ])('refuses %s', async (_case, overrides, field, message) => {
    const response = await register({ ...input, ...overrides() });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().fields).toContainEqual({ field, message });
  });
});

describe('POST /oauth2/accounts/token with grant_type=client_credentials', () => {
  it('answers an RS512 JWT valid for 300 seconds, without a refresh token', async () => {
    const response = await requestToken(pharmacySystem);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const token = response.json<TokenAnswer>();
    expect(token).toMatchObject({ token_type: 'Bearer', expires_in: 300, scope: 'prescriptions-dispense' });
    expect(token).not.toHaveProperty('refresh_token');
    expect(decodeProtectedHeader(token.access_token).alg).toBe('RS512');
    const claims = decodeJwt(token.access_token);
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(300);
    expect(claims.sub).toBe(pharmacySystem.id);
    const [issued] = await auditRowsOf('oauth.pharmacy_system_token_issued', pharmacySystem.id);
    expect(issued?.actorUserId).toBe(pharmacy.id);
  });

  it('refuses a wrong secret', async () => {
    const response = await requestToken({ ...pharmacySystem, secret: 'not-the-secret' });
    expect(response.statusCode).toBe(401);
    expect(response.json<OAuthErrorBody>().error).toBe('invalid_client');
  });

  it('refuses a client registered without a pharmacy account', async () => {
    const response = await requestToken(await createOAuthClient(test.app));
    expect(response.statusCode).toBe(400);
    expect(response.json<OAuthErrorBody>().error).toBe('unauthorized_client');
  });

  it('refuses a client whose pharmacy account no longer holds the pharmacy role', async () => {
    const other = await signedInWithRoles(test.app, ['fds.provider']);
    const response = await requestToken(await createOAuthClient(test.app, { pharmacyUserId: other.id }));
    expect(response.json<OAuthErrorBody>().error).toBe('unauthorized_client');
  });

  it('refuses a scope that is not a pharmacy system\'s', async () => {
    const response = await requestToken(pharmacySystem, { scope: 'prescriptions-dispense prescriptions-search' });
    expect(response.statusCode).toBe(400);
    expect(response.json<OAuthErrorBody>().error).toBe('invalid_scope');
  });
});

describe('access to /oauth2/api/dispensing', () => {
  it('cannot be granted by a doctor through the authorization code flow', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/oauth2/accounts/sign-in',
      payload: { email: 'medico@example.test', password: 'Cualquiera1!', client_id: pharmacySystem.clientId, scope: 'prescriptions-dispense' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().fields).toContainEqual({ field: 'body.scope', message: messages.oauth.scopeNotAllowed });
  });

  it('refuses a token of the authorization code flow, whatever its scopes', async () => {
    const app = await createOAuthClient(test.app);
    const { authorization: appToken } = await issueAccessToken(test.app, {
      userId: pharmacy.id, clientId: app.id, scopes: ['prescriptions-dispense', 'prescriptions-search'],
    });
    const prescription = await signedPrescription();
    const response = await lookUp(prescription.verificationCode, appToken);
    expect(response.statusCode).toBe(401);
    expect(response.json<ApiError>().message).toBe(messages.session.invalidAccessToken);
  });

  it('refuses a pharmacy system\'s token without the dispensing scope', async () => {
    const token = await test.app.pharmacySystemTokens.sign({
      sub: pharmacySystem.id, client_id: pharmacySystem.clientId, scope: 'prescriptions-search',
    });
    const prescription = await signedPrescription();
    expect((await lookUp(prescription.verificationCode, `Bearer ${token}`)).statusCode).toBe(403);
  });

  it('refuses an expired token with 401', async () => {
    const sixMinutesAgo = new Date(Date.now() - 6 * 60_000);
    const token = await test.app.pharmacySystemTokens.sign({
      sub: pharmacySystem.id, client_id: pharmacySystem.clientId, scope: 'prescriptions-dispense',
    }, sixMinutesAgo);
    const prescription = await signedPrescription();
    const response = await lookUp(prescription.verificationCode, `Bearer ${token}`);
    expect(response.statusCode).toBe(401);
    expect(response.json<ApiError>().message).toBe(messages.session.expiredAccessToken);
  });

  it('stops the tokens of a client the superadmin deleted at once', async () => {
    const doomed = await createOAuthClient(test.app, { pharmacyUserId: pharmacy.id });
    const bearer = await bearerFor(doomed);
    const prescription = await signedPrescription();
    expect((await lookUp(prescription.verificationCode, bearer)).statusCode).toBe(200);
    await test.app.db.delete(oauthClients).where(eq(oauthClients.id, doomed.id));
    expect((await lookUp(prescription.verificationCode, bearer)).statusCode).toBe(401);
  });
});

describe('GET /oauth2/api/dispensing/:codeOrCuir', () => {
  it('finds a prescription by its verification code, as the scanner shows it, and records the lookup', async () => {
    const prescription = await signedPrescription();
    const response = await lookUp(prescription.verificationCode);
    expect(response.statusCode, response.body).toBe(200);
    const scanned = response.json<ScannedPrescription>();
    expect(scanned.prescription.id).toBe(prescription.id);
    expect(scanned.signatureValid).toBe(true);
    expect(scanned.prescription.items.map((item) => item.dispensedQuantity)).toEqual([0, 0]);
    const [event] = await auditRowsOf(prescriptionRecordActions.lookedUpByPharmacySystem, prescription.id);
    expect(event).toMatchObject({
      actorUserId: pharmacy.id,
      oauthClientId: pharmacySystem.id,
      details: { lookup: prescription.verificationCode, foundBy: 'code' },
    });
  });

  it('finds a prescription by the CUIR of one of its items', async () => {
    const prescription = await signedPrescription();
    const [, cuir] = await giveCuirs(test.app, prescription);
    const response = await lookUp(cuir!);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ScannedPrescription>().prescription.id).toBe(prescription.id);
    const [event] = await auditRowsOf(prescriptionRecordActions.lookedUpByPharmacySystem, prescription.id);
    expect(event).toMatchObject({ oauthClientId: pharmacySystem.id, details: { foundBy: 'cuir' } });
  });

  it('answers 404 for a code of no prescription, and records the attempt', async () => {
    const unknown = 'ZZZZZZZZZZZZZZZZ';
    const response = await lookUp(unknown);
    expect(response.statusCode).toBe(404);
    expect(response.json<ApiError>().message).toBe(messages.dispensing.notFound);
    const [event] = await auditRowsOf(prescriptionRecordActions.lookedUpByPharmacySystem, unknown);
    expect(event).toMatchObject({ subjectType: 'prescription_lookup', oauthClientId: pharmacySystem.id, details: { found: false } });
  });
});

describe('POST /oauth2/api/dispensing/:prescriptionId/dispense', () => {
  it('dispenses part of a prescription, then the rest, under the pharmacy account', async () => {
    const prescription = await signedPrescription({ quantity: 2 });
    const scanned = (await lookUp(prescription.verificationCode)).json<ScannedPrescription>();
    const [first] = scanned.prescription.items;
    const partial = await dispense(prescription.id, { items: [{ itemId: first!.id, quantity: 1 }] });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json<DispenseResult>().prescription.state).toBe('partially_dispensed');

    const rest = await dispense(prescription.id, { all: true });
    expect(rest.statusCode, rest.body).toBe(200);
    const result = rest.json<DispenseResult>();
    expect(result.message).toBe(messages.dispensing.dispensed);
    expect(result.prescription.state).toBe('dispensed');
    expect(result.dispensations.every((each) => each.pharmacy.id === pharmacy.id)).toBe(true);
    expect(result.dispensations.map((each) => each.quantity).sort()).toEqual([1, 1, 2]);
    const events = await auditRowsOf(prescriptionEventActions.dispensed, prescription.id);
    expect(events).toHaveLength(2);
    const byPharmacySystem = (event: (typeof events)[number]) => event.actorUserId === pharmacy.id
      && event.oauthClientId === pharmacySystem.id;
    expect(events.every(byPharmacySystem)).toBe(true);
    const refused = await dispense(prescription.id, { all: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ApiError>().message).toBe(messages.dispensing.notDispensable);
  });

  it('dispenses once when 50 requests with the same token ask for everything at the same time', async () => {
    const prescription = await signedPrescription({ quantity: 3 });
    const responses = await Promise.all(Array.from({ length: 50 }, () => dispense(prescription.id, { all: true })));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    expect(await auditRowsOf(prescriptionEventActions.dispensed, prescription.id)).toHaveLength(1);
    const [row] = await test.app.db.select({ state: prescriptions.state })
      .from(prescriptions).where(eq(prescriptions.id, prescription.id));
    expect(row?.state).toBe('dispensed');
  });
});

describe('POST /oauth2/api/dispensing/:prescriptionId/dispensations/:dispensationId/undo', () => {
  it('undoes the dispenses of the pharmacy account made today, and records them', async () => {
    const prescription = await signedPrescription();
    const dispensed = (await dispense(prescription.id, { all: true })).json<DispenseResult>();
    const [first, second] = dispensed.dispensations;
    expect(dispensed.dispensations.every((each) => each.canUndo)).toBe(true);

    const once = await undo(prescription.id, first!.id);
    expect(once.statusCode, once.body).toBe(200);
    expect(once.json<DispenseResult>().message).toBe(messages.dispensing.undone);
    expect(once.json<DispenseResult>().prescription.state).toBe('partially_dispensed');
    const twice = await undo(prescription.id, second!.id);
    expect(twice.json<DispenseResult>().prescription.state).toBe('signed');

    const events = await auditRowsOf(prescriptionEventActions.dispense_undone, prescription.id);
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({ actorUserId: pharmacy.id, oauthClientId: pharmacySystem.id });
    const again = await undo(prescription.id, first!.id);
    expect(again.statusCode).toBe(409);
    expect(again.json<ApiError>().message).toBe(messages.dispensing.notUndoable);
  });
});

describe('the OpenAPI document', () => {
  it('describes the pharmacy systems\' routes in Spanish, with curl examples and their security scheme', async () => {
    const document = (await test.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { description?: string; summary?: string; security?: object[] }>>;
      components: { securitySchemes: Record<string, { flows?: { clientCredentials?: { scopes: object } } }> };
    }>();
    const routes = [
      ['/oauth2/api/dispensing/{codeOrCuir}', 'get'],
      ['/oauth2/api/dispensing/{prescriptionId}/dispense', 'post'],
      ['/oauth2/api/dispensing/{prescriptionId}/dispensations/{dispensationId}/undo', 'post'],
    ] as const;
    for (const [path, method] of routes) {
      const operation = document.paths[path]?.[method];
      expect(operation?.summary, `${method} ${path}`).toContain('alcance prescriptions-dispense');
      expect(operation?.description, `${method} ${path}`).toContain('curl');
      expect(operation?.security).toEqual([{ pharmacySystem: ['prescriptions-dispense'] }]);
    }
    expect(document.paths['/oauth2/api/dispensing/{codeOrCuir}']?.get?.description).toContain('grant_type=client_credentials');
    expect(document.paths['/oauth2/accounts/token']?.post?.description).toContain('grant_type=client_credentials');
    expect(document.components.securitySchemes.pharmacySystem?.flows?.clientCredentials?.scopes)
      .toEqual({ 'prescriptions-dispense': 'Consultar y registrar dispensas de recetas (farmacias)' });
  });
});
