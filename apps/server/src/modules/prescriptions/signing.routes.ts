import {
  CancelPrescriptionSchema, messages, PrescriptionCancelledSchema, PrescriptionEventsSchema, PrescriptionsSignedSchema,
  SignPrescriptionSchema, SignPrescriptionsSchema,
} from '@receta/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers } from '../../platform/http/error-answers.ts';
import { actorOf } from '../../platform/http/request-actors.ts';
import { sendPdf } from '../../platform/http/send-pdf.ts';
import {
  cancelPrescription, findSignedPdf, listPrescriptionEvents, signedPdfName, signPrescriptions, type SigningServices,
} from './signing.service.ts';

const tags = ['prescripciones'];

const PrescriptionParamsSchema = z.object({ id: z.uuid(messages.prescriptions.notFound) });

/** Signing prescriptions with the PIN, their signed PDF, cancelling them and their history. */
export const signingRoutes: FastifyPluginAsyncZod = async (app) => {
  const services: SigningServices = {
    db: app.db, authority: app.signing, publicUrl: app.config.publicUrl, cuirCodes: app.config.cuir,
    deliverToPatient: app.deliverToPatient,
  };
  const signed = async (ids: string[], pin: string, actor: ReturnType<typeof actorOf>) => ({
    message: messages.prescriptions.signed,
    prescriptions: await signPrescriptions(services, ids, { pin }, actor),
  });

  app.post('/prescriptions/:id/sign', {
    config: { access: ['sign.prescription'], workspace: 'required' },
    schema: {
      tags,
      summary: 'Firma un borrador propio con el PIN (en una Receta Crónica, toda la serie)',
      params: PrescriptionParamsSchema,
      body: SignPrescriptionSchema,
      response: { 200: PrescriptionsSignedSchema, ...errorAnswers(400, 401, 403, 404, 409) },
    },
  }, (request) => signed([request.params.id], request.body.pin, actorOf(request)));

  app.post('/prescriptions/sign', {
    config: { access: ['sign.prescription'], workspace: 'required' },
    schema: {
      tags,
      summary: 'Firma varios borradores propios con un PIN: un solo intento para todos',
      body: SignPrescriptionsSchema,
      response: { 200: PrescriptionsSignedSchema, ...errorAnswers(400, 401, 403, 404, 409) },
    },
  }, (request) => signed(request.body.ids, request.body.pin, actorOf(request)));

  app.get('/prescriptions/:id/pdf', {
    config: { access: ['show.prescription', 'owner.prescription'], workspace: 'required' },
    schema: {
      tags,
      summary: 'Descarga el PDF firmado de una prescripción',
      params: PrescriptionParamsSchema,
      produces: ['application/pdf'],
    },
  }, async (request, reply) => {
    const { number, pdf } = await findSignedPdf(app.db, request.params.id, actorOf(request));
    return sendPdf(reply, pdf, signedPdfName(number));
  });

  app.post('/prescriptions/:id/cancel', {
    config: { access: ['sign.prescription'], workspace: 'required' },
    schema: {
      tags,
      summary: 'Anula una prescripción propia firmada que todavía no se dispensó',
      params: PrescriptionParamsSchema,
      body: CancelPrescriptionSchema,
      response: { 200: PrescriptionCancelledSchema, ...errorAnswers(400, 401, 403, 404, 409) },
    },
  }, async (request) => ({
    message: messages.signing.cancelled,
    prescription: await cancelPrescription(
      { db: app.db, notifyCancellation: app.notifyCancellation },
      request.params.id,
      request.body.reason,
      actorOf(request),
    ),
  }));

  app.get('/prescriptions/:id/events', {
    config: { access: ['show.prescription', 'owner.prescription'], workspace: 'required' },
    schema: {
      tags,
      summary: 'La historia de una prescripción: creada, editada, firmada, enviada, abierta, dispensada, anulada',
      params: PrescriptionParamsSchema,
      response: { 200: PrescriptionEventsSchema, ...errorAnswers(401, 403, 404) },
    },
  }, async (request) => ({ events: await listPrescriptionEvents(app.db, request.params.id, actorOf(request)) }));
};
