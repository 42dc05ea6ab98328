import { IntegrationListSchema, MessageAnswerSchema, messages, withoutControls } from '@receta/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActorOf } from '../../platform/audit.ts';
import { currentUser } from '../../platform/auth/access-control.ts';
import { errorAnswers } from '../../platform/http/error-answers.ts';
import { listIntegrations, revokeIntegration } from './integrations.service.ts';

const tags = ['aplicaciones OAuth2'];
const security = [{ bearer: [] }];
// Spec section 2: /myIntegrations needs owner.prescription.
const access = ['owner.prescription'] as const;
const IntegrationParamsSchema = z.object({
  clientId: withoutControls(z.string()
    .min(1, messages.oauth.integrationNotFound)
    .max(200, messages.oauth.integrationNotFound)),
});

/** The apps the signed-in doctor authorised, and withdrawing that consent (/myIntegrations). */
export const integrationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/integrations', {
    config: { access },
    schema: {
      tags,
      security,
      summary: 'Aplicaciones que el usuario autorizó y no revocó: alcances, fecha de autorización y último uso',
      response: { 200: IntegrationListSchema, ...errorAnswers(401, 403) },
    },
  }, (request) => listIntegrations(app.db, currentUser(request).id));

  app.delete('/integrations/:clientId', {
    config: { access },
    schema: {
      tags,
      security,
      summary: 'Revoca el acceso de una aplicación: su autorización y todos sus tokens terminan en el acto',
      params: IntegrationParamsSchema,
      response: { 200: MessageAnswerSchema, ...errorAnswers(401, 403, 404) },
    },
  }, async (request) => {
    await revokeIntegration(app.db, currentUser(request).id, request.params.clientId, auditActorOf(request));
    return { message: messages.oauth.integrationRevoked };
  });
};
