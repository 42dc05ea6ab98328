import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountsApiRoutes } from './accounts-api.routes.ts';
import { clinicalSearchApiRoutes } from './clinical-search-api.routes.ts';
import { dispensingApiRoutes } from './dispensing-api.routes.ts';
import { documentsApiRoutes } from './documents-api.routes.ts';
import { patientsApiRoutes } from './patients-api.routes.ts';
import { prescriptionsApiRoutes } from './prescriptions-api.routes.ts';

/**
 * The data APIs behind the OAuth2 scopes (docs/decisions/019), under `/oauth2/api`: each route
 * takes an access token holding its scope and shows only the token's doctor's data.
 */
export const oauthApiRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(accountsApiRoutes);
  await app.register(clinicalSearchApiRoutes);
  await app.register(patientsApiRoutes);
  await app.register(prescriptionsApiRoutes);
  await app.register(documentsApiRoutes);
  // A pharmacy system's own token, not a doctor's: docs/decisions/043.
  await app.register(dispensingApiRoutes);
};
