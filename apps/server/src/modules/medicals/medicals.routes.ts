import {
  DeleteManySchema, MedicalCreateSchema, MedicalDetailSchema, MedicalPageSchema, MedicalsQuerySchema,
  MedicalsRemovedSchema, MedicalUpdateSchema, MessageAnswerSchema, messages, RestrictedAuthorisationInputSchema,
  SuspendMedicalSchema,
} from '@receta/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers } from '../../platform/http/error-answers.ts';
import { actingAdministratorOf } from '../../platform/auth/acting-administrator.ts';
import { medicScopeOf } from '../../platform/auth/administered-workspaces.ts';
import {
  authorizeMedical, createMedical, editMedical, listMedicals, removeMedicals, showMedical, suspendMedical,
} from './medicals.service.ts';
import { recordRestrictedAuthorisation, revokeRestrictedAuthorisation } from './restricted-authorisation.service.ts';

const tags = ['médicos'];
// Spec section 6: authorising medics is a role group's call (superadmin, femecon.admin), not a
// catalogue permission a clinic role could be given.
const authorizeMedic = { access: { roleGroup: 'authorizeMedic' } } as const;

const MedicalParamsSchema = z.object({ id: z.uuid(messages.medicals.notFound) });

/**
 * The directory of doctors: list, detail, registration by an administrator, edits, suspension,
 * removal. A clinic's administrator reaches the doctors of their clinics (docs/decisions/028).
 */
export const medicalsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/medicals', {
    config: { access: ['index.medical'] },
    schema: {
      tags,
      summary: 'Lista los médicos; q busca en nombre, apellido, email, DNI y matrícula',
      querystring: MedicalsQuerySchema,
      response: { 200: MedicalPageSchema, ...errorAnswers(400, 401, 403) },
    },
  }, (request) => listMedicals(app.db, request.query, actingAdministratorOf(request)));

  app.get('/medicals/:id', {
    config: { access: ['show.medical'] },
    schema: {
      tags,
      summary: 'Muestra un médico: datos, documentos, PIN y espacios de trabajo',
      params: MedicalParamsSchema,
      response: { 200: MedicalDetailSchema, ...errorAnswers(401, 403, 404) },
    },
  }, (request) => showMedical(app.db, request.params.id, medicScopeOf(actingAdministratorOf(request))));

  app.post('/medicals', {
    config: { access: ['create.medical'] },
    schema: {
      tags,
      summary: 'Registra un médico ya autorizado y le envía los enlaces para elegir contraseña y PIN',
      body: MedicalCreateSchema,
      response: { 201: MedicalDetailSchema, ...errorAnswers(400, 401, 403, 409) },
    },
  }, async (request, reply) => reply.status(201)
    .send(await createMedical(app.db, request.body, actingAdministratorOf(request), app.config.publicUrl)));

  app.put('/medicals/:id', {
    config: { access: ['edit.medical'] },
    schema: {
      tags,
      summary: 'Edita los datos profesionales y de contacto de un médico, y su código de referencia',
      params: MedicalParamsSchema,
      body: MedicalUpdateSchema,
      response: { 200: MedicalDetailSchema, ...errorAnswers(400, 401, 403, 404) },
    },
  }, (request) => editMedical(app.db, app.signing, request.params.id, request.body, actingAdministratorOf(request)));

  app.post('/medicals/:id/authorize', {
    config: authorizeMedic,
    schema: {
      tags,
      summary: 'Autoriza a un médico pendiente o reactiva a uno suspendido',
      params: MedicalParamsSchema,
      response: { 200: MessageAnswerSchema, ...errorAnswers(401, 403, 404, 409) },
    },
  }, async (request) => {
    await authorizeMedical(app.db, request.params.id, actingAdministratorOf(request), app.config.publicUrl);
    return { message: messages.medicals.authorized };
  });

  app.post('/medicals/:id/suspend', {
    config: authorizeMedic,
    schema: {
      tags,
      summary: 'Suspende a un médico: sus sesiones terminan y no puede ingresar; se le avisa por correo',
      params: MedicalParamsSchema,
      // The reason is optional, and so is the body that would carry it.
      body: SuspendMedicalSchema.nullish(),
      response: { 200: MessageAnswerSchema, ...errorAnswers(400, 401, 403, 404, 409) },
    },
  }, async (request) => {
    await suspendMedical(app.db, request.params.id, request.body?.reason, actingAdministratorOf(request));
    return { message: messages.medicals.suspended };
  });

  app.put('/medicals/:id/restricted-authorisation', {
    config: authorizeMedic,
    schema: {
      tags,
      summary: 'Registra la autorización de la jurisdicción para prescribir medicamentos de expendio legalmente '
        + 'restringido: fecha y constancia subida (PDF o imagen)',
      params: MedicalParamsSchema,
      body: RestrictedAuthorisationInputSchema,
      response: { 200: MedicalDetailSchema, ...errorAnswers(400, 401, 403, 404, 409) },
    },
  }, (request) => recordRestrictedAuthorisation(
    app.db, request.params.id, request.body, actingAdministratorOf(request),
  ));

  app.delete('/medicals/:id/restricted-authorisation', {
    config: authorizeMedic,
    schema: {
      tags,
      summary: 'Revoca la autorización para prescribir medicamentos de expendio legalmente restringido',
      params: MedicalParamsSchema,
      response: { 200: MedicalDetailSchema, ...errorAnswers(401, 403, 404, 409) },
    },
  }, (request) => revokeRestrictedAuthorisation(app.db, request.params.id, actingAdministratorOf(request)));

  app.delete('/medicals', {
    config: { access: ['destroy.medical'] },
    schema: {
      tags,
      summary: 'Elimina solicitudes que nunca se autorizaron y da de baja (suspende) a médicos con historial',
      body: DeleteManySchema,
      response: { 200: MedicalsRemovedSchema, ...errorAnswers(400, 401, 403, 404) },
    },
  }, async (request) => ({
    ...await removeMedicals(app.db, request.body.ids, actingAdministratorOf(request)),
    message: messages.medicals.removed,
  }));
};
