import {
  ClinicalSearchQuerySchema, DiagnosisListSchema, InsurerListSchema, MedicationListSchema, PracticeListSchema,
} from '@receta/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers } from '../../../platform/http/error-answers.ts';
import { searchDiagnoses, searchInsurers, searchMedications, searchPractices } from '../../lookups/index.ts';
import { oauthApiTags } from './oauth-api-tags.ts';

/**
 * The vademecum, practice catalogue, CIE-10 and insurer searches of the prescription form, for
 * an app that writes prescriptions: the same queries and the same answers, each under its scope.
 * The catalogue of studies and practices goes with the vademecum under medications-search: both
 * are what a prescription orders (docs/decisions/037).
 */
export const clinicalSearchApiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/medications', {
    config: { access: { oauthScopes: ['medications-search'] } },
    schema: {
      tags: oauthApiTags,
      summary: 'Busca presentaciones del vademécum por marca, genérico o forma farmacéutica (alcance medications-search)',
      querystring: ClinicalSearchQuerySchema,
      response: { 200: MedicationListSchema, ...errorAnswers(400, 401, 403) },
    },
  }, (request) => searchMedications(app.db, request.query));

  app.get('/practices', {
    config: { access: { oauthScopes: ['medications-search'] } },
    schema: {
      tags: oauthApiTags,
      summary: 'Busca estudios, prácticas y procedimientos del catálogo por código, nombre o categoría (alcance medications-search)',
      description: 'El code de la respuesta es el practiceCode de un ítem de una prescripción de kind practice.',
      querystring: ClinicalSearchQuerySchema,
      response: { 200: PracticeListSchema, ...errorAnswers(400, 401, 403) },
    },
  }, (request) => searchPractices(app.db, request.query));

  app.get('/diagnoses', {
    config: { access: { oauthScopes: ['diagnosis-search'] } },
    schema: {
      tags: oauthApiTags,
      summary: 'Busca diagnósticos CIE-10 por código o por palabras de la descripción (alcance diagnosis-search)',
      querystring: ClinicalSearchQuerySchema,
      response: { 200: DiagnosisListSchema, ...errorAnswers(400, 401, 403) },
    },
  }, (request) => searchDiagnoses(app.db, request.query));

  app.get('/insurers', {
    config: { access: { oauthScopes: ['insurances-search'] } },
    schema: {
      tags: oauthApiTags,
      summary: 'Busca obras sociales, prepagas y planes públicos por nombre, sigla o número de registro (alcance insurances-search)',
      description: 'El slug de la respuesta es el insurerSlug de una prescripción.',
      querystring: ClinicalSearchQuerySchema,
      response: { 200: InsurerListSchema, ...errorAnswers(400, 401, 403) },
    },
  }, (request) => searchInsurers(app.db, request.query));
};
