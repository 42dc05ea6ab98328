import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { oauthScopeDescriptions, pharmacySystemScopes } from '@receta/domain';
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
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // External apps: an opaque access token of the provider's authorization code flow.
          oauth2: {
            type: 'oauth2',
            flows: {
              authorizationCode: {
                authorizationUrl: `${options.publicUrl}/oauth2/sign-in`,
                tokenUrl: `${options.publicUrl}/oauth2/accounts/token`,
                refreshUrl: `${options.publicUrl}/oauth2/accounts/token`,
                scopes: oauthScopeDescriptions,
              },
            },
          },
          // Pharmacy systems: a JWT of the client-credentials grant, for themselves (docs/decisions/043).
          pharmacySystem: {
            type: 'oauth2',
            flows: {
              clientCredentials: {
                tokenUrl: `${options.publicUrl}/oauth2/accounts/token`,
                scopes: Object.fromEntries(pharmacySystemScopes.map((scope) => [scope, oauthScopeDescriptions[scope]])),
              },
            },
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}, { name: 'openapi' });
