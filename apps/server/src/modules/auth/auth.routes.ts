import {
  MessageAnswerSchema, LoginSchema, LoginStepSchema, messages, NewPasswordSchema, PinSchema,
  RecoveryEmailSchema, SecondFactorSchema, SignedInSchema, TermsAcceptanceQuerySchema, TermsAcceptanceSchema,
  UserDataSavedSchema, UserDataUpdateSchema, UserSessionSchema,
} from '@receta/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActorOf } from '../../platform/audit.ts';
import { errorAnswers } from '../../platform/http/error-answers.ts';
import { currentUser } from '../../platform/auth/access-control.ts';
import { clientOf } from '../../platform/http/request-actors.ts';
import {
  acceptTerms, buildUserSession, completeLogin, endSession, startLogin, updateOwnData,
} from './auth.service.ts';
import { recoverPassword, recoverPin, requestPasswordRecovery, requestPinRecovery } from './recovery.service.ts';

const tags = ['autenticación'];
const bearer = [{ bearer: [] }];

// A malformed link gets the same answer as an expired one.
const UserTokenParamsSchema = z.object({ userToken: z.string().max(200, messages.auth.linkInvalid) });

function bearerTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : undefined;
}

/** Sign-in in two steps, the session, terms acceptance, own data, and password and PIN recovery. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = {
    db: app.db, attempts: app.attempts, tokens: app.tokens, publicUrl: app.config.publicUrl,
    passwordMaxAgeDays: app.config.passwordMaxAgeDays,
  };

  app.post('/auth/login', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Ingreso, paso 1: email y contraseña; devuelve el authenticityToken para el segundo factor',
      body: LoginSchema,
      response: { 200: LoginStepSchema, ...errorAnswers(400, 401, 403, 429) },
    },
  }, async (request) => ({ authenticityToken: await startLogin(services, request.body, clientOf(request)) }));

  app.post('/auth/login/2fa', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Ingreso, paso 2: código de la aplicación de autenticación, con el authenticityToken como bearer',
      security: bearer,
      body: SecondFactorSchema,
      response: { 200: SignedInSchema, ...errorAnswers(400, 401, 403, 429) },
    },
  }, (request) => completeLogin(
    services, bearerTokenOf(request), request.body.token, clientOf(request), auditActorOf(request),
  ));

  app.get('/auth/session', {
    config: { access: 'authenticated', allowsExpiredPassword: true },
    schema: {
      tags,
      summary: 'Sesión del usuario: permisos, roles, espacios de trabajo y datos',
      security: bearer,
      response: { 200: UserSessionSchema, ...errorAnswers(401) },
    },
  }, (request) => buildUserSession(app.db, currentUser(request)));

  app.post('/auth/logout', {
    config: { access: 'authenticated', allowsExpiredPassword: true },
    schema: {
      tags,
      summary: 'Cierra la sesión: el access_token deja de valer',
      security: bearer,
      response: { 200: MessageAnswerSchema, ...errorAnswers(401) },
    },
  }, async (request) => {
    const user = currentUser(request);
    await endSession(app.db, { userId: user.id, sessionId: user.sessionId }, auditActorOf(request));
    return { message: messages.auth.loggedOut };
  });

  app.post('/termsAndConditions', {
    config: { access: 'authenticated' },
    schema: {
      tags,
      summary: 'Acepta los términos y condiciones y la política de privacidad',
      description: 'Se guarda la hora del servidor; `sign` (la hora del cliente) queda en la auditoría.',
      security: bearer,
      querystring: TermsAcceptanceQuerySchema,
      response: { 200: TermsAcceptanceSchema, ...errorAnswers(400, 401) },
    },
  }, async (request) => ({
    termsAndConditions: await acceptTerms(app.db, currentUser(request).id, request.query.sign, auditActorOf(request)),
  }));

  app.post('/auth/user/update', {
    config: { access: 'authenticated' },
    schema: {
      tags,
      summary: 'Guarda los datos propios: nombre visible, foto, configuración y accesos directos',
      security: bearer,
      body: UserDataUpdateSchema,
      response: { 200: UserDataSavedSchema, ...errorAnswers(400, 401) },
    },
  }, async (request) => ({
    message: messages.session.userDataSaved,
    user: await updateOwnData(app.db, currentUser(request), request.body.user, auditActorOf(request)),
  }));

  app.post('/auth/password-recovery-request', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Pide el correo para restablecer la contraseña; responde lo mismo exista o no la cuenta',
      body: RecoveryEmailSchema,
      response: { 200: MessageAnswerSchema, ...errorAnswers(400, 429) },
    },
  }, async (request) => {
    await requestPasswordRecovery(services, request.body.email, request.ip);
    return { message: messages.recovery.sent };
  });

  app.post('/auth/password-recovery/:userToken', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Establece una nueva contraseña con el enlace del correo y cierra todas las sesiones',
      params: UserTokenParamsSchema,
      body: NewPasswordSchema,
      response: { 200: MessageAnswerSchema, ...errorAnswers(400) },
    },
  }, async (request) => {
    await recoverPassword(services, request.params.userToken, request.body.password, auditActorOf(request));
    return { message: messages.auth.passwordUpdated };
  });

  app.post('/auth/pin-recovery-request', {
    config: { access: ['sign.prescription'] },
    schema: {
      tags,
      summary: 'Pide el correo para restablecer el PIN de firma',
      security: bearer,
      response: { 200: MessageAnswerSchema, ...errorAnswers(401, 403, 429) },
    },
  }, async (request) => {
    await requestPinRecovery(services, currentUser(request), request.ip);
    return { message: messages.recovery.sent };
  });

  app.post('/auth/pin-recovery/:userToken', {
    config: { access: ['sign.prescription'] },
    schema: {
      tags,
      summary: 'Establece un nuevo PIN de firma con el enlace del correo; desbloquea la firma',
      security: bearer,
      params: UserTokenParamsSchema,
      body: PinSchema,
      response: { 200: MessageAnswerSchema, ...errorAnswers(400, 401, 403) },
    },
  }, async (request) => {
    const { userToken } = request.params;
    await recoverPin(app.db, currentUser(request).id, userToken, request.body.PIN, auditActorOf(request));
    return { message: messages.pin.updated };
  });
};
