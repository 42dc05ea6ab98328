import { RepositoryPointerPageSchema, RepositoryPointerQuerySchema } from '@receta/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listRepositoryPointers } from './repository-pointers.service.ts';

/** The national repository's pointers, so that the superadmin can follow their delivery. */
export const repositoryPointersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/repository-pointers', {
    // Like the outboxes: the platform's deliveries are the superadmin's to follow.
    config: { access: { roleGroup: 'superAdmin' } },
    schema: {
      tags: ['repositorio nacional'],
      summary: 'Punteros al repositorio nacional pendientes, enviados y fallidos, el más reciente primero (solo superadministrador)',
      querystring: RepositoryPointerQuerySchema,
      response: { 200: RepositoryPointerPageSchema },
    },
  }, async (request) => listRepositoryPointers(app.db, request.query));
};
