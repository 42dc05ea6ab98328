import {
  AccountRegisteredSchema, DoctorRegistrationSchema, MessageAnswerSchema, messages, VerificationPassedSchema,
  VerifyEmailSchema, VerifyInformationSchema,
} from '@receta/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AttemptPolicy } from '../../platform/attempt-limiter.ts';
import { auditActorOf } from '../../platform/audit.ts';
import { confirmationRoutes } from './confirmation.routes.ts';
import { registerDoctor, verifyDoctorEmail, verifyDoctorInformation } from './registration.service.ts';
import { uploadsRoutes } from './uploads.routes.ts';

/**
 * The registration checks and submissions, per address. The checks tell anyone whether a DNI,
 * CUIT or email already has an account, because the wizard must say so before step 2 and 3
 * (issue #3); this limit is what keeps them from being used to harvest identifiers. A doctor
 * registering needs a handful of calls.
 */
const registrationChecksPerAddress: AttemptPolicy = {
  name: 'registration-address', maxAttempts: 30, windowMs: 60 * 60_000, lockMs: 15 * 60_000,
};

/** Doctor self-registration (spec sections 3, 4 and 7): checks, uploads, submission, confirmation. */
export const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(uploadsRoutes);
  await app.register(confirmationRoutes);

  app.post('/auth/register/doctors/verify-information', {
    config: { access: 'public' },
    schema: {
      tags: ['registro'],
      summary: 'Paso 1 del registro: comprueba que el DNI y el CUIT no tengan cuenta',
      body: VerifyInformationSchema,
      response: { 200: VerificationPassedSchema },
    },
  }, async (request) => {
    await app.attempts.reserve([[registrationChecksPerAddress, request.ip]]);
    await verifyDoctorInformation(app.db, request.body);
    return { valid: true as const };
  });

  app.post('/auth/register/doctors/verify-email', {
    config: { access: 'public' },
    schema: {
      tags: ['registro'],
      summary: 'Paso 2 del registro: comprueba que el email no tenga cuenta',
      body: VerifyEmailSchema,
      response: { 200: VerificationPassedSchema },
    },
  }, async (request) => {
    await app.attempts.reserve([[registrationChecksPerAddress, request.ip]]);
    await verifyDoctorEmail(app.db, request.body.email);
    return { valid: true as const };
  });

  app.post('/auth/register/doctors', {
    config: { access: 'public' },
    schema: {
      tags: ['registro'],
      summary: 'Envía el registro de un profesional; queda pendiente de aprobación',
      body: DoctorRegistrationSchema,
      response: { 201: MessageAnswerSchema },
    },
  }, async (request, reply) => {
    await app.attempts.reserve([[registrationChecksPerAddress, request.ip]]);
    await registerDoctor(app.db, request.body, auditActorOf(request));
    return reply.status(201).send({ message: messages.registration.moderatorNotice });
  });

  app.post('/auth/register', {
    config: { access: 'public', errorFieldCarriesMessage: true },
    schema: {
      tags: ['registro'],
      summary: 'Registra una cuenta de profesional; sin token hasta que un moderador la apruebe',
      body: DoctorRegistrationSchema,
      response: { 201: AccountRegisteredSchema },
    },
  }, async (request, reply) => {
    await app.attempts.reserve([[registrationChecksPerAddress, request.ip]]);
    const user = await registerDoctor(app.db, request.body, auditActorOf(request));
    // A pending account cannot sign in, so there is no access token to give yet.
    return reply.status(201).send({ user: { ...user, status: 'pending_approval' as const }, access_token: null });
  });
};
