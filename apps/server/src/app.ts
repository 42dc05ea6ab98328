import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { unregisteredCuirCode, type Config } from './config.ts';
import type { Database, DatabaseHandle } from './db/client.ts';
import { administratorsRoutes, invitationRoutes } from './modules/administrators/index.ts';
import { medicalsRoutes } from './modules/medicals/index.ts';
import { moderationRoutes } from './modules/moderation/index.ts';
import { rolesRoutes } from './modules/roles/index.ts';
import { workspacesRoutes } from './modules/workspaces/index.ts';
import { antigensRoutes } from './modules/antigens/index.ts';
import { dashboardRoutes } from './modules/dashboard/index.ts';
import { authRoutes } from './modules/auth/index.ts';
import { dispensingRoutes } from './modules/dispensing/index.ts';
import { eventLogRoutes } from './modules/event-log/index.ts';
import { favouritesRoutes } from './modules/favourites/index.ts';
import { fhirRoutes } from './modules/fhir/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { clinicalSearchRoutes, lookupsRoutes } from './modules/lookups/index.ts';
import {
  documentSigningRoutes, integrationsRoutes, oauth2Routes, oauthApiRoutes, oauthClientsRoutes,
} from './modules/oauth2/index.ts';
import {
  type CancellationNotice, findPrescriber, type PatientDelivery, prescriptionsRoutes, signingRoutes,
} from './modules/prescriptions/index.ts';
import { profileRoutes } from './modules/profile/index.ts';
import { patientsRoutes } from './modules/patients/index.ts';
import {
  deliverToPatient, notifyPatientOfCancellation, patientAccessRoutes, scheduledJobsWorker,
} from './modules/patient-access/index.ts';
import { quickPanelRoutes } from './modules/quick-panel/index.ts';
import { registrationRoutes } from './modules/registration/index.ts';
import { repositoryDelivery, repositoryPointersRoutes } from './modules/repository/index.ts';
import { attemptLimiting } from './platform/attempt-limiter.ts';
import { databaseMaintenance } from './platform/database-maintenance.ts';
import { TokenSigner } from './platform/auth/access-tokens.ts';
import { accessControl } from './platform/auth/access-control.ts';
import { PharmacySystemTokenSigner } from './platform/auth/pharmacy-system-tokens.ts';
import { workspaceScope } from './platform/auth/workspace-scope.ts';
import { errorHandler } from './platform/http/error-handler.ts';
import { serializerCompiler } from './platform/http/frozen-answers.ts';
import { jsonBodies } from './platform/http/json-body.ts';
import { loggingOptions, type LogStream } from './platform/http/logging.ts';
import { openApi } from './platform/http/openapi.ts';
import { securityHeaders } from './platform/http/security-headers.ts';
import { mailDelivery } from './platform/mail/mail-delivery.ts';
import { outboxRoutes } from './platform/mail/outbox.routes.ts';
import { smsDelivery } from './platform/sms/sms-delivery.ts';
import { webApp } from './platform/http/web-app.ts';
import { accessLog, installEventLogKeys, sealLegacyEvents } from './platform/event-log/index.ts';
import { loadMasterKeyring, SigningAuthority } from './platform/pki/index.ts';
import { ensurePlatformSecret } from './platform/secrets.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    tokens: TokenSigner;
    pharmacySystemTokens: PharmacySystemTokenSigner;
    signing: SigningAuthority;
    deliverToPatient: PatientDelivery;
    notifyCancellation: CancellationNotice;
  }
}

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  /** The built web app; tests point it elsewhere. */
  webRoot?: string;
  /** Where log lines go instead of standard output; tests read them. */
  logStream?: LogStream;
}

const builtWebApp = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * Builds the whole server: cross-cutting plugins first (security headers, errors, OpenAPI),
 * then the feature modules, then the web app. Closing the app closes the database.
 */
export async function buildApp(
  { config, database, webRoot = builtWebApp, logStream }: AppOptions,
): Promise<FastifyInstance> {
  const app = Fastify({
    ...loggingOptions(config.logLevel, logStream), bodyLimit: 1024 * 1024, trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  if (config.cuir.platformCode === unregisteredCuirCode || config.cuir.repositoryCode === unregisteredCuirCode) {
    // A CUIR with these codes identifies no registered platform: fine for tests and demos only.
    app.log.warn(config.cuir, 'CUIR_PLATFORM_CODE or CUIR_REPOSITORY_CODE is still the unregistered 0000');
  }
  app.decorate('db', database.db);
  app.decorate('tokens', new TokenSigner(await ensurePlatformSecret(database.db, 'access-token-key')));
  app.decorate('pharmacySystemTokens', new PharmacySystemTokenSigner(database.db));
  app.decorate('signing', await SigningAuthority.load(config, findPrescriber));
  const eventLogKeyring = await loadMasterKeyring(config.eventLog, config.dataDir, 'event-log.key');
  installEventLogKeys(eventLogKeyring);
  await sealLegacyEvents(database.db, eventLogKeyring);
  app.decorate('deliverToPatient', deliverToPatient);
  app.decorate('notifyCancellation', notifyPatientOfCancellation);
  app.addHook('onClose', () => database.close());
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(securityHeaders, {
    contentSecurityPolicy: {
      // Clinics may serve the product over plain HTTP inside their network; forcing HTTPS
      // there would break every asset.
      // The scanner's QR decoder (qr-scanner) runs in a worker it builds from a blob: address
      // where the browser has no native BarcodeDetector.
      // The logos of external OAuth2 apps are registered as https addresses of their own.
      directives: { upgradeInsecureRequests: null, workerSrc: ["'self'", 'blob:'], imgSrc: ["'self'", 'data:', 'https:'] },
    },
  });
  await app.register(errorHandler);
  await app.register(attemptLimiting, { ownedByThisProcess: database.ownedByThisProcess });
  await app.register(jsonBodies);
  await app.register(openApi, { version: config.versions.backend, publicUrl: config.publicUrl });
  await app.register(accessControl, {
    signer: app.tokens, policy: config, pharmacySystemSigner: app.pharmacySystemTokens,
    remembering: database,
  });
  await app.register(workspaceScope);
  await app.register(accessLog);
  await app.register(mailDelivery, { watchChanges: database.watchChanges });
  await app.register(smsDelivery, { watchChanges: database.watchChanges });
  await app.register(repositoryDelivery);
  await app.register(scheduledJobsWorker);
  // PostgreSQL's autovacuum keeps its own tables; PGlite runs none.
  if (database.vacuumAndAnalyze) {
    await app.register(databaseMaintenance, { vacuumAndAnalyze: database.vacuumAndAnalyze });
  }

  await app.register(healthRoutes, { ping: database.ping });
  await app.register(lookupsRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api' });
  await app.register(profileRoutes, { prefix: '/api' });
  await app.register(registrationRoutes, { prefix: '/api' });
  await app.register(outboxRoutes, { prefix: '/api' });
  await app.register(repositoryPointersRoutes, { prefix: '/api' });
  await app.register(eventLogRoutes, { prefix: '/api' });
  await app.register(rolesRoutes, { prefix: '/api' });
  await app.register(administratorsRoutes, { prefix: '/api' });
  await app.register(invitationRoutes, { prefix: '/api' });
  await app.register(moderationRoutes, { prefix: '/api' });
  await app.register(workspacesRoutes, { prefix: '/api' });
  await app.register(medicalsRoutes, { prefix: '/api' });
  await app.register(antigensRoutes, { prefix: '/api' });
  await app.register(prescriptionsRoutes, { prefix: '/api' });
  await app.register(favouritesRoutes, { prefix: '/api' });
  await app.register(dashboardRoutes, { prefix: '/api' });
  await app.register(signingRoutes, { prefix: '/api' });
  await app.register(clinicalSearchRoutes, { prefix: '/api' });
  await app.register(patientsRoutes, { prefix: '/api', watchChanges: database.watchChanges, mayRemember: database.mayRemember });
  await app.register(dispensingRoutes, { prefix: '/api' });
  await app.register(fhirRoutes, { prefix: '/api' });
  await app.register(patientAccessRoutes, { prefix: '/api' });
  await app.register(quickPanelRoutes, { prefix: '/api' });
  await app.register(oauthClientsRoutes, { prefix: '/api' });
  await app.register(integrationsRoutes, { prefix: '/api' });
  await app.register(oauth2Routes);
  await app.register(documentSigningRoutes);
  await app.register(oauthApiRoutes, { prefix: '/oauth2/api' });

  await app.register(webApp, { root: webRoot });
  return app;
}
