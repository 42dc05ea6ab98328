import {
  DeleteManySchema, messages, PatientInputSchema, PatientPageSchema, PatientSchema, PatientsQuerySchema,
  PatientsRemovedSchema,
} from '@receta/domain';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Remembering } from '../../db/client.ts';
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

/** What patients are read, remembered until the database announces a change to them. */
async function rememberedPatients(app: FastifyInstance, database: Remembering): Promise<RememberedPatients> {
  return {
    patients: await rememberedUntil<PatientOfWorkspace>(app, database, 'patients_changed', rememberedPatientsCapacity),
    pages: await rememberedUntil<PatientPageOfWorkspace>(app, database, 'patients_changed', rememberedPagesCapacity),
  };
}

/**
 * The patients of the request's workspace (`x-workspace`): its doctors see and prescribe to
 * them, nobody else does.
 */
export const patientsRoutes: FastifyPluginAsyncZod<Remembering> = async (app, database) => {
  const remembered = await rememberedPatients(app, database);
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
