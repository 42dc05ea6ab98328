import { SignedDocumentPageSchema, SignedDocumentsQuerySchema } from '@receta/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentOAuthCaller } from '../../../platform/auth/access-control.ts';
import { errorAnswers } from '../../../platform/http/error-answers.ts';
import { listSignedDocuments } from './oauth-apis.service.ts';
import { oauthApiTags } from './oauth-api-tags.ts';

/** What the doctor has signed: documents for apps and the PDFs of their prescriptions. */
export const documentsApiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/documents', {
    config: { access: { oauthScopes: ['documents-search'] } },
    schema: {
      tags: oauthApiTags,
      summary: 'Busca los documentos firmados por el médico, los más recientes primero (alcance documents-search)',
      description: 'kind document: los PDF que aplicaciones hicieron firmar (la plataforma guarda solo su SHA-256, la '
        + 'fecha y la aplicación); kind prescription: los PDF de sus prescripciones firmadas, que se descargan con '
        + 'prescriptions-search. sha256 encuentra un archivo firmado; from y to son fechas de firma en Argentina.',
      querystring: SignedDocumentsQuerySchema,
      response: { 200: SignedDocumentPageSchema, ...errorAnswers(400, 401, 403) },
    },
  }, (request) => listSignedDocuments(app.db, currentOAuthCaller(request).userId, request.query));
};
