import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { limits, messages, type ApiError, type OAuthScope } from '@receta/domain';
import { and, eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrescribingDoctor } from '../../../test/factories/prescriptions.ts';
import { createOAuthClient, createPinCode, issueAccessToken, pkcePair } from '../../../test/factories/oauth.ts';
import { samplePng } from '../../../test/factories/uploads.ts';
import { useTestApp } from '../../../test/helper.ts';
import { pdfsigTrusting, type Pdfsig } from '../../../test/pdfsig.ts';
import { auditEvents } from '../../db/schema/index.ts';
import { documentSignedEvent, type DocumentSignedDetails } from './document-signing.service.ts';
import { readAuditEvents } from '../../../test/audit-events.ts';

const test = useTestApp();
let directory: string;
let pdfsig: Pdfsig;
let doctorId: string;
let report: Uint8Array;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'receta-document-signing-'));
  pdfsig = await pdfsigTrusting(test.app.signing.ca.certificate, directory);
  doctorId = (await createPrescribingDoctor(test.app)).id;
  report = await reportPdf('Informe de ecografía');
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

async function reportPdf(title: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage().drawText(title, { x: 50, y: 780, size: 14, font });
  return doc.save({ useObjectStreams: false });
}

const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

interface Approval {
  authorization: string;
  code: string;
  verifier: string;
  clientId: string;
  clientRowId: string;
}

/**
 * What an app holds after the doctor approved a signature with the PIN: an access token and
 * a pin_2fa_code bound to it (and to `document`, when given), made straight in the database.
 */
async function approvedSignature(
  options: { document?: Uint8Array; sandbox?: boolean; scopes?: OAuthScope[] } = {},
): Promise<Approval> {
  const client = await createOAuthClient(test.app, { sandbox: options.sandbox ?? false });
  const token = await issueAccessToken(test.app, {
    userId: doctorId, clientId: client.id, scopes: options.scopes ?? ['documents-sign', 'accounts-confirm'],
  });
  const pkce = pkcePair();
  const code = await createPinCode(test.app, {
    userId: doctorId,
    clientId: client.id,
    accessTokenId: token.accessTokenId,
    action: 'sign',
    codeChallenge: pkce.challenge,
    ...(options.document ? { documentSha256: sha256Of(options.document) } : {}),
  });
  return {
    authorization: token.authorization,
    code,
    verifier: pkce.verifier,
    clientId: client.clientId,
    clientRowId: client.id,
  };
}

/** `POST /oauth2/documents/signs` as an app sends it: the PDF and the two text fields, multipart. */
async function sendToSign(
  approval: Pick<Approval, 'code' | 'verifier'> & { authorization?: string },
  document: Uint8Array = report,
  fileName = 'informe.pdf',
) {
  const form = new FormData();
  form.append('pin_2fa_code', approval.code);
  form.append('code_verifier', approval.verifier);
  form.append('file_content', new Blob([document], { type: 'application/pdf' }), fileName);
  const encoded = new Response(form);
  return test.app.inject({
    method: 'POST',
    url: '/oauth2/documents/signs',
    headers: {
      'content-type': encoded.headers.get('content-type') ?? '',
      ...(approval.authorization ? { authorization: approval.authorization } : {}),
    },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
}

function signedEventsOf(signedSha256: string) {
  return readAuditEvents(test.app.db, and(
    eq(auditEvents.action, documentSignedEvent.action),
    eq(auditEvents.subjectType, documentSignedEvent.subjectType),
    eq(auditEvents.subjectId, signedSha256),
  ));
}

describe('POST /oauth2/documents/signs', () => {
  it('answers the PDF signed by the doctor, appended to the original, that pdfsig finds valid and trusted', async () => {
    const approval = await approvedSignature({ document: report });

    const response = await sendToSign(approval);

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('filename="informe-firmado.pdf"');
    const signed = response.rawPayload;
    expect(signed.subarray(0, report.length).equals(report)).toBe(true);
    const verdict = await pdfsig(signed, 'signed.pdf');
    expect(verdict).toContain('Signer Certificate Common Name: Ana Pérez');
    expect(verdict).toContain('Total document signed');
    expect(verdict).toContain('Signature is Valid.');
    expect(verdict).toContain('Certificate is Trusted.');

    const [event] = await signedEventsOf(sha256Of(signed));
    expect(event?.actorUserId).toBe(doctorId);
    expect(event?.oauthClientId).toBe(approval.clientRowId);
    expect(event?.details).toMatchObject({
      clientPublicId: approval.clientId,
      sandbox: false,
      originalSha256: sha256Of(report),
      signedSha256: sha256Of(signed),
    } satisfies Partial<DocumentSignedDetails>);
  });

  it('signs for a sandbox app with a test certificate marked as such, which the platform CA does not vouch for', async () => {
    const approval = await approvedSignature({ sandbox: true });

    const response = await sendToSign(approval);

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('filename="informe-firmado-sandbox.pdf"');
    const verdict = await pdfsig(response.rawPayload, 'sandbox.pdf');
    expect(verdict).toContain('Signer Certificate Common Name: Ana Pérez - SANDBOX - SIN VALIDEZ');
    expect(verdict).toContain('O=Entorno de pruebas');
    expect(verdict).toContain('Signature is Valid.');
    expect(verdict).toContain("Certificate issuer isn't Trusted.");
    const signatureDictionary = response.rawPayload.toString('latin1');
    expect(signatureDictionary).toContain('/Reason (SANDBOX - SIN VALIDEZ: prueba de firma');
    expect(signatureDictionary).toContain('/Location (Entorno de pruebas)');
    const [event] = await signedEventsOf(sha256Of(response.rawPayload));
    expect(event?.details).toMatchObject({ sandbox: true });
  });

  it('refuses a code reused for a second document', async () => {
    const approval = await approvedSignature();
    expect((await sendToSign(approval)).statusCode).toBe(200);

    const again = await sendToSign(approval, await reportPdf('Otro informe'));

    expect(again.statusCode).toBe(400);
    expect(again.json<ApiError>().message).toBe(messages.oauthServer.invalidPin);
  });

  it('refuses a code verifier other than the one behind the challenge', async () => {
    const approval = await approvedSignature();

    const response = await sendToSign({ ...approval, verifier: pkcePair().verifier });

    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().message).toBe(messages.oauthServer.invalidPin);
  });

  it('refuses a document other than the one the doctor approved', async () => {
    const approval = await approvedSignature({ document: report });

    const response = await sendToSign(approval, await reportPdf('Informe cambiado'));

    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().message).toBe(messages.oauthServer.invalidPin);
  });

  it('refuses a token without the documents-sign scope', async () => {
    const approval = await approvedSignature({ scopes: ['accounts-profiles'] });

    expect((await sendToSign(approval)).statusCode).toBe(403);
  });

  it('refuses a request without an access token', async () => {
    const { authorization: _, ...withoutToken } = await approvedSignature();

    const response = await sendToSign(withoutToken);

    expect(response.statusCode).toBe(401);
    expect(response.json<ApiError>().message).toBe(messages.session.invalidAccessToken);
  });

  it('refuses a file that is not a PDF in Spanish, and the code still signs a PDF afterwards', async () => {
    const approval = await approvedSignature();

    const refused = await sendToSign(approval, samplePng, 'informe.pdf');

    expect(refused.statusCode).toBe(400);
    expect(refused.json<ApiError>().message).toBe(messages.oauth.notAPdf);
    expect((await sendToSign(approval)).statusCode).toBe(200);
  });

  it('refuses a file over 5 MB', async () => {
    const approval = await approvedSignature();
    const tooLarge = Buffer.concat([Buffer.from(report), Buffer.alloc(limits.uploadMaxBytes)]);

    const response = await sendToSign(approval, tooLarge);

    expect(response.statusCode).toBe(413);
    expect(response.json<ApiError>().message).toBe(messages.oauth.pdfTooLarge);
  });

  it('names the field at fault when the code verifier is malformed', async () => {
    const approval = await approvedSignature();

    const response = await sendToSign({ ...approval, verifier: 'corto' });

    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().fields).toEqual([{ field: 'body.code_verifier', message: messages.common.invalidData }]);
  });
});
