export { oauthApiRoutes } from './api/oauth-apis.routes.ts';
export { ensureDemoClient } from './demo-client.ts';
export { documentSigningRoutes } from './document-signing.routes.ts';
export { integrationsRoutes } from './integrations.routes.ts';
export { oauthClientsRoutes } from './oauth-clients.routes.ts';
export { oauth2Routes } from './oauth2.routes.ts';
