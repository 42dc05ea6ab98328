import {
  AdministratorCreateSchema, AdministratorPageSchema, AdministratorSchema, AdministratorsQuerySchema,
  AdministratorUpdateSchema, AssignableRolesSchema, DeleteManyResultSchema, DeleteManySchema, messages,
} from '@receta/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers } from '../../platform/http/error-answers.ts';
import { actingAdministratorOf } from '../../platform/auth/acting-administrator.ts';
import {
  createAdministrator, editAdministrator, listAdministrators, listAssignableRoles, removeAdministrators,
  showAdministrator,
} from './administrators.service.ts';

const tags = ['administradores'];
const security = [{ bearer: [] }];
const AdministratorParamsSchema = z.object({ id: z.uuid(messages.administrators.notFound) });

/**
 * The administrators resource (spec section 2, /administrators): accounts that are not
 * doctors, with their roles. Each variant of administrator manages only its side's roles.
 */
export const administratorsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/administrators', {
    config: { access: ['index.admin.fds', 'index.admin.antigens'] },
    schema: {
      tags,
      security,
      summary: 'Lista los administradores cuyos roles puede administrar; q busca en el email y el nombre',
      querystring: AdministratorsQuerySchema,
      response: { 200: AdministratorPageSchema, ...errorAnswers(400, 401, 403) },
    },
  }, (request) => listAdministrators(app.db, actingAdministratorOf(request), request.query));

  app.get('/administrators/assignable-roles', {
    config: { access: ['create.admin.fds', 'create.admin.antigens', 'create.user', 'edit.admin.fds', 'edit.admin.antigens'] },
    schema: {
      tags,
      security,
      summary: 'Los roles que puede otorgar a un administrador, por nombre',
      response: { 200: AssignableRolesSchema, ...errorAnswers(401, 403) },
    },
  }, async (request) => ({ payload: await listAssignableRoles(app.db, actingAdministratorOf(request)) }));

  app.get('/administrators/:id', {
    config: { access: ['show.admin.fds', 'show.admin.antigens'] },
    schema: {
      tags,
      security,
      summary: 'Muestra un administrador con sus roles',
      params: AdministratorParamsSchema,
      response: { 200: AdministratorSchema, ...errorAnswers(400, 401, 403, 404) },
    },
  }, (request) => showAdministrator(app.db, actingAdministratorOf(request), request.params.id));

  app.post('/administrators', {
    config: { access: ['create.admin.fds', 'create.admin.antigens', 'create.user'] },
    schema: {
      tags,
      security,
      summary: 'Crea un administrador y le envía por correo el enlace para elegir su contraseña',
      body: AdministratorCreateSchema,
      response: { 201: AdministratorSchema, ...errorAnswers(400, 401, 403, 409) },
    },
  }, async (request, reply) => {
    const acting = actingAdministratorOf(request);
    return reply.status(201).send(await createAdministrator(app.db, acting, request.body, app.config.publicUrl));
  });

  app.put('/administrators/:id', {
    config: { access: ['edit.admin.fds', 'edit.admin.antigens'] },
    schema: {
      tags,
      security,
      summary: 'Cambia el nombre, los roles o la autorización de un administrador',
      params: AdministratorParamsSchema,
      body: AdministratorUpdateSchema,
      response: { 200: AdministratorSchema, ...errorAnswers(400, 401, 403, 404, 409) },
    },
  }, (request) => editAdministrator(
    app.db, actingAdministratorOf(request), request.params.id, request.body, app.config.publicUrl,
  ));

  app.delete('/administrators', {
    config: { access: ['destroy.admin.fds', 'destroy.admin.antigens'] },
    schema: {
      tags,
      security,
      summary: 'Da de baja administradores: pierden sus roles y no pueden ingresar; quedan en la auditoría',
      body: DeleteManySchema,
      response: { 200: DeleteManyResultSchema, ...errorAnswers(400, 401, 403, 404, 409) },
    },
  }, async (request) => ({
    deleted: await removeAdministrators(app.db, actingAdministratorOf(request), request.body.ids),
    message: messages.administrators.removed,
  }));
};
