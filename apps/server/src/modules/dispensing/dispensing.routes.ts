import {
  DispenseResultSchema, DispenseSchema, messages, PrescriptionLookupSchema, ScannedPrescriptionSchema,
  VerificationSchema,
} from '@receta/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { policies } from '../../platform/attempt-limiter.ts';
import { auditActorOf } from '../../platform/audit.ts';
import { currentUser } from '../../platform/auth/access-control.ts';
import { attachmentDisposition } from '../../platform/files/content-disposition.ts';
import { errorAnswers } from '../../platform/http/error-answers.ts';
import {
  dispensePrescription, scanPrescription, undoDispensation, verifyPrescription, type PharmacyActor,
} from './dispensing.service.ts';

const platformCaFileName = 'receta-digital-autoridad-certificante.cer';

/** `code`: the verification code under the QR code, or the CUIR of one of the prescription's items. */
const CodeParamsSchema = z.object({ code: PrescriptionLookupSchema });
const PrescriptionParamsSchema = z.object({ id: z.uuid(messages.prescriptions.notFound) });
const DispensationParamsSchema = PrescriptionParamsSchema.extend({ dispensationId: z.uuid(messages.common.notFound) });

function pharmacyActorOf(request: FastifyRequest): PharmacyActor {
  return { userId: currentUser(request).id, audit: auditActorOf(request) };
}

/**
 * The public verification of a prescription (its QR code or a CUIR), the platform CA's certificate
 * for PDF readers, and the pharmacy's scanner, dispense and undo. No workspace: pharmacies are
 * outside the doctors' workspaces.
 */
export const dispensingRoutes: FastifyPluginAsyncZod = async (app) => {
  const platformCa = app.signing.ca.certificate;

  app.get('/public/verifications/:code', {
    config: { access: 'public' },
    schema: {
      tags: ['verificación'],
      summary: 'Dice si una receta es auténtica e íntegra, su estado, sus fechas y los CUIR de sus ítems; por su código QR, también quién la firmó. Nunca datos del paciente ni medicamentos',
      params: CodeParamsSchema,
      response: { 200: VerificationSchema, ...errorAnswers(400, 404, 429) },
    },
  }, async (request) => {
    await app.attempts.reserve([[policies.publicLinksPerAddress, request.ip]]);
    return verifyPrescription(app.db, platformCa, request.params.code);
  });

  app.get('/public/certificate-authority', {
    config: { access: 'public' },
    schema: {
      tags: ['verificación'],
      summary: 'El certificado de la autoridad certificante de la plataforma (DER), para que un lector de PDF confíe en las firmas de las recetas',
      produces: ['application/pkix-cert'],
    },
  }, (_request, reply) => reply
    .type('application/pkix-cert')
    // .cer: the name Adobe Acrobat's import and Windows open as a certificate.
    .header('content-disposition', attachmentDisposition(platformCaFileName))
    .header('cache-control', 'public, max-age=86400')
    .send(Buffer.from(platformCa.rawData)));

  app.get('/scanner/:code', {
    config: { access: ['index.scan'] },
    schema: {
      tags: ['dispensa'],
      summary: 'La receta completa del código escaneado o del CUIR escrito, con su firma verificada y sus dispensas',
      params: CodeParamsSchema,
      response: { 200: ScannedPrescriptionSchema, ...errorAnswers(400, 401, 403, 404) },
    },
  }, (request) => scanPrescription(app.db, platformCa, request.params.code, currentUser(request).id));

  app.post('/prescriptions/:id/dispense', {
    config: { access: ['mark.prescription'] },
    schema: {
      tags: ['dispensa'],
      summary: 'Dispensa toda la receta (all) o cantidades de algunos medicamentos (items)',
      params: PrescriptionParamsSchema,
      body: DispenseSchema,
      response: { 200: DispenseResultSchema, ...errorAnswers(400, 401, 403, 404, 409) },
    },
  }, (request) => dispensePrescription(app.db, platformCa, request.params.id, request.body, pharmacyActorOf(request)));

  app.post('/prescriptions/:id/dispensations/:dispensationId/undo', {
    config: { access: ['mark.prescription'] },
    schema: {
      tags: ['dispensa'],
      summary: 'Anula una dispensa propia del mismo día',
      params: DispensationParamsSchema,
      response: { 200: DispenseResultSchema, ...errorAnswers(400, 401, 403, 404, 409) },
    },
  }, (request) => undoDispensation(
    app.db, platformCa, request.params.id, request.params.dispensationId, pharmacyActorOf(request),
  ));
};
