import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runPeriodically } from '../../platform/periodic-passes.ts';
import { deliverDuePointers, type PointerDeliveryReport } from './pointer-worker.ts';
import { createRepositoryTransport } from './repository-transport.ts';

declare module 'fastify' {
  interface FastifyInstance {
    repositoryDelivery: { deliverDue: (now?: Date) => Promise<PointerDeliveryReport> };
  }
}

/**
 * Delivers the national repository's pointers to `CENTRAL_REPOSITORY_URL` in every server
 * process, like the mail outbox. Unset, no loop runs and the pointers wait, pending and listed
 * for the superadmin, until an address is configured.
 */
export const repositoryDelivery = fp(async (app: FastifyInstance) => {
  const { centralRepositoryUrl } = app.config;
  const transport = centralRepositoryUrl ? createRepositoryTransport(centralRepositoryUrl) : null;
  const pass = (now: Date) => deliverDuePointers(app.db, transport, app.log, { now });
  const deliverDue = (now?: Date) => pass(now ?? new Date());
  if (!transport) {
    app.decorate('repositoryDelivery', { deliverDue });
    return;
  }
  app.decorate('repositoryDelivery', {
    deliverDue: runPeriodically(app, {
      name: 'repository pointer delivery',
      intervalMs: 2_000,
      isWorthLogging: (report: PointerDeliveryReport) => report.sent + report.retried + report.failed > 0,
    }, pass),
  });
}, { name: 'repository-delivery' });
