import {
  FhirBundleSchema, messages, OAuthPrescribedSchema, OAuthPrescribeSchema, OAuthPrescriptionsQuerySchema,
  PrescriptionPageSchema, PrescriptionSchema,
} from '@receta/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActorOf } from '../../../platform/audit.ts';
import { currentOAuthCaller } from '../../../platform/auth/access-control.ts';
import { errorAnswers } from '../../../platform/http/error-answers.ts';
import { sendPdf } from '../../../platform/http/send-pdf.ts';
import { exportPrescription, fhirContentType } from '../../fhir/index.ts';
import { signedPdfName, type SigningServices } from '../../prescriptions/index.ts';
import {
  findPrescriptionPdfOfDoctor, listPrescriptionsOfDoctor, prescribeForApp, showPrescriptionOfDoctor,
} from './oauth-apis.service.ts';
import { oauthApiTags } from './oauth-api-tags.ts';

const PrescriptionParamsSchema = z.object({ id: z.uuid(messages.prescriptions.notFound) });

/** The doctor's own prescriptions and their signed PDFs, and the prescriber. */
export const prescriptionsApiRoutes: FastifyPluginAsyncZod = async (app) => {
  const services: SigningServices = {
    db: app.db, authority: app.signing, publicUrl: app.config.publicUrl, cuirCodes: app.config.cuir,
    deliverToPatient: app.deliverToPatient,
  };

  app.get('/prescriptions', {
    config: { access: { oauthScopes: ['prescriptions-search'] } },
    schema: {
      tags: oauthApiTags,
      summary: 'Busca las prescripciones del médico con los filtros del listado web (alcance prescriptions-search)',
      description: 'Solo las que escribió el médico, en todos sus espacios de trabajo o en el que elige workspace. '
        + 'q busca por número, DNI o apellido del paciente.',
      querystring: OAuthPrescriptionsQuerySchema,
      response: { 200: PrescriptionPageSchema, ...errorAnswers(400, 401, 403) },
    },
  }, (request) => listPrescriptionsOfDoctor(app.db, currentOAuthCaller(request).userId, request.query));

  app.get('/prescriptions/:id', {
    config: { access: { oauthScopes: ['prescriptions-search'] } },
    schema: {
      tags: oauthApiTags,
      summary: 'Muestra una prescripción del médico (alcance prescriptions-search)',
      params: PrescriptionParamsSchema,
      response: { 200: PrescriptionSchema, ...errorAnswers(400, 401, 403, 404) },
    },
  }, (request) => showPrescriptionOfDoctor(
    app.db, currentOAuthCaller(request).userId, request.params.id, auditActorOf(request),
  ));

  app.get('/prescriptions/:id/pdf', {
    config: { access: { oauthScopes: ['prescriptions-search'] } },
    schema: {
      tags: oauthApiTags,
      summary: 'Descarga el PDF firmado de una prescripción del médico (alcance prescriptions-search)',
      params: PrescriptionParamsSchema,
      produces: ['application/pdf'],
      response: errorAnswers(400, 401, 403, 404),
    },
  }, async (request, reply) => {
    const { number, pdf } = await findPrescriptionPdfOfDoctor(
      app.db, currentOAuthCaller(request).userId, request.params.id, auditActorOf(request),
    );
    return sendPdf(reply, pdf, signedPdfName(number));
  });

  app.get('/prescriptions/:id/fhir', {
    config: { access: { oauthScopes: ['prescriptions-search'] } },
    schema: {
      tags: oauthApiTags,
      summary: 'Una prescripción firmada del médico en FHIR R4, con sus dispensas (alcance prescriptions-search)',
      description: 'Un Bundle transaction de los perfiles RDI de HL7 Argentina (recetaDigitalRegistroRecetaAR): '
        + 'paciente, prescriptor, cobertura, un pedido por ítem con su CUIR y lo dispensado. Un borrador recibe 409.',
      params: PrescriptionParamsSchema,
      produces: [fhirContentType],
      response: { 200: FhirBundleSchema, ...errorAnswers(400, 401, 403, 404, 409) },
    },
  }, async (request, reply) => {
    const prescription = await showPrescriptionOfDoctor(
      app.db, currentOAuthCaller(request).userId, request.params.id, auditActorOf(request),
    );
    return reply.type(fhirContentType).send(await exportPrescription(app.db, prescription));
  });

  app.post('/prescriptions', {
    config: { access: { oauthScopes: ['prescriptions-create'] } },
    schema: {
      tags: oauthApiTags,
      summary: 'Emite y firma una prescripción para un paciente del médico, confirmada con su PIN (alcance prescriptions-create)',
      description: 'El cuerpo es el de POST /api/prescriptions más pin_2fa_code (del paso del PIN con action prescribe, '
        + 'pedido con este mismo token) y code_verifier (PKCE de ese paso). El código sirve una vez; si la prescripción '
        + 'no se puede emitir o firmar no se gasta y no queda ningún borrador. Se envía al paciente como las firmadas '
        + 'en la web. Una aplicación sandbox recibe 403: una prescripción es real y dispensable.',
      body: OAuthPrescribeSchema,
      response: { 201: OAuthPrescribedSchema, ...errorAnswers(400, 401, 403, 404, 409) },
    },
  }, async (request, reply) => reply.status(201).send({
    message: messages.prescriptions.signed,
    prescriptions: await prescribeForApp(services, currentOAuthCaller(request), request.body, auditActorOf(request)),
  }));
};
