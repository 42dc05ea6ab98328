import { OutboxPageSchema, OutboxQuerySchema, SmsOutboxPageSchema } from '@receta/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listOutbox, listSmsOutbox } from './outbox-pages.service.ts';

/**
 * The outbox pages: every mail and SMS the platform wrote, so that the superadmin can follow
 * their delivery and, on a local install without a transport, the accounts' links.
 */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/outbox', {
    // Without SMTP the mails show working links (confirmation, recovery), so no catalogue
    // permission that a clinic role could be given opens the outbox: only the superadmin role does.
    // A patient's mail is never shown, whoever asks: only the prescription's doctor hands its link over.
    config: { access: { roleGroup: 'superAdmin' } },
    schema: {
      tags: ['correo'],
      summary: 'Correos enviados y por enviar, el más reciente primero (solo superadministrador)',
      querystring: OutboxQuerySchema,
      response: { 200: OutboxPageSchema },
    },
  }, async (request) => listOutbox(app.db, request.query, app.config.smtpUrl !== undefined));

  app.get('/sms-outbox', {
    // Superadmin only, like the mail; a patient's message is withheld like a patient's mail.
    config: { access: { roleGroup: 'superAdmin' } },
    schema: {
      tags: ['correo'],
      summary: 'SMS enviados y por enviar, el más reciente primero (solo superadministrador)',
      querystring: OutboxQuerySchema,
      response: { 200: SmsOutboxPageSchema },
    },
  }, async (request) => listSmsOutbox(app.db, request.query, app.config.smsWebhookUrl !== undefined));
};
