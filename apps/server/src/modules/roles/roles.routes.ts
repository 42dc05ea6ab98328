import {
  DeleteManyResultSchema, DeleteManySchema, messages, RoleInputSchema, RolePageSchema, RoleSchema, RolesQuerySchema,
  RoleUpdateSchema,
} from '@receta/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers } from '../../platform/http/error-answers.ts';
import { actingAdministratorOf } from '../../platform/auth/acting-administrator.ts';
import { createRole, editRole, listRoles, removeRoles, showRole } from './roles.service.ts';

const tags = ['roles'];
const security = [{ bearer: [] }];
const RoleParamsSchema = z.object({ id: z.uuid(messages.roles.notFound) });

/** The roles resource (spec section 2, /roles): what each role may do and where its users land. */
export const rolesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/roles', {
    config: { access: ['index.role'] },
    schema: {
      tags,
      security,
      summary: 'Lista los roles con la cantidad de usuarios de cada uno; q busca en el nombre, el identificador y la descripción',
      querystring: RolesQuerySchema,
      response: { 200: RolePageSchema, ...errorAnswers(400, 401, 403) },
    },
  }, (request) => listRoles(app.db, request.query));

  app.get('/roles/:id', {
    config: { access: ['show.role'] },
    schema: {
      tags,
      security,
      summary: 'Muestra un rol con sus permisos',
      params: RoleParamsSchema,
      response: { 200: RoleSchema, ...errorAnswers(400, 401, 403, 404) },
    },
  }, (request) => showRole(app.db, request.params.id));

  app.post('/roles', {
    config: { access: ['create.role'] },
    schema: {
      tags,
      security,
      summary: 'Crea un rol con sus permisos y su página de inicio',
      body: RoleInputSchema,
      response: { 201: RoleSchema, ...errorAnswers(400, 401, 403, 409) },
    },
  }, async (request, reply) => {
    const role = await createRole(app.db, actingAdministratorOf(request), request.body);
    app.roleCatalogue.invalidate();
    return reply.status(201).send(role);
  });

  app.put('/roles/:id', {
    config: { access: ['edit.role'] },
    schema: {
      tags,
      security,
      summary: 'Cambia los campos enviados de un rol; de un rol predefinido, solo el nombre, la descripción y la página de inicio',
      params: RoleParamsSchema,
      body: RoleUpdateSchema,
      response: { 200: RoleSchema, ...errorAnswers(400, 401, 403, 404, 409) },
    },
  }, async (request) => {
    const role = await editRole(app.db, actingAdministratorOf(request), request.params.id, request.body);
    app.roleCatalogue.invalidate();
    return role;
  });

  app.delete('/roles', {
    config: { access: ['destroy.role'] },
    schema: {
      tags,
      security,
      summary: 'Elimina los roles que no son predefinidos ni tienen usuarios; los demás quedan',
      body: DeleteManySchema,
      response: { 200: DeleteManyResultSchema, ...errorAnswers(400, 401, 403, 404, 409) },
    },
  }, async (request) => {
    const result = await removeRoles(app.db, actingAdministratorOf(request), request.body.ids);
    app.roleCatalogue.invalidate();
    return result;
  });
};
