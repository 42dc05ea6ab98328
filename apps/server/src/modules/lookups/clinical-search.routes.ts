import {
  ClinicalSearchQuerySchema, DiagnosisListSchema, InsurerListSchema, InsurerSummarySchema, MedicationListSchema,
  messages, type Permission, PracticeListSchema, withoutControls,
} from '@receta/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/http/app-error.ts';
import { errorAnswers } from '../../platform/http/error-answers.ts';
import { findActiveInsurer } from './clinical-search.repository.ts';
import { searchDiagnoses, searchInsurers, searchMedications, searchPractices } from './clinical-search.service.ts';

const tags = ['búsquedas clínicas'];

// Whoever writes a prescription or keeps a patient's record (the insurer) needs these; the
// data is public reference data, so no workspace is involved.
const prescribingOrPatientKeeping: readonly [Permission, ...Permission[]] = [
  'create.prescription', 'edit.prescription', 'index.patient', 'create.patient', 'edit.patient',
];
const config = { access: prescribingOrPatientKeeping };

const InsurerParamsSchema = z.object({
  slug: withoutControls(z.string().max(120, messages.prescriptions.unknownInsurer)),
});

/**
 * The searches of the prescription and patient forms: the vademecum, CIE-10, the practice
 * catalogue and the insurers.
 */
export const clinicalSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/medications', {
    config,
    schema: {
      tags,
      summary: 'Busca presentaciones del vademécum por marca, genérico o forma farmacéutica, sin distinguir acentos',
      querystring: ClinicalSearchQuerySchema,
      response: { 200: MedicationListSchema, ...errorAnswers(400, 401, 403) },
    },
  }, (request) => searchMedications(app.db, request.query));

  app.get('/diagnoses', {
    config,
    schema: {
      tags,
      summary: 'Busca diagnósticos CIE-10 por código (J45, J45.0, J450) o por palabras de la descripción',
      querystring: ClinicalSearchQuerySchema,
      response: { 200: DiagnosisListSchema, ...errorAnswers(400, 401, 403) },
    },
  }, (request) => searchDiagnoses(app.db, request.query));

  app.get('/practices', {
    config,
    schema: {
      tags,
      summary: 'Busca estudios, prácticas y procedimientos del catálogo (PMO) por código, nombre o categoría',
      querystring: ClinicalSearchQuerySchema,
      response: { 200: PracticeListSchema, ...errorAnswers(400, 401, 403) },
    },
  }, (request) => searchPractices(app.db, request.query));

  app.get('/insurers', {
    config,
    schema: {
      tags,
      summary: 'Busca obras sociales, prepagas y planes públicos por nombre, sigla o número de registro',
      querystring: ClinicalSearchQuerySchema,
      response: { 200: InsurerListSchema, ...errorAnswers(400, 401, 403) },
    },
  }, (request) => searchInsurers(app.db, request.query));

  app.get('/insurers/:slug', {
    config,
    schema: {
      tags,
      summary: 'Muestra una obra social por su identificador de URL (pami-500807, particular)',
      params: InsurerParamsSchema,
      response: { 200: InsurerSummarySchema, ...errorAnswers(400, 401, 403, 404) },
    },
  }, async (request) => {
    const insurer = await findActiveInsurer(app.db, { slug: request.params.slug });
    if (!insurer) throw AppError.notFound(messages.prescriptions.unknownInsurer);
    return insurer;
  });
};
