import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runPeriodically } from '../../platform/periodic-passes.ts';
import { runDueJobs, type JobsReport } from './retention.ts';

declare module 'fastify' {
  interface FastifyInstance {
    scheduledJobs: { runDue: (now?: Date) => Promise<JobsReport> };
  }
}

/** Runs the due scheduled jobs (the retention of patients' data) in every server process. */
export const scheduledJobsWorker = fp(async (app: FastifyInstance) => {
  const runDue = runPeriodically(app, {
    name: 'scheduled jobs',
    intervalMs: 60_000,
    isWorthLogging: (report: JobsReport) => report.done + report.retried + report.failed > 0,
  }, (now) => runDueJobs(app.db, now));
  app.decorate('scheduledJobs', { runDue });
}, { name: 'scheduled-jobs' });
