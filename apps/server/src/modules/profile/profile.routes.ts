import multipart from '@fastify/multipart';
import {
  ContactDataSchema, limits, MessageAnswerSchema, messages, PasswordChangeSchema, ProfileSchema, ProfileSessionsSchema,
  ProfileUpdateSchema, RefepsCodeUpdateSchema, SecondFactorResetSchema, SessionsClosedSchema, UserDataSavedSchema,
} from '@receta/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActorOf } from '../../platform/audit.ts';
import { currentUser } from '../../platform/auth/access-control.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { multipartFailure } from '../../platform/files/multipart-failure.ts';
import { errorAnswers } from '../../platform/http/error-answers.ts';
import {
  changeDoctorContact, changeDoctorRefepsCode, changePassword, closeOtherSessions, closeSession, listSessions,
  removePhoto, renameAccount, replacePhoto, resetSecondFactor, showProfile, type AccountOwner,
} from './profile.service.ts';

const tags = ['mi perfil'];
const bearer = [{ bearer: [] }];
// Every signed-in user has a profile: their name, photo, password, second factor and sessions.
const signedIn = { access: 'authenticated' } as const;
const photoPart = 'photo';

const SessionParamsSchema = z.object({ id: z.uuid(messages.profile.sessionNotFound) });

function ownerOf(request: FastifyRequest): AccountOwner {
  const user = currentUser(request);
  return {
    userId: user.id, sessionId: user.sessionId, actor: auditActorOf(request), isPasswordExpired: user.isPasswordExpired,
  };
}

/** The `photo` file part of the request, read into memory within the 5 MB limit. */
async function readPhotoPart(app: FastifyInstance, request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', messages.upload.fileMissing, 'uploadFail');
  try {
    const part = await request.file();
    if (!part || part.fieldname !== photoPart) throw new AppError('invalid_data', messages.upload.fileMissing, 'uploadFail');
    return await part.toBuffer();
  } catch (error) {
    throw multipartFailure(app, error, new AppError('payload_too_large', messages.upload.tooLarge, 'fileTooLarge'));
  }
}

/** `/myProfile`: the signed-in user's own data, photo, credentials and sessions. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/profile', {
    config: signedIn,
    schema: {
      tags,
      summary: 'Muestra la cuenta propia y, a un médico, sus datos personales y profesionales',
      security: bearer,
      response: { 200: ProfileSchema, ...errorAnswers(401) },
    },
  }, (request) => showProfile(app.db, currentUser(request).id));

  app.put('/profile', {
    config: signedIn,
    schema: {
      tags,
      summary: 'Cambia el nombre visible; devuelve la sesión actualizada',
      security: bearer,
      body: ProfileUpdateSchema,
      response: { 200: UserDataSavedSchema, ...errorAnswers(400, 401) },
    },
  }, async (request) => ({
    message: messages.profile.saved,
    user: await renameAccount(app.db, ownerOf(request), request.body.displayName),
  }));

  app.put('/profile/contact', {
    // The doctor's own record; the superadmin holds the permission but has no record (403).
    config: { access: ['owner.prescription'] },
    schema: {
      tags,
      summary: 'Un médico corrige sus datos de contacto; identidad y matrícula los cambia un moderador',
      security: bearer,
      body: ContactDataSchema,
      response: { 200: ProfileSchema, ...errorAnswers(400, 401, 403) },
    },
  }, (request) => changeDoctorContact(app.db, ownerOf(request), request.body));

  app.put('/profile/refeps-code', {
    config: { access: ['owner.prescription'] },
    schema: {
      tags,
      summary: 'Un médico ingresa o corrige su Licencia Sanitaria Federal (código REFEPS)',
      security: bearer,
      body: RefepsCodeUpdateSchema,
      response: { 200: ProfileSchema, ...errorAnswers(400, 401, 403) },
    },
  }, (request) => changeDoctorRefepsCode(app.db, ownerOf(request), request.body.refepsCode));

  app.post('/profile/password', {
    config: { ...signedIn, allowsExpiredPassword: true },
    schema: {
      tags,
      summary: 'Cambia la contraseña con la actual; cierra las demás sesiones',
      security: bearer,
      body: PasswordChangeSchema,
      response: { 200: MessageAnswerSchema, ...errorAnswers(400, 401, 429) },
    },
  }, async (request) => {
    await changePassword(app, ownerOf(request), request.body);
    return { message: messages.profile.passwordChanged };
  });

  app.post('/profile/second-factor/reset', {
    config: signedIn,
    schema: {
      tags,
      summary: 'Olvida la aplicación de autenticación (con la contraseña); el próximo ingreso la configura de nuevo',
      security: bearer,
      body: SecondFactorResetSchema,
      response: { 200: MessageAnswerSchema, ...errorAnswers(400, 401, 429) },
    },
  }, async (request) => {
    await resetSecondFactor(app, ownerOf(request), request.body.password);
    return { message: messages.profile.secondFactorReset };
  });

  app.get('/profile/sessions', {
    config: signedIn,
    schema: {
      tags,
      summary: 'Lista las sesiones abiertas de la cuenta, la más reciente primero',
      security: bearer,
      response: { 200: ProfileSessionsSchema, ...errorAnswers(401) },
    },
  }, async (request) => ({ items: await listSessions(app.db, ownerOf(request)) }));

  app.delete('/profile/sessions/others', {
    config: signedIn,
    schema: {
      tags,
      summary: 'Cierra todas las sesiones de la cuenta menos esta',
      security: bearer,
      response: { 200: SessionsClosedSchema, ...errorAnswers(401) },
    },
  }, async (request) => ({
    message: messages.profile.otherSessionsClosed,
    closed: await closeOtherSessions(app.db, ownerOf(request)),
  }));

  app.delete('/profile/sessions/:id', {
    config: signedIn,
    schema: {
      tags,
      summary: 'Cierra una sesión de la cuenta',
      security: bearer,
      params: SessionParamsSchema,
      response: { 200: MessageAnswerSchema, ...errorAnswers(400, 401, 404) },
    },
  }, async (request) => {
    await closeSession(app.db, ownerOf(request), request.params.id);
    return { message: messages.profile.sessionClosed };
  });

  app.delete('/profile/photo', {
    config: signedIn,
    schema: {
      tags,
      summary: 'Quita la foto de perfil; devuelve la sesión actualizada',
      security: bearer,
      response: { 200: UserDataSavedSchema, ...errorAnswers(401) },
    },
  }, async (request) => ({
    message: messages.profile.photoRemoved,
    user: await removePhoto(app.db, ownerOf(request)),
  }));

  // Multipart only here, so no other route accepts a multipart body.
  const photoUpload: FastifyPluginAsyncZod = async (photoApp) => {
    await photoApp.register(multipart, {
      limits: { fileSize: limits.uploadMaxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
    });
    photoApp.post('/profile/photo', {
      config: signedIn,
      schema: {
        tags,
        summary: 'Cambia la foto de perfil (PNG o JPG de hasta 5 MB, parte "photo"); devuelve la sesión actualizada',
        security: bearer,
        consumes: ['multipart/form-data'],
        response: { 200: UserDataSavedSchema, ...errorAnswers(400, 401, 413, 415) },
      },
    }, async (request) => ({
      message: messages.profile.photoUpdated,
      user: await replacePhoto(app.db, ownerOf(request), await readPhotoPart(photoApp, request)),
    }));
  };
  await app.register(photoUpload);
};
