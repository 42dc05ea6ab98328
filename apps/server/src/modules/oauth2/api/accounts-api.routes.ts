import { OAuthProfileSchema, OAuthWorkspaceListSchema } from '@receta/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentOAuthCaller } from '../../../platform/auth/access-control.ts';
import { errorAnswers } from '../../../platform/http/error-answers.ts';
import { listWorkspaces, showProfile } from './oauth-apis.service.ts';
import { oauthApiTags } from './oauth-api-tags.ts';

/** Who the doctor is, and the workspaces the patient and prescription APIs cover. */
export const accountsApiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/accounts/profile', {
    config: { access: { oauthScopes: ['accounts-profiles'] } },
    schema: {
      tags: oauthApiTags,
      summary: 'Datos básicos del médico: nombre, email, matrículas y estado de la cuenta',
      description: 'Alcance accounts-profiles. canSign dice si el médico tiene PIN de firma y no lo bloqueó con intentos '
        + 'fallidos: sin él, la aplicación no obtendrá un pin_2fa_code.',
      response: { 200: OAuthProfileSchema, ...errorAnswers(401, 403) },
    },
  }, (request) => showProfile(app.db, currentOAuthCaller(request).userId));

  app.get('/workspaces', {
    config: { access: { oauthScopes: ['patients-search', 'patients-update', 'prescriptions-search', 'prescriptions-create'] } },
    schema: {
      tags: oauthApiTags,
      summary: 'Consultorio y clínicas del médico, el consultorio personal primero',
      description: 'Con cualquiera de los alcances de pacientes o prescripciones. Las búsquedas abarcan todos; su '
        + 'parámetro workspace elige uno.',
      response: { 200: OAuthWorkspaceListSchema, ...errorAnswers(401, 403) },
    },
  }, async (request) => ({ payload: await listWorkspaces(app.db, currentOAuthCaller(request).userId) }));
};
