import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ChangeWatching } from '../../db/client.ts';
import { runPeriodically } from '../periodic-passes.ts';
import { createWebhookTransport } from './sms-transport.ts';
import { deliverDueSms, type SmsDeliveryReport } from './sms-worker.ts';

declare module 'fastify' {
  interface FastifyInstance {
    smsDelivery: { deliverDue: (now?: Date) => Promise<SmsDeliveryReport> };
  }
}

/**
 * Delivers the SMS outbox: to `SMS_WEBHOOK_URL` when set, else by keeping each message for the
 * superadmin's SMS outbox page, like mail without SMTP; at once where the database announces a
 * message queued, as mail.
 */
export const smsDelivery = fp(async (app: FastifyInstance, { watchChanges }: ChangeWatching) => {
  const { smsWebhookUrl } = app.config;
  const transport = smsWebhookUrl ? createWebhookTransport(smsWebhookUrl) : null;
  const deliverDue = runPeriodically(app, {
    name: 'sms delivery',
    intervalMs: 2_000,
    isWorthLogging: (report: SmsDeliveryReport) => report.sent + report.retried + report.failed + report.kept > 0,
    wakeOn: { watchChanges, change: 'sms_queued' },
  }, (now) => deliverDueSms(app.db, transport, { now }));
  app.decorate('smsDelivery', { deliverDue });
}, { name: 'sms-delivery' });
