import { MessageAnswerSchema, messages, PatientLinkHandoverSchema, PatientLinkSchema } from '@receta/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { policies } from '../../platform/attempt-limiter.ts';
import { auditActorOf } from '../../platform/audit.ts';
import { currentUser } from '../../platform/auth/access-control.ts';
import { currentWorkspaceId } from '../../platform/auth/workspace-scope.ts';
import { errorAnswers } from '../../platform/http/error-answers.ts';
import { sendPdf } from '../../platform/http/send-pdf.ts';
import { signedPdfName } from '../prescriptions/index.ts';
import {
  acceptTerms, handOverPatientLink, openSignedPdf, readPatientLink, resendToPatient,
} from './patient-access.service.ts';

const TokenParamsSchema = z.object({ token: z.string().max(200, messages.patientLinks.invalid) });

/**
 * The patient's link, open to anyone holding it. Tokens are 256 random bits, so the limit per
 * address is about load, not guessing: a family opening a few prescriptions stays far below it.
 */
const publicPatientLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => app.attempts.reserve([[policies.publicLinksPerAddress, request.ip]]));
  const tags = ['enlace del paciente'];

  app.get('/public/patient-links/:token', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Lo que muestra el enlace del paciente: la receta, su estado y si aceptó los términos',
      params: TokenParamsSchema,
      response: { 200: PatientLinkSchema, ...errorAnswers(404, 429) },
    },
  }, (request) => readPatientLink(app.db, request.params.token, new Date()));

  app.post('/public/patient-links/:token/accept', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'El paciente acepta los términos y condiciones y la política de privacidad (una vez)',
      params: TokenParamsSchema,
      response: { 200: PatientLinkSchema, ...errorAnswers(404, 429) },
    },
  }, (request) => acceptTerms(app.db, request.params.token, new Date(), auditActorOf(request)));

  app.get('/public/patient-links/:token/pdf', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'El PDF firmado de la receta, después de aceptar los términos; cada apertura queda registrada',
      params: TokenParamsSchema,
    },
  }, async (request, reply) => {
    const { number, pdf } = await openSignedPdf(app.db, request.params.token, new Date(), auditActorOf(request));
    return sendPdf(reply, pdf, signedPdfName(number), 'inline');
  });
};

/** Sending a signed prescription to its patient, and the patient's link. */
export const patientAccessRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/prescriptions/:id/send', {
    config: { access: { roleGroup: 'sharePrescription' }, workspace: 'required' },
    schema: {
      tags: ['prescripciones'],
      summary: 'Envía otra vez una prescripción firmada propia al paciente, por email y SMS, con un enlace nuevo',
      params: z.object({ id: z.uuid(messages.prescriptions.notFound) }),
      response: { 200: MessageAnswerSchema, ...errorAnswers(400, 401, 403, 404, 409) },
    },
  }, async (request) => {
    await resendToPatient(app.db, request.params.id, {
      userId: currentUser(request).id, workspaceId: currentWorkspaceId(request), audit: auditActorOf(request),
    }, { publicUrl: app.config.publicUrl, now: new Date() });
    return { message: messages.signing.sent };
  });

  app.post('/prescriptions/:id/patient-link', {
    // Only the prescription's own doctor gets a patient's link: the service answers 404 to
    // anyone else, a colleague or a clinic administrator of the same workspace included.
    config: { access: { roleGroup: 'sharePrescription' }, workspace: 'required' },
    schema: {
      tags: ['prescripciones'],
      summary: 'Un enlace nuevo a una prescripción firmada propia, para que el médico se lo entregue al paciente',
      params: z.object({ id: z.uuid(messages.prescriptions.notFound) }),
      response: { 200: PatientLinkHandoverSchema, ...errorAnswers(400, 401, 403, 404, 409) },
    },
  }, async (request) => handOverPatientLink(app.db, request.params.id, {
    userId: currentUser(request).id, workspaceId: currentWorkspaceId(request), audit: auditActorOf(request),
  }, { publicUrl: app.config.publicUrl, now: new Date() }));

  await app.register(publicPatientLinkRoutes);
};
