import {
  DeleteManySchema, DuplicateCheckResultSchema, DuplicateCheckSchema, messages, PrescriptionInputSchema,
  PrescriptionPageSchema, PrescriptionSchema, PrescriptionsCreatedSchema, PrescriptionsQuerySchema,
  PrescriptionsEditedSchema, PrescriptionsRemovedSchema, PrescriptionUpdateSchema, RepeatedPrescriptionSchema,
} from '@receta/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers } from '../../platform/http/error-answers.ts';
import { actorOf } from '../../platform/http/request-actors.ts';
import {
  checkDuplicates, editPrescription, issuePrescriptions, listPrescriptions, removePrescriptions, showPrescription,
} from './prescriptions.service.ts';
import { repeatPrescription } from './repeat.ts';

const tags = ['prescripciones'];

const PrescriptionParamsSchema = z.object({ id: z.uuid(messages.prescriptions.notFound) });

/** Prescriptions inside the current workspace: issue, list, read, edit and delete drafts. */
export const prescriptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/prescriptions', {
    config: { access: ['create.prescription'], workspace: 'required' },
    schema: {
      tags,
      summary: 'Emite una Receta Única o la serie de una Receta Crónica, como borradores del médico',
      body: PrescriptionInputSchema,
      response: { 201: PrescriptionsCreatedSchema, ...errorAnswers(400, 401, 403, 404, 409) },
    },
  }, async (request, reply) => reply.status(201).send({
    message: messages.prescriptions.created,
    prescriptions: await issuePrescriptions(app.db, request.body, actorOf(request)),
  }));

  app.post('/prescriptions/duplicates', {
    config: { access: ['create.prescription', 'edit.prescription'], workspace: 'required' },
    schema: {
      tags,
      summary: 'Avisos antes de emitir: medicamentos que el paciente ya tiene vigentes, y sus alergias o intolerancias',
      body: DuplicateCheckSchema,
      response: { 200: DuplicateCheckResultSchema, ...errorAnswers(400, 401, 403, 404) },
    },
  }, (request) => checkDuplicates(app.db, request.body, actorOf(request)));

  app.get('/prescriptions', {
    config: { access: ['index.prescription', 'owner.prescription'], workspace: 'required' },
    schema: {
      tags,
      summary: 'Lista las prescripciones del espacio de trabajo (mine=true: las propias; signed=true: sin borradores)',
      querystring: PrescriptionsQuerySchema,
      response: { 200: PrescriptionPageSchema, ...errorAnswers(400, 401, 403) },
    },
  }, (request) => listPrescriptions(app.db, request.query, actorOf(request, { mine: request.query.mine })));

  app.get('/prescriptions/:id', {
    config: { access: ['show.prescription', 'owner.prescription'], workspace: 'required' },
    schema: {
      tags,
      summary: 'Muestra una prescripción',
      params: PrescriptionParamsSchema,
      response: { 200: PrescriptionSchema, ...errorAnswers(401, 403, 404) },
    },
  }, (request) => showPrescription(app.db, request.params.id, actorOf(request)));

  app.get('/prescriptions/:id/repeat', {
    config: { access: ['create.prescription'], workspace: 'required' },
    schema: {
      tags,
      summary: 'Una prescripción nueva a partir de otra que puede ver: mismo paciente (con su cobertura actual), '
        + 'tipo, ítems y diagnóstico, sin fechas',
      params: PrescriptionParamsSchema,
      response: { 200: RepeatedPrescriptionSchema, ...errorAnswers(401, 403, 404) },
    },
  }, (request) => repeatPrescription(app.db, request.params.id, actorOf(request)));

  app.put('/prescriptions/:id', {
    config: { access: ['edit.prescription'], workspace: 'required' },
    schema: {
      tags,
      summary: 'Edita un borrador propio; en una Receta Crónica, todos los borradores de la serie',
      params: PrescriptionParamsSchema,
      body: PrescriptionUpdateSchema,
      response: { 200: PrescriptionsEditedSchema, ...errorAnswers(400, 401, 403, 404, 409) },
    },
  }, async (request) => ({
    message: messages.prescriptions.edited,
    prescriptions: await editPrescription(app.db, request.params.id, request.body, actorOf(request)),
  }));

  app.delete('/prescriptions', {
    config: { access: ['destroy.prescription', 'owner.prescription'], workspace: 'required' },
    schema: {
      tags,
      summary: 'Elimina borradores (los de una Receta Crónica, con toda su serie); las firmadas quedan',
      body: DeleteManySchema,
      response: { 200: PrescriptionsRemovedSchema, ...errorAnswers(400, 401, 403, 404, 409) },
    },
  }, (request) => removePrescriptions(app.db, request.body.ids, actorOf(request, { workspaceWide: 'destroy.prescription' })));
};
