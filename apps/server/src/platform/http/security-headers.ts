import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets with `options`, worked out once. Without nonces or functions among
 * the directives they are the same for every answer; helmet's Fastify plugin builds them anew
 * on every request, parsing the Content-Security-Policy each time (3 % of a patient read,
 * docs/decisions/052).
 */
export function securityHeadersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  // Helmet throws a configuration it cannot use itself: the server then does not start.
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

/** Sends helmet's security headers with every answer: the API's, the web app's, the errors. */
export const securityHeaders = fp(async (app: FastifyInstance, options: HelmetOptions) => {
  const headers = securityHeadersOf(options);
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
}, { name: 'security-headers' });
