import multipart from '@fastify/multipart';
import { limits, messages, OAuthDocumentSignFieldsSchema } from '@receta/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditActorOf } from '../../platform/audit.ts';
import { currentOAuthCaller } from '../../platform/auth/access-control.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { multipartFailure } from '../../platform/files/multipart-failure.ts';
import { sendPdf } from '../../platform/http/send-pdf.ts';
import { signDocumentForApp, type DocumentSignRequest, type DocumentSigningServices } from './document-signing.service.ts';

const filePart = 'file_content';

interface SignForm extends DocumentSignRequest {
  fileName: string;
}

/**
 * The multipart form of spec section 7: the PDF in `file_content` (within 5 MB) and the text
 * fields `pin_2fa_code` and `code_verifier`, checked with the shared schema.
 */
async function readSignForm(app: FastifyInstance, request: FastifyRequest): Promise<SignForm> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', messages.upload.fileMissing, 'uploadFail');
  let file: { name: string; content: Buffer } | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
      } else if (part.fieldname === filePart) {
        file = { name: part.filename, content: await part.toBuffer() };
      } else {
        throw new AppError('invalid_data', messages.upload.fileMissing, 'uploadFail');
      }
    }
  } catch (error) {
    throw multipartFailure(app, error, new AppError('payload_too_large', messages.oauth.pdfTooLarge, 'pdfTooLarge'));
  }
  if (!file) throw new AppError('invalid_data', messages.upload.fileMissing, 'uploadFail');
  const parsed = OAuthDocumentSignFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    const bad = parsed.error.issues.map((issue) => ({ field: ['body', ...issue.path].join('.'), message: issue.message }));
    throw new AppError('invalid_data', [...new Set(bad.map((field) => field.message))].join(' '), undefined, bad);
  }
  const { pin_2fa_code: pinCode, code_verifier: codeVerifier } = parsed.data;
  return { pdf: file.content, fileName: file.name, pinCode, codeVerifier };
}

/** 'informe.pdf' becomes 'informe-firmado.pdf'; a sandbox signature says so in the name too. */
function signedFileName(uploadedName: string, sandbox: boolean): string {
  const base = uploadedName.split(/[\\/]/).pop()!.replace(/\.pdf$/i, '').trim() || 'documento';
  return `${base}-firmado${sandbox ? '-sandbox' : ''}.pdf`;
}

/**
 * `POST /oauth2/documents/signs` (spec section 7): an external app sends a PDF with the
 * pin_2fa_code the doctor's PIN approved and gets it back signed by the doctor.
 */
export const documentSigningRoutes: FastifyPluginAsyncZod = async (app) => {
  const services: DocumentSigningServices = { db: app.db, authority: app.signing };
  // Scoped to this route: no other OAuth2 route accepts a multipart body.
  await app.register(multipart, {
    limits: { fileSize: limits.uploadMaxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  });

  app.post('/oauth2/documents/signs', {
    config: { access: { oauthScopes: ['documents-sign'] } },
    schema: {
      tags: ['oauth2'],
      summary: 'Firma un PDF con la firma del médico (PAdES, agregada sin modificar el original); devuelve el PDF firmado',
      description: 'Multipart con el token de acceso (alcance documents-sign): file_content (PDF de hasta 5 MB, sin '
        + 'contraseña), pin_2fa_code y code_verifier (PKCE del paso del PIN). Un código sirve una sola vez, para el token '
        + 'con el que se pidió y, si al pedirlo se envió document_sha256, solo para ese documento. Una aplicación sandbox '
        + 'firma con un certificado de pruebas SIN VALIDEZ. Errores: 400 (campos, "Invalid pin-2fa", archivo que no es un '
        + 'PDF o PDF protegido), 401, 403 (sin el alcance), 413 (más de 5 MB).',
      consumes: ['multipart/form-data'],
      produces: ['application/pdf'],
    },
  }, async (request, reply) => {
    const caller = currentOAuthCaller(request);
    const form = await readSignForm(app, request);
    const signed = await signDocumentForApp(services, caller, form, auditActorOf(request));
    return sendPdf(reply, signed, signedFileName(form.fileName, caller.sandbox));
  });
};
