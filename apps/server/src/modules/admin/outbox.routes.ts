import { OutboxPageSchema, OutboxQuerySchema } from '@receta/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/auth/access-control.ts';
import { listOutbox } from './outbox.service.ts';

/** The mail outbox page: every mail the platform wrote, so that a local install can follow its links. */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/outbox', {
    // The superadmin check is in the service: no permission of the catalogue stands for it.
    config: { access: 'authenticated' },
    schema: {
      tags: ['correo'],
      summary: 'Correos enviados y por enviar, el más reciente primero (solo superadministrador)',
      querystring: OutboxQuerySchema,
      response: { 200: OutboxPageSchema },
    },
  }, async (request) => listOutbox(app.db, currentUser(request), request.query));
};
