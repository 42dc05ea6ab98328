import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './app-error.ts';

/** Paths the API answers; everything else that is a GET belongs to the web app's router. */
const apiPrefixes = ['/api/', '/oauth2/accounts/', '/oauth2/documents/', '/healthz', '/readyz'];

function isWebRoute(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?', 1)[0] ?? '';
  return !apiPrefixes.some((prefix) => path === prefix.replace(/\/$/, '') || path.startsWith(prefix));
}

/**
 * Serves the built web app from `root` on the API's port, falling back to index.html for the
 * client-side routes; an unknown API path answers the JSON 404. Without a build (tests, or a
 * server started before `npm run build`) only the API is served.
 */
export const webApp = fp(async (app: FastifyInstance, options: { root: string }) => {
  const hasBuild = existsSync(join(options.root, 'index.html'));
  if (hasBuild) {
    // Hashed assets never change under the same name; index.html must be fetched anew after a release.
    // The build writes a brotli and a gzip copy of each text file (apps/web/vite.config.ts), and
    // the browser gets the one it accepts, so nothing is compressed per request.
    await app.register(fastifyStatic, {
      root: options.root,
      wildcard: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => {
        const isHashedAsset = path.startsWith(join(options.root, 'assets'));
        reply.header('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (hasBuild && isWebRoute(request)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    throw AppError.notFound();
  });
}, { name: 'web-app' });
