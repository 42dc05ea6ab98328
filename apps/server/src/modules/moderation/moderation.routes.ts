import {
  MessageAnswerSchema, messages, PendingUserPageSchema, PendingUsersQuerySchema, RejectDoctorSchema,
} from '@receta/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actingAdministratorOf } from '../../platform/auth/acting-administrator.ts';
import { authorizeUser, listPendingUsers, rejectDoctor } from './moderation.service.ts';

const UserParamsSchema = z.object({ id: z.uuid(messages.common.notFound) });

const authorizedMessages = {
  doctor: messages.moderation.authorized,
  administrator: messages.administrators.authorized,
} as const;

/** The moderators' queue of accounts not yet authorized (spec section 1). */
export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/users/not-authorized', {
    config: { access: ['index.not.authorized.user'] },
    schema: {
      tags: ['moderación'],
      summary: 'Profesionales pendientes de aprobación y administradores sin autorizar, el más antiguo primero',
      querystring: PendingUsersQuerySchema,
      response: { 200: PendingUserPageSchema },
    },
  }, async (request) => listPendingUsers(app.db, request.query, actingAdministratorOf(request)));

  app.post('/users/:id/authorize', {
    config: { access: ['index.not.authorized.user'] },
    schema: {
      tags: ['moderación'],
      summary: 'Aprueba a un profesional y le envía el enlace para establecer su PIN, o autoriza a un administrador',
      params: UserParamsSchema,
      response: { 200: MessageAnswerSchema },
    },
  }, async (request) => {
    const kind = await authorizeUser(app.db, request.params.id, actingAdministratorOf(request), app.config.publicUrl);
    return { message: authorizedMessages[kind] };
  });

  app.post('/users/:id/reject', {
    // Spec section 6: approving or rejecting a doctor is the authorizeMedic group's call.
    config: { access: { roleGroup: 'authorizeMedic' } },
    schema: {
      tags: ['moderación'],
      summary: 'Rechaza la solicitud de un profesional y le envía el motivo por correo',
      params: UserParamsSchema,
      body: RejectDoctorSchema,
      response: { 200: MessageAnswerSchema },
    },
  }, async (request) => {
    await rejectDoctor(app.db, request.params.id, request.body.reason, actingAdministratorOf(request));
    return { message: messages.moderation.rejected };
  });
};
