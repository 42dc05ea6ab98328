import {
  MessageAnswerSchema, messages, PendingDoctorPageSchema, PendingDoctorsQuerySchema, RejectDoctorSchema,
} from '@receta/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../platform/auth/access-control.ts';
import { auditActorOf } from '../../platform/audit.ts';
import { authorizeDoctor, listPendingDoctors, rejectDoctor, type Moderator } from './moderation.service.ts';
import { outboxRoutes } from './outbox.routes.ts';

const UserParamsSchema = z.object({ id: z.uuid(messages.common.notFound) });

function moderatorOf(request: FastifyRequest): Moderator {
  return { ...auditActorOf(request), actorUserId: currentUser(request).id };
}

/** The moderators' queue of doctors waiting for approval (spec section 1), and the mail outbox. */
export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(outboxRoutes);

  app.get('/users/not-authorized', {
    config: { access: ['index.not.authorized.user'] },
    schema: {
      tags: ['moderación'],
      summary: 'Profesionales pendientes de aprobación, el más antiguo primero',
      querystring: PendingDoctorsQuerySchema,
      response: { 200: PendingDoctorPageSchema },
    },
  }, async (request) => listPendingDoctors(app.db, request.query));

  app.post('/users/:id/authorize', {
    config: { access: ['index.not.authorized.user'] },
    schema: {
      tags: ['moderación'],
      summary: 'Aprueba a un profesional y le envía el enlace para establecer su PIN',
      params: UserParamsSchema,
      response: { 200: MessageAnswerSchema },
    },
  }, async (request) => {
    await authorizeDoctor(app.db, request.params.id, moderatorOf(request), app.config.publicUrl);
    return { message: messages.moderation.authorized };
  });

  app.post('/users/:id/reject', {
    config: { access: ['index.not.authorized.user'] },
    schema: {
      tags: ['moderación'],
      summary: 'Rechaza la solicitud de un profesional y le envía el motivo por correo',
      params: UserParamsSchema,
      body: RejectDoctorSchema,
      response: { 200: MessageAnswerSchema },
    },
  }, async (request) => {
    await rejectDoctor(app.db, request.params.id, request.body.reason, moderatorOf(request));
    return { message: messages.moderation.rejected };
  });
};
