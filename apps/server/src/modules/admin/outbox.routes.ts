import { OutboxPageSchema, OutboxQuerySchema, SmsOutboxPageSchema } from '@receta/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listOutbox, listSmsOutbox } from './outbox.service.ts';

/** The outbox pages: every mail and SMS the platform wrote, so that a local install can follow their links. */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/outbox', {
    // Mails carry working links (confirmation, recovery), so no catalogue permission that a
    // clinic role could be given opens the outbox: only the superadmin role does.
    config: { access: { roleGroup: 'superAdmin' } },
    schema: {
      tags: ['correo'],
      summary: 'Correos enviados y por enviar, el más reciente primero (solo superadministrador)',
      querystring: OutboxQuerySchema,
      response: { 200: OutboxPageSchema },
    },
  }, async (request) => listOutbox(app.db, request.query));

  app.get('/sms-outbox', {
    // Text messages carry the patients' links: superadmin only, like the mail.
    config: { access: { roleGroup: 'superAdmin' } },
    schema: {
      tags: ['correo'],
      summary: 'SMS enviados y por enviar, el más reciente primero (solo superadministrador)',
      querystring: OutboxQuerySchema,
      response: { 200: SmsOutboxPageSchema },
    },
  }, async (request) => listSmsOutbox(app.db, request.query));
};
