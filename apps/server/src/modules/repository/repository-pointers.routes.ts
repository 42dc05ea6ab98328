import {
  MessageAnswerSchema, messages, RepositoryPointerPageSchema, RepositoryPointerQuerySchema,
} from '@receta/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActorOf } from '../../platform/audit.ts';
import { errorAnswers } from '../../platform/http/error-answers.ts';
import { listRepositoryPointers, retryRepositoryPointer } from './repository-pointers.service.ts';

const tags = ['repositorio nacional'];
// Like the outboxes: the platform's deliveries are the superadmin's to follow.
const access = { roleGroup: 'superAdmin' } as const;
// A malformed id is as unknown as a missing one.
const PointerParamsSchema = z.object({ id: z.uuid(messages.repositoryPointers.notFound) });

/** The national repository's pointers, so that the superadmin can follow their delivery. */
export const repositoryPointersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/repository-pointers', {
    config: { access },
    schema: {
      tags,
      summary: 'Punteros al repositorio nacional pendientes, enviados y fallidos, el más reciente primero (solo superadministrador)',
      querystring: RepositoryPointerQuerySchema,
      response: { 200: RepositoryPointerPageSchema },
    },
  }, async (request) => listRepositoryPointers(app.db, request.query));

  app.post('/repository-pointers/:id/retry', {
    config: { access },
    schema: {
      tags,
      summary: 'Vuelve a enviar un puntero fallido: queda pendiente, sin intentos, y recorre de nuevo las esperas (solo superadministrador)',
      description: 'Solo un puntero fallido: otro estado responde 409. Queda en el registro de eventos con los intentos y el '
        + 'último error que tenía.',
      params: PointerParamsSchema,
      response: { 200: MessageAnswerSchema, ...errorAnswers(400, 401, 403, 404, 409) },
    },
  }, async (request) => ({ message: await retryRepositoryPointer(app.db, auditActorOf(request), request.params.id) }));
};
