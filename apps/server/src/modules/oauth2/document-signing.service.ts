import { createHash } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import type { OAuthCaller } from '../../platform/auth/oauth-bearer.ts';
import { readUploadedPdf, signUploadedPdf, type SignatureDetails } from '../../platform/pdf/index.ts';
import { sandboxMarks, type Signer, type SigningAuthority } from '../../platform/pki/index.ts';
import { consumePinCode } from '../prescriptions/index.ts';

export interface DocumentSigningServices {
  db: Database;
  authority: SigningAuthority;
}

export interface DocumentSignRequest {
  pdf: Buffer;
  pinCode: string;
  codeVerifier: string;
}

/**
 * The audit record of a document signed for an app. It is all the platform keeps of the
 * document (decision 018): the actor is the doctor, `subjectId` the signed file's SHA-256, so
 * a signed PDF can be looked up by its hash; the details name the app and both hashes.
 */
export const documentSignedEvent = { action: 'document.signed', subjectType: 'document' } as const;

/** The details of a document's signing event; the app's row id is the event's own `oauthClientId`. */
export interface DocumentSignedDetails {
  /** The client_id the app sends, and its name. */
  clientPublicId: string;
  clientName: string;
  sandbox: boolean;
  originalSha256: string;
  signedSha256: string;
  /** The serial number (hex) of the certificate that signed. */
  certificateSerialNumber: string;
}

const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * Signs a PDF for the app behind the access token with the doctor's credential (a sandbox
 * app: a test credential no verifier trusts), spending the pin_2fa_code the doctor's PIN
 * approved for this token and, when the app bound it to one, for this very document.
 * Answers the signed PDF; nothing of the document but the audit record is kept.
 */
export async function signDocumentForApp(
  services: DocumentSigningServices, caller: OAuthCaller, request: DocumentSignRequest, actor: AuditActor,
): Promise<Buffer> {
  // Read first: a file that cannot be signed leaves the code for a corrected one.
  const upload = await readUploadedPdf(request.pdf);
  const originalSha256 = sha256Of(request.pdf);
  return services.db.transaction(async (tx) => {
    await consumePinCode(tx, {
      code: request.pinCode,
      accessTokenId: caller.accessTokenId,
      action: 'sign',
      codeVerifier: request.codeVerifier,
      documentSha256: originalSha256,
    });
    const signer = caller.sandbox
      ? await services.authority.sandboxCredentialFor(tx, caller.userId)
      : await services.authority.credentialFor(tx, caller.userId);
    const signed = Buffer.from(await signUploadedPdf(upload, signer, signatureDetails(signer, caller)));
    const details: DocumentSignedDetails = {
      clientPublicId: caller.clientPublicId,
      clientName: caller.clientName,
      sandbox: caller.sandbox,
      originalSha256,
      signedSha256: sha256Of(signed),
      certificateSerialNumber: signer.certificate.serialNumber,
    };
    await recordAudit(tx, actor, { ...documentSignedEvent, subjectId: details.signedSha256, details: { ...details } });
    return signed;
  });
}

/** What a PDF reader shows of the signature: the certificate's name, and for a sandbox app that it is a test. */
function signatureDetails(signer: Signer, caller: OAuthCaller): SignatureDetails {
  const name = signer.certificate.subjectName.getField('CN')[0] ?? '';
  if (caller.sandbox) {
    return {
      name,
      reason: `${sandboxMarks.commonName}: prueba de firma de ${caller.clientName}`,
      location: sandboxMarks.organization,
    };
  }
  return { name, reason: `Firma de documento a pedido de ${caller.clientName}`, location: 'Argentina' };
}
