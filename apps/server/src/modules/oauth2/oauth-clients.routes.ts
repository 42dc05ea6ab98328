import {
  DeleteManyResultSchema, DeleteManySchema, messages, OAuthClientCreatedSchema, OAuthClientInputSchema,
  OAuthClientPageSchema, OAuthClientSchema, OAuthClientsQuerySchema,
} from '@receta/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActorOf } from '../../platform/audit.ts';
import { errorAnswers } from '../../platform/http/error-answers.ts';
import {
  createClient, editClient, listClients, removeClients, rotateClientSecret, showClient,
} from './oauth-clients.service.ts';

const tags = ['aplicaciones OAuth2'];
const security = [{ bearer: [] }];
const access = { roleGroup: 'superAdmin' } as const;
const ClientParamsSchema = z.object({ id: z.uuid(messages.oauth.clientNotFound) });

/** The registry of external apps (ARCHITECTURE.md: the oauth-clients resource), for the superadmin only. */
export const oauthClientsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/oauth-clients', {
    config: { access },
    schema: {
      tags,
      security,
      summary: 'Lista las aplicaciones registradas; q busca en el nombre y el client_id',
      description: 'Nunca muestra secretos: hasSecret dice si una aplicación confidencial ya tiene uno.',
      querystring: OAuthClientsQuerySchema,
      response: { 200: OAuthClientPageSchema, ...errorAnswers(400, 401, 403) },
    },
  }, (request) => listClients(app.db, request.query));

  app.get('/oauth-clients/:id', {
    config: { access },
    schema: {
      tags,
      security,
      summary: 'Muestra una aplicación registrada, sin su secreto',
      params: ClientParamsSchema,
      response: { 200: OAuthClientSchema, ...errorAnswers(400, 401, 403, 404) },
    },
  }, (request) => showClient(app.db, request.params.id));

  app.post('/oauth-clients', {
    config: { access },
    schema: {
      tags,
      security,
      summary: 'Registra una aplicación; si es confidencial, responde su secreto esta única vez',
      description: 'client_id es un identificador público aleatorio; el secreto (256 bits aleatorios, base64url) se '
        + 'guarda solo como SHA-256. Las URI de redirección son https, o http solo en localhost, y se comparan exactas.',
      body: OAuthClientInputSchema,
      response: { 201: OAuthClientCreatedSchema, ...errorAnswers(400, 401, 403) },
    },
  }, async (request, reply) => reply.status(201).send(await createClient(app.db, auditActorOf(request), request.body)));

  app.put('/oauth-clients/:id', {
    config: { access },
    schema: {
      tags,
      security,
      summary: 'Reemplaza los datos de una aplicación; el tipo (confidencial o pública) no cambia',
      params: ClientParamsSchema,
      body: OAuthClientInputSchema,
      response: { 200: OAuthClientSchema, ...errorAnswers(400, 401, 403, 404) },
    },
  }, (request) => editClient(app.db, auditActorOf(request), request.params.id, request.body));

  app.delete('/oauth-clients', {
    config: { access },
    schema: {
      tags,
      security,
      summary: 'Elimina aplicaciones, con las autorizaciones y los tokens de sus usuarios',
      body: DeleteManySchema,
      response: { 200: DeleteManyResultSchema, ...errorAnswers(400, 401, 403, 404) },
    },
  }, (request) => removeClients(app.db, auditActorOf(request), request.body.ids));

  app.post('/oauth-clients/:id/secret', {
    config: { access },
    schema: {
      tags,
      security,
      summary: 'Genera un nuevo secreto para una aplicación confidencial y lo responde esta única vez',
      description: 'El secreto anterior deja de funcionar en el acto. Así obtiene su secreto la aplicación de demostración '
        + '(client_id demo-sandbox) cuando OAUTH_DEMO_CLIENT_SECRET no está configurada.',
      params: ClientParamsSchema,
      response: { 200: OAuthClientCreatedSchema, ...errorAnswers(400, 401, 403, 404) },
    },
  }, (request) => rotateClientSecret(app.db, auditActorOf(request), request.params.id));
};
