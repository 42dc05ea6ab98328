import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const moderationRoutes: FastifyPluginAsyncZod = async () => {};
