import multipart from '@fastify/multipart';
import {
  DeleteManyResultSchema, DeleteManySchema, messages, workspaceAvatarMaxBytes, WorkspaceDetailSchema,
  WorkspaceInputSchema, WorkspaceMemberInputSchema, WorkspacePageSchema, WorkspacesQuerySchema,
} from '@receta/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActorOf } from '../../platform/audit.ts';
import { currentUser } from '../../platform/auth/access-control.ts';
import { errorAnswers } from '../../platform/http/error-answers.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { multipartFailure } from '../../platform/files/multipart-failure.ts';
import {
  addMember, createClinic, deleteWorkspacesById, listWorkspaces, readAvatar, removeMember, renameWorkspaceOf,
  replaceAvatar, showWorkspace,
} from './workspaces.service.ts';

const tags = ['espacios de trabajo'];
// Workspaces are platform structure: which clinic a doctor works in decides which patients
// they see, so no catalogue permission that a clinic role could be given opens these routes.
const superAdmin = { access: { roleGroup: 'superAdmin' } } as const;
const avatarPart = 'avatar';

const WorkspaceParamsSchema = z.object({ id: z.uuid(messages.workspaces.notFound) });
const MemberParamsSchema = WorkspaceParamsSchema.extend({ userId: z.uuid(messages.workspaces.notMember) });

/** The `avatar` file part of the request, read into memory within the 1 MB limit. */
async function readAvatarPart(app: FastifyInstance, request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', messages.upload.fileMissing, 'uploadFail');
  try {
    const part = await request.file();
    if (!part || part.fieldname !== avatarPart) throw new AppError('invalid_data', messages.upload.fileMissing, 'uploadFail');
    return await part.toBuffer();
  } catch (error) {
    throw multipartFailure(app, error, new AppError('payload_too_large', messages.workspaces.avatarTooLarge, 'fileTooLarge'));
  }
}

/** The workspaces (clinics and doctors' practices), their members and their avatars. */
export const workspacesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/workspaces', {
    config: superAdmin,
    schema: {
      tags,
      summary: 'Lista los espacios de trabajo con su cantidad de miembros; q busca en el nombre',
      querystring: WorkspacesQuerySchema,
      response: { 200: WorkspacePageSchema, ...errorAnswers(400, 401, 403) },
    },
  }, (request) => listWorkspaces(app.db, request.query));

  app.get('/workspaces/:id', {
    config: superAdmin,
    schema: {
      tags,
      summary: 'Muestra un espacio de trabajo y sus miembros',
      params: WorkspaceParamsSchema,
      response: { 200: WorkspaceDetailSchema, ...errorAnswers(401, 403, 404) },
    },
  }, (request) => showWorkspace(app.db, request.params.id));

  app.post('/workspaces', {
    config: superAdmin,
    schema: {
      tags,
      summary: 'Crea una clínica',
      body: WorkspaceInputSchema,
      response: { 201: WorkspaceDetailSchema, ...errorAnswers(400, 401, 403) },
    },
  }, async (request, reply) => reply.status(201)
    .send(await createClinic(app.db, request.body.name, auditActorOf(request))));

  app.put('/workspaces/:id', {
    config: superAdmin,
    schema: {
      tags,
      summary: 'Cambia el nombre de un espacio de trabajo',
      params: WorkspaceParamsSchema,
      body: WorkspaceInputSchema,
      response: { 200: WorkspaceDetailSchema, ...errorAnswers(400, 401, 403, 404) },
    },
  }, (request) => renameWorkspaceOf(app.db, request.params.id, request.body.name, auditActorOf(request)));

  app.delete('/workspaces', {
    config: superAdmin,
    schema: {
      tags,
      summary: 'Elimina espacios de trabajo; nunca el consultorio personal de un médico activo o suspendido',
      body: DeleteManySchema,
      response: { 200: DeleteManyResultSchema, ...errorAnswers(400, 401, 403, 404, 409) },
    },
  }, async (request) => ({
    deleted: await deleteWorkspacesById(app.db, request.body.ids, auditActorOf(request)),
    message: messages.workspaces.removed,
  }));

  app.post('/workspaces/:id/members', {
    config: superAdmin,
    schema: {
      tags,
      summary: 'Agrega un miembro (médico, prestador o administrador de firma digital)',
      params: WorkspaceParamsSchema,
      body: WorkspaceMemberInputSchema,
      response: { 200: WorkspaceDetailSchema, ...errorAnswers(400, 401, 403, 404, 409) },
    },
  }, (request) => addMember(app.db, request.params.id, request.body.userId, auditActorOf(request)));

  app.delete('/workspaces/:id/members/:userId', {
    config: superAdmin,
    schema: {
      tags,
      summary: 'Quita un miembro; el médico titular de un consultorio personal no se puede quitar',
      params: MemberParamsSchema,
      response: { 200: WorkspaceDetailSchema, ...errorAnswers(400, 401, 403, 404, 409) },
    },
  }, (request) => removeMember(app.db, request.params.id, request.params.userId, auditActorOf(request)));

  app.get('/workspaces/:id/avatar', {
    config: { access: 'authenticated' },
    schema: {
      tags,
      summary: 'La imagen de un espacio de trabajo, para sus miembros y el superadministrador',
      params: WorkspaceParamsSchema,
    },
  }, async (request, reply) => {
    const image = await readAvatar(app.db, request.params.id, currentUser(request));
    return reply
      .header('content-type', image.contentType)
      .header('x-content-type-options', 'nosniff')
      // The URL changes with every new image, so the browser may keep this one; no shared cache may.
      .header('cache-control', 'private, max-age=86400')
      .send(image.content);
  });

  // Multipart only here, so no other route accepts a multipart body.
  const avatarUpload: FastifyPluginAsyncZod = async (avatarApp) => {
    await avatarApp.register(multipart, {
      limits: { fileSize: workspaceAvatarMaxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
    });
    avatarApp.put('/workspaces/:id/avatar', {
      config: superAdmin,
      schema: {
        tags,
        summary: 'Cambia la imagen de un espacio de trabajo (PNG o JPG de hasta 1 MB, parte "avatar")',
        consumes: ['multipart/form-data'],
        params: WorkspaceParamsSchema,
        response: { 200: WorkspaceDetailSchema, ...errorAnswers(400, 401, 403, 404, 413, 415) },
      },
    }, async (request) => replaceAvatar(
      app.db, request.params.id, await readAvatarPart(avatarApp, request), auditActorOf(request),
    ));
  };
  await app.register(avatarUpload);
};
