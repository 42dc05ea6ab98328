import { FhirBundleSchema, messages } from '@receta/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers } from '../../platform/http/error-answers.ts';
import { actorOf } from '../../platform/http/request-actors.ts';
import { showPrescription } from '../prescriptions/index.ts';
import { exportPrescription } from './fhir.service.ts';

export const fhirContentType = 'application/fhir+json';

const PrescriptionParamsSchema = z.object({ id: z.uuid(messages.prescriptions.notFound) });

/**
 * A prescription of the workspace in FHIR R4. Its own module, not the prescriptions' routes:
 * the dispenses it carries belong to dispensing, which already depends on prescriptions.
 */
export const fhirRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/prescriptions/:id/fhir', {
    // Whoever may read the prescription may read it in FHIR.
    config: { access: ['show.prescription', 'owner.prescription'], workspace: 'required' },
    schema: {
      tags: ['prescripciones'],
      summary: 'La prescripción firmada en FHIR R4 (Bundle de los perfiles RDI de HL7 Argentina), con sus dispensas',
      params: PrescriptionParamsSchema,
      produces: [fhirContentType],
      response: { 200: FhirBundleSchema, ...errorAnswers(401, 403, 404, 409) },
    },
  }, async (request, reply) => {
    const prescription = await showPrescription(app.db, request.params.id, actorOf(request));
    return reply.type(fhirContentType).send(await exportPrescription(app.db, prescription));
  });
};
