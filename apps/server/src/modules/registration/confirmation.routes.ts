import { MessageAnswerSchema, messages, PinSchema, SendConfirmationSchema } from '@receta/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { policies } from '../../platform/attempt-limiter.ts';
import { auditActorOf } from '../../platform/audit.ts';
import { resendAccountConfirmation, setDoctorPin } from './confirmation.service.ts';

/** The approved doctor's last step: the confirm-account link, and the signing PIN it sets. */
export const confirmationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/auth/doctors/send-confirmation', {
    config: { access: 'public' },
    schema: {
      tags: ['registro'],
      summary: 'Reenvía el correo para establecer el PIN a un profesional aprobado sin PIN',
      body: SendConfirmationSchema,
      response: { 200: MessageAnswerSchema },
    },
  }, async (request) => {
    await app.attempts.reserve([[policies.mailRequestsPerAddress, request.ip]]);
    await resendAccountConfirmation(app.db, request.body.email, app.config.publicUrl, auditActorOf(request));
    // The same answer for every email, so that it cannot be used to find accounts.
    return { message: messages.moderation.confirmationSent };
  });

  app.put('/auth/confirmation/doctors/:userToken', {
    config: { access: 'public' },
    schema: {
      tags: ['registro'],
      summary: 'Establece el PIN de firma con el enlace del correo de confirmación',
      params: z.object({ userToken: z.string().min(1).max(200) }),
      body: PinSchema,
      response: { 200: MessageAnswerSchema },
    },
  }, async (request) => {
    await setDoctorPin(app.db, app.signing, request.params.userToken, request.body.PIN, auditActorOf(request));
    return { message: messages.pin.credentialsSet };
  });
};
