import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/http/app-error.ts';

const StatusSchema = z.object({ status: z.literal('ok') });

/** Probes for a process manager or load balancer: liveness and readiness. */
export const healthRoutes: FastifyPluginAsyncZod<{ ping: () => Promise<void> }> = async (app, options) => {
  app.get('/healthz', {
    schema: { tags: ['salud'], summary: 'El proceso está vivo', response: { 200: StatusSchema } },
  }, () => ({ status: 'ok' as const }));

  app.get('/readyz', {
    schema: { tags: ['salud'], summary: 'La base de datos responde', response: { 200: StatusSchema } },
  }, async (request) => {
    try {
      await options.ping();
    } catch (error) {
      request.log.error({ err: error }, 'database unreachable');
      throw new AppError('unavailable', 'La base de datos no responde.');
    }
    return { status: 'ok' as const };
  });
};
