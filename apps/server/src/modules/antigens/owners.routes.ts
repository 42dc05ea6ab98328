import {
  DeleteManySchema, messages, OwnerInputSchema, OwnerPageSchema, OwnerSchema, OwnersQuerySchema, OwnersRemovedSchema,
} from '@receta/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActorOf } from '../../platform/audit.ts';
import { errorAnswers } from '../../platform/http/error-answers.ts';
import { createOwner, editOwner, listOwners, removeOwners, showOwner } from './owners.service.ts';

const tags = ['antígenos'];
const OwnerParamsSchema = z.object({ id: z.uuid(messages.owners.notFound) });

/** The owners of the antigens module (spec section 2, /owners): organisations that have their people tested. */
export const ownersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/owners', {
    config: { access: ['index.owner'] },
    schema: {
      tags,
      summary: 'Lista los dueños con su cantidad de empleados; q busca en el nombre y el CUIT',
      querystring: OwnersQuerySchema,
      response: { 200: OwnerPageSchema, ...errorAnswers(400, 401, 403) },
    },
  }, (request) => listOwners(app.db, request.query));

  app.get('/owners/:id', {
    config: { access: ['show.owner'] },
    schema: {
      tags,
      summary: 'Muestra un dueño',
      params: OwnerParamsSchema,
      response: { 200: OwnerSchema, ...errorAnswers(400, 401, 403, 404) },
    },
  }, (request) => showOwner(app.db, request.params.id));

  app.post('/owners', {
    config: { access: ['create.owner'] },
    schema: {
      tags,
      summary: 'Registra un dueño con su cuenta y le envía por correo el enlace para elegir su contraseña',
      body: OwnerInputSchema,
      response: { 201: OwnerSchema, ...errorAnswers(400, 401, 403, 409) },
    },
  }, async (request, reply) => reply.status(201)
    .send(await createOwner(app.db, request.body, auditActorOf(request), app.config.publicUrl)));

  app.put('/owners/:id', {
    config: { access: ['edit.owner'] },
    schema: {
      tags,
      summary: 'Edita los datos de un dueño; su cuenta conserva su nombre y su email',
      params: OwnerParamsSchema,
      body: OwnerInputSchema,
      response: { 200: OwnerSchema, ...errorAnswers(400, 401, 403, 404, 409) },
    },
  }, (request) => editOwner(app.db, request.params.id, request.body, auditActorOf(request)));

  app.delete('/owners', {
    config: { access: ['destroy.owner'] },
    schema: {
      tags,
      summary: 'Elimina dueños con sus empleados y tests; sus cuentas se cierran',
      body: DeleteManySchema,
      response: { 200: OwnersRemovedSchema, ...errorAnswers(400, 401, 403, 404) },
    },
  }, async (request) => ({
    deleted: await removeOwners(app.db, request.body.ids, auditActorOf(request)),
    message: messages.owners.removed,
  }));
};
