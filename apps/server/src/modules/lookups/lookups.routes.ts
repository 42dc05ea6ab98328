import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const lookupsRoutes: FastifyPluginAsyncZod = async () => {};
