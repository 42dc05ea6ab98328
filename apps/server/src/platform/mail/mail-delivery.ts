import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { deleteExpiredFiles } from '../files/file-store.ts';
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

const tickIntervalMs = 2_000;

/**
 * Delivers the mail outbox: through SMTP when `SMTP_URL` is set, else by keeping each mail for
 * the outbox page. Every server process runs the loop; the worker's row locks share the work.
 * The same tick deletes uploads nobody attached in time, the other periodic chore there is.
 */
export const mailDelivery = fp(async (app: FastifyInstance) => {
  const { smtpUrl, publicUrl } = app.config;
  const transport = smtpUrl ? createSmtpTransport(smtpUrl, senderAddress(publicUrl)) : null;

  // Passes run one after another, whether the timer or a caller starts them.
  let lastPass: Promise<unknown> = Promise.resolve();
  const runPass = (now?: Date): Promise<DeliveryTickReport> => {
    const pass = lastPass.then(async () => {
      const at = now ?? new Date();
      const report = await deliverDueMail(app.db, transport, { now: at });
      return { ...report, filesDeleted: await deleteExpiredFiles(app.db, at) };
    });
    lastPass = pass.catch(() => undefined);
    return pass;
  };

  let timer: NodeJS.Timeout | undefined;
  let isClosing = false;
  const scheduleNextPass = () => {
    timer = setTimeout(() => void runOnTimer(), tickIntervalMs);
    // The loop alone must not keep the process alive.
    timer.unref();
  };
  const runOnTimer = async () => {
    try {
      const report = await runPass();
      if (report.sent + report.retried + report.failed + report.kept + report.filesDeleted > 0) {
        app.log.debug({ report }, 'mail delivery pass');
      }
    } catch (error) {
      app.log.error({ err: error }, 'mail delivery pass failed');
    }
    if (!isClosing) scheduleNextPass();
  };

  app.decorate('mailDelivery', { deliverDue: runPass });
  app.addHook('onReady', async () => {
    scheduleNextPass();
  });
  // Before the database closes: stop the loop and let a pass under way finish.
  app.addHook('preClose', async () => {
    isClosing = true;
    clearTimeout(timer);
    await lastPass;
    transport?.close();
  });
}, { name: 'mail-delivery' });
