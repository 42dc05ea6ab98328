import {
  DeleteManySchema, messages, PatientInputSchema, PatientPageSchema, PatientSchema, PatientsQuerySchema,
  PatientsRemovedSchema,
} from '@receta/domain';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ChangeWatching, DatabaseHandle } from '../../db/client.ts';
import { auditActorOf } from '../../platform/audit.ts';
import { currentWorkspaceId } from '../../platform/auth/workspace-scope.ts';
import { errorAnswers } from '../../platform/http/error-answers.ts';
import { rememberedUntil } from '../../platform/remembered-lookups.ts';
import {
  createPatient, editPatient, listPatients, removePatients, showPatient, type PatientOfWorkspace,
  type PatientPageOfWorkspace, type RememberedPatients,
} from './patients.service.ts';

const tags = ['pacientes'];

const PatientParamsSchema = z.object({ id: z.uuid(messages.patients.notFound) });

/** At most this many patients remembered (about a megabyte) and pages of them (about ten). */
const rememberedPatientsCapacity = 2_000;
const rememberedPagesCapacity = 1_000;

/** Where the database announces its changes (PGlite), what patients are read is remembered until the next. */
async function rememberedPatients(
  app: FastifyInstance, watchChanges: DatabaseHandle['watchChanges'],
): Promise<RememberedPatients | undefined> {
  const patients = await rememberedUntil<PatientOfWorkspace>(app, watchChanges, 'patients_changed', rememberedPatientsCapacity);
  const pages = await rememberedUntil<PatientPageOfWorkspace>(app, watchChanges, 'patients_changed', rememberedPagesCapacity);
  return patients && pages && { patients, pages };
}

/**
 * The patients of the request's workspace (`x-workspace`): its doctors see and prescribe to
 * them, nobody else does.
 */
export const patientsRoutes: FastifyPluginAsyncZod<ChangeWatching> = async (app, { watchChanges }) => {
  const remembered = await rememberedPatients(app, watchChanges);
  app.get('/patients', {
    config: { workspace: 'required', access: ['index.patient'] },
    schema: {
      tags,
      summary: 'Lista los pacientes del espacio de trabajo; q busca en apellido, nombre y DNI',
      querystring: PatientsQuerySchema,
      response: { 200: PatientPageSchema, ...errorAnswers(400, 401, 403) },
    },
  }, (request) => listPatients(app.db, currentWorkspaceId(request), request.query, remembered));

  app.get('/patients/:id', {
    config: { workspace: 'required', access: ['index.patient', 'show.patient'] },
    schema: {
      tags,
      summary: 'Muestra un paciente del espacio de trabajo',
      params: PatientParamsSchema,
      response: { 200: PatientSchema, ...errorAnswers(400, 401, 403, 404) },
    },
  }, (request) => showPatient(app.db, currentWorkspaceId(request), request.params.id, remembered));

  app.post('/patients', {
    config: { workspace: 'required', access: ['create.patient'] },
    schema: {
      tags,
      summary: 'Agrega un paciente al espacio de trabajo; un DNI es un solo paciente por espacio',
      body: PatientInputSchema,
      response: { 201: PatientSchema, ...errorAnswers(400, 401, 403, 409) },
    },
  }, async (request, reply) => reply.status(201)
    .send(await createPatient(app.db, currentWorkspaceId(request), request.body, auditActorOf(request))));

  app.put('/patients/:id', {
    config: { workspace: 'required', access: ['edit.patient'] },
    schema: {
      tags,
      summary: 'Edita un paciente del espacio de trabajo',
      params: PatientParamsSchema,
      body: PatientInputSchema,
      response: { 200: PatientSchema, ...errorAnswers(400, 401, 403, 404, 409) },
    },
  }, (request) => editPatient(
    app.db, currentWorkspaceId(request), request.params.id, request.body, auditActorOf(request),
  ));

  app.delete('/patients', {
    config: { workspace: 'required', access: ['destroy.patient'] },
    schema: {
      tags,
      summary: 'Elimina pacientes con sus borradores de receta; nunca a uno con recetas firmadas',
      body: DeleteManySchema,
      response: { 200: PatientsRemovedSchema, ...errorAnswers(400, 401, 403, 404, 409) },
    },
  }, async (request) => ({
    deleted: await removePatients(app.db, currentWorkspaceId(request), request.body.ids, auditActorOf(request)),
    message: messages.patients.removed,
  }));
};
