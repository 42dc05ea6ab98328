import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ChangeWatching } from '../../db/client.ts';
import { deleteExpiredFiles } from '../files/file-store.ts';
import { runPeriodically } from '../periodic-passes.ts';
import { createSmtpTransport, senderAddress } from './mail-transport.ts';
import { deliverDueMail, type MailDeliveryReport } from './mail-worker.ts';

export interface DeliveryTickReport extends MailDeliveryReport {
  filesDeleted: number;
}

export interface MailDelivery {
  /** Runs one pass now, after any pass already under way; `now` lets tests step past a back-off. */
  deliverDue(now?: Date): Promise<DeliveryTickReport>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailDelivery: MailDelivery;
  }
}

/**
 * Delivers the mail outbox: through SMTP when `SMTP_URL` is set, else by keeping each mail for
 * the outbox page. Every server process runs the loop; the worker's row locks share the work.
 * A pass also runs as soon as a change that queued a mail commits, which the database announces.
 * The same tick deletes uploads nobody attached in time, the other periodic chore there is.
 */
export const mailDelivery = fp(async (app: FastifyInstance, { watchChanges }: ChangeWatching) => {
  const { smtpUrl, publicUrl } = app.config;
  const transport = smtpUrl ? createSmtpTransport(smtpUrl, senderAddress(publicUrl)) : null;
  const deliverDue = runPeriodically(app, {
    name: 'mail delivery',
    intervalMs: 2_000,
    isWorthLogging: (report: DeliveryTickReport) =>
      report.sent + report.retried + report.failed + report.kept + report.filesDeleted > 0,
    wakeOn: { watchChanges, change: 'mail_queued' },
  }, async (now) => {
    const report = await deliverDueMail(app.db, transport, { now });
    return { ...report, filesDeleted: await deleteExpiredFiles(app.db, now) };
  });
  app.decorate('mailDelivery', { deliverDue });
  // Runs after the loop's own hook, which lets a pass under way finish with the transport.
  app.addHook('preClose', async () => {
    transport?.close();
  });
}, { name: 'mail-delivery' });
