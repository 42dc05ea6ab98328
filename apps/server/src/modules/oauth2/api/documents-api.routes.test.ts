import { createHash } from 'node:crypto';
import {
  addDays, todayInArgentina, type OAuthPrescribed, type OAuthScope, type SignedDocument, type SignedDocumentPage,
} from '@receta/domain';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { appTokenFor, createPinCode, pkcePair } from '../../../../test/factories/oauth.ts';
import {
  createPatientRecord, createPrescribingDoctor, createPrescription, headersIn, prescriptionInput,
} from '../../../../test/factories/prescriptions.ts';
import { createWorkspace } from '../../../../test/factories/workspaces.ts';
import { useTestApp } from '../../../../test/helper.ts';

const test = useTestApp();
const today = todayInArgentina();

let doctorId: string;
let workspaceId: string;

beforeAll(async () => {
  doctorId = (await createPrescribingDoctor(test.app)).id;
  workspaceId = (await createWorkspace(test.app, { memberIds: [doctorId] })).id;
});

const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function reportPdf(title: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage().drawText(title, { x: 50, y: 780, size: 14, font });
  return doc.save({ useObjectStreams: false });
}

/** A token of a new app for the doctor and a pin_2fa_code the doctor's PIN gave it for `action`. */
async function approval(userId: string, action: 'sign' | 'prescribe', options: { sandbox?: boolean } = {}) {
  const scopes: OAuthScope[] = action === 'sign' ? ['documents-sign'] : ['prescriptions-create'];
  const token = await appTokenFor(test.app, userId, scopes, options);
  const pkce = pkcePair();
  const code = await createPinCode(test.app, {
    userId, clientId: token.client.id, accessTokenId: token.accessTokenId, action, codeChallenge: pkce.challenge,
  });
  return { authorization: token.authorization, clientId: token.client.clientId, code, verifier: pkce.verifier };
}

/** A PDF signed through `POST /oauth2/documents/signs`, as an app has it signed; answers the signed file's hash. */
async function signDocumentThroughApp(userId: string, options: { sandbox?: boolean } = {}) {
  const { authorization, clientId, code, verifier } = await approval(userId, 'sign', options);
  const form = new FormData();
  form.append('pin_2fa_code', code);
  form.append('code_verifier', verifier);
  form.append('file_content', new Blob([await reportPdf('Informe de ecografía')], { type: 'application/pdf' }), 'informe.pdf');
  const encoded = new Response(form);
  const response = await test.app.inject({
    method: 'POST',
    url: '/oauth2/documents/signs',
    headers: { authorization, 'content-type': encoded.headers.get('content-type') ?? '' },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
  if (response.statusCode !== 200) throw new Error(`Signing failed: ${response.body}`);
  return { sha256: sha256Of(response.rawPayload), clientId };
}

async function prescribeThroughApp() {
  const patient = await createPatientRecord(test.app, { workspaceId });
  const { authorization, clientId, code, verifier } = await approval(doctorId, 'prescribe');
  const response = await test.app.inject({
    method: 'POST',
    url: '/oauth2/api/prescriptions',
    headers: { authorization },
    payload: { ...prescriptionInput(patient.id), pin_2fa_code: code, code_verifier: verifier },
  });
  const [prescription] = response.json<OAuthPrescribed>().prescriptions;
  if (!prescription) throw new Error(`Prescribing failed: ${response.body}`);
  return { prescription, clientId };
}

async function signInWebApp() {
  const draft = await createPrescription(test.app, { workspaceId, doctorUserId: doctorId });
  const response = await test.app.inject({
    method: 'POST',
    url: `/api/prescriptions/${draft.id}/sign`,
    headers: await headersIn(test.app, doctorId, workspaceId),
    payload: { pin: '1234' },
  });
  if (response.statusCode !== 200) throw new Error(`Signing failed: ${response.body}`);
  return draft;
}

async function documents(query = '', userId = doctorId) {
  const { authorization } = await appTokenFor(test.app, userId, ['documents-search']);
  const response = await test.app.inject({ url: `/oauth2/api/documents?${query}`, headers: { authorization } });
  expect(response.statusCode).toBe(200);
  return response.json<SignedDocumentPage>();
}

describe('GET /oauth2/api/documents', () => {
  let document: { sha256: string; clientId: string };
  let prescribed: Awaited<ReturnType<typeof prescribeThroughApp>>;
  let webSigned: { id: string };

  beforeAll(async () => {
    document = await signDocumentThroughApp(doctorId);
    prescribed = await prescribeThroughApp();
    webSigned = await signInWebApp();
  });

  it('lists what the doctor signed, newest first: documents for apps and the PDFs of prescriptions, with the app', async () => {
    const page = await documents();

    expect(page.total).toBe(3);
    expect(page.items.map((item) => [item.kind, item.prescription?.id ?? null])).toEqual([
      ['prescription', webSigned.id],
      ['prescription', prescribed.prescription.id],
      ['document', null],
    ]);
    const [web, viaApp, forApp] = page.items as [SignedDocument, SignedDocument, SignedDocument];
    expect(web.client).toBeNull();
    expect(viaApp).toMatchObject({
      client: { clientId: prescribed.clientId, name: 'Historia clínica de prueba' },
      prescription: { number: prescribed.prescription.number },
      sandbox: false,
    });
    expect(forApp).toMatchObject({ sha256: document.sha256, client: { clientId: document.clientId }, sandbox: false });
  });

  it('finds a signed file by its SHA-256, and filters by kind and by signing date', async () => {
    expect((await documents(`sha256=${document.sha256.toUpperCase()}`)).items.map((item) => item.kind)).toEqual(['document']);
    expect((await documents('kind=prescription')).total).toBe(2);
    expect((await documents('kind=document&pageSize=1')).items).toHaveLength(1);
    expect((await documents(`from=${today}&to=${today}`)).total).toBe(3);
    expect((await documents(`from=${addDays(today, 1)}`)).total).toBe(0);
    expect((await documents(`to=${addDays(today, -1)}`)).total).toBe(0);
  });

  it('pages through both kinds as one list', async () => {
    const first = await documents('pageSize=2&page=1');
    const second = await documents('pageSize=2&page=2');

    expect(first.items).toHaveLength(2);
    expect(second.items.map((item) => item.kind)).toEqual(['document']);
    expect(second.total).toBe(3);
  });

  it('marks what a sandbox app had signed', async () => {
    const sandboxed = await signDocumentThroughApp(doctorId, { sandbox: true });

    const [item] = (await documents(`sha256=${sandboxed.sha256}`)).items;

    expect(item?.sandbox).toBe(true);
  });

  it("shows another doctor none of this doctor's documents", async () => {
    const other = await createPrescribingDoctor(test.app);
    const theirs = await signDocumentThroughApp(other.id);

    const page = await documents('', other.id);

    expect(page.items.map((item) => item.sha256)).toEqual([theirs.sha256]);
    expect((await documents(`sha256=${theirs.sha256}`)).total).toBe(0);
  });

  it('refuses a token without documents-search (403) and a request without a token (401)', async () => {
    const { authorization } = await appTokenFor(test.app, doctorId, ['documents-sign', 'prescriptions-search']);

    expect((await test.app.inject({ url: '/oauth2/api/documents', headers: { authorization } })).statusCode).toBe(403);
    expect((await test.app.inject({ url: '/oauth2/api/documents' })).statusCode).toBe(401);
  });
});
