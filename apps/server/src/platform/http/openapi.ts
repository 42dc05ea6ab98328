import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document, generated from the routes' zod schemas, at /api/docs/json with its UI at /api/docs. */
export const openApi = fp(async (app: FastifyInstance, options: { version: string; publicUrl: string }) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Receta Digital API',
        description: 'API de la plataforma de receta electrónica: cuentas, recetas, firma, dispensa y proveedor OAuth2.',
        version: options.version,
      },
      servers: [{ url: options.publicUrl }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}, { name: 'openapi' });
