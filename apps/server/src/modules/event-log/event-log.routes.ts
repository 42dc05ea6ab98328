import { EventLogExportQuerySchema, EventLogVerificationSchema } from '@receta/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActorOf, recordAudit } from '../../platform/audit.ts';
import { countEvents, eventLogKeys, verifyEventLog } from '../../platform/event-log/index.ts';
import { attachmentDisposition } from '../../platform/files/content-disposition.ts';
import { exportEventLog } from './event-log-export.ts';

const superAdminOnly = { access: { roleGroup: 'superAdmin' } } as const;

/** The event log as the superadmin answers the authority for it: walked whole, and exported signed. */
export const eventLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/event-log/verification', {
    config: superAdminOnly,
    schema: {
      tags: ['registro de eventos'],
      summary: 'Recorre la cadena completa del registro de eventos y dice dónde se rompe por primera vez (solo superadministrador)',
      response: { 200: EventLogVerificationSchema },
    },
  }, async (request) => {
    const [total, report] = await Promise.all([countEvents(app.db), verifyEventLog(app.db, eventLogKeys())]);
    await recordAudit(app.db, auditActorOf(request), {
      action: 'event_log.verified', subjectType: 'event_log', subjectId: 'chain',
      details: { checked: report.checked, broken: report.firstBroken !== null },
    });
    return { total, ...report, verifiedAt: new Date().toISOString() };
  });

  app.get('/event-log/export', {
    config: superAdminOnly,
    schema: {
      tags: ['registro de eventos'],
      summary: 'Los eventos de un período (días en la Argentina) para la autoridad, en JSON firmado por la plataforma (CMS, .p7m) (solo superadministrador)',
      description: 'Verificación: `openssl cms -verify -inform DER -in registro.p7m -CAfile ca.pem -out registro.json`, '
        + 'con el certificado de la autoridad certificante de la plataforma.',
      querystring: EventLogExportQuerySchema,
      produces: ['application/pkcs7-mime'],
      response: { 200: z.any() },
    },
  }, async (request, reply) => {
    const actor = auditActorOf(request);
    const exportedBy = { id: request.user!.id, publicUrl: app.config.publicUrl };
    const exported = await exportEventLog(app.db, await app.signing.eventLogSigner(), request.query, exportedBy);
    await recordAudit(app.db, actor, {
      action: 'event_log.exported', subjectType: 'event_log', subjectId: 'chain', details: { ...request.query },
    });
    return reply
      .type('application/pkcs7-mime')
      .header('content-disposition', attachmentDisposition(exported.fileName))
      .send(Buffer.from(exported.signed));
  });
};
