import {
  messages, OAuthPatientPageSchema, OAuthPatientSchema, OAuthPatientsQuerySchema, PatientInputSchema,
} from '@receta/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActorOf } from '../../../platform/audit.ts';
import { currentOAuthCaller } from '../../../platform/auth/access-control.ts';
import { errorAnswers } from '../../../platform/http/error-answers.ts';
import { editPatientOfDoctor, listPatientsOfDoctor, showPatientOfDoctor } from './oauth-apis.service.ts';
import { oauthApiTags } from './oauth-api-tags.ts';

const PatientParamsSchema = z.object({ id: z.uuid(messages.patients.notFound) });

/** The patients of the doctor's workspaces, as the doctor sees them in the web app. */
export const patientsApiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/patients', {
    config: { access: { oauthScopes: ['patients-search'] } },
    schema: {
      tags: oauthApiTags,
      summary: 'Busca pacientes del médico por apellido, nombre o DNI (alcance patients-search)',
      description: 'Abarca todos los espacios de trabajo del médico; workspace elige uno de ellos (otro responde 403). '
        + 'Cada paciente dice a qué espacio pertenece: una misma persona puede ser paciente de dos clínicas.',
      querystring: OAuthPatientsQuerySchema,
      response: { 200: OAuthPatientPageSchema, ...errorAnswers(400, 401, 403) },
    },
  }, (request) => listPatientsOfDoctor(app.db, currentOAuthCaller(request).userId, request.query));

  app.get('/patients/:id', {
    config: { access: { oauthScopes: ['patients-search', 'patients-update'] } },
    schema: {
      tags: oauthApiTags,
      summary: 'Muestra un paciente del médico (alcance patients-search o patients-update)',
      params: PatientParamsSchema,
      response: { 200: OAuthPatientSchema, ...errorAnswers(400, 401, 403, 404) },
    },
  }, (request) => showPatientOfDoctor(app.db, currentOAuthCaller(request).userId, request.params.id));

  app.put('/patients/:id', {
    config: { access: { oauthScopes: ['patients-update'] } },
    schema: {
      tags: oauthApiTags,
      summary: 'Actualiza los datos de un paciente del médico (alcance patients-update)',
      description: 'Los mismos datos y reglas que el formulario del paciente; el cambio queda en la auditoría con la '
        + 'aplicación que lo hizo. Las prescripciones ya emitidas conservan los datos con que se emitieron.',
      params: PatientParamsSchema,
      body: PatientInputSchema,
      response: { 200: OAuthPatientSchema, ...errorAnswers(400, 401, 403, 404, 409) },
    },
  }, (request) => editPatientOfDoctor(
    app.db, currentOAuthCaller(request).userId, request.params.id, request.body, auditActorOf(request),
  ));
};
