import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { MaintenanceReport } from '../db/pglite-maintenance.ts';
import { runPeriodically } from './periodic-passes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** On PGlite only: PostgreSQL's autovacuum keeps its own tables. */
    databaseMaintenance?: { runNow: () => Promise<MaintenanceReport> };
  }
}

/** Vacuums and analyzes the embedded database's tables that need it, every ten minutes (docs/decisions/056). */
export const databaseMaintenance = fp(async (
  app: FastifyInstance,
  { vacuumAndAnalyze }: { vacuumAndAnalyze: () => Promise<MaintenanceReport> },
) => {
  const runNow = runPeriodically(app, {
    name: 'database maintenance',
    intervalMs: 10 * 60_000,
    isWorthLogging: (report: MaintenanceReport) => report.vacuumed.length + report.analyzed.length > 0,
  }, vacuumAndAnalyze);
  app.decorate('databaseMaintenance', { runNow });
}, { name: 'database-maintenance' });
