import { AcceptInvitationSchema, MessageAnswerSchema, messages } from '@receta/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActorOf } from '../../platform/audit.ts';
import { errorAnswers } from '../../platform/http/error-answers.ts';
import { acceptInvitation } from './invitation.service.ts';

// A malformed link gets the same answer as an expired one.
const InvitationParamsSchema = z.object({ userToken: z.string().max(200, messages.auth.linkInvalid) });

/** The page an invited account opens from its mail (`/invitation/{userToken}`) to choose its password. */
export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/auth/invitation/:userToken', {
    config: { access: 'public' },
    schema: {
      tags: ['administradores'],
      summary: 'Elige la contraseña de una cuenta creada por un administrador, con el enlace de la invitación',
      params: InvitationParamsSchema,
      body: AcceptInvitationSchema,
      response: { 200: MessageAnswerSchema, ...errorAnswers(400) },
    },
  }, async (request) => {
    const { isAuthorized } = await acceptInvitation(
      app.db, request.params.userToken, request.body.password, auditActorOf(request),
    );
    return { message: isAuthorized ? messages.administrators.passwordSet : messages.administrators.passwordSetPending };
  });
};
