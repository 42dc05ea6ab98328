import multipart from '@fastify/multipart';
import {
  DeleteManySchema, EmployeeImportReportSchema, EmployeeInputSchema, EmployeePageSchema, EmployeeSchema,
  EmployeesQuerySchema, EmployeesRemovedSchema, messages, todayInArgentina,
} from '@receta/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachmentDisposition } from '../../platform/files/content-disposition.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { multipartFailure } from '../../platform/files/multipart-failure.ts';
import { errorAnswers } from '../../platform/http/error-answers.ts';
import { actingAdministratorOf } from '../../platform/auth/acting-administrator.ts';
import {
  createEmployee, editEmployee, exportEmployees, importEmployees, listEmployees, removeEmployees, showEmployee,
} from './employees.service.ts';

const tags = ['antígenos'];
const see = { access: ['index.employee', 'owner.employee'] } as const;
const csvPart = 'file';
// 5000 rows of the longest valid employee stay under this.
const csvMaxBytes = 4 * 1024 * 1024;

const EmployeeParamsSchema = z.object({ id: z.uuid(messages.employees.notFound) });
/** An antigens administrator names the owner new employees join; an owner's account needs not. */
const TargetOwnerQuerySchema = z.object({ ownerId: z.uuid(messages.owners.notFound).optional() });
const ExportQuerySchema = EmployeesQuerySchema.pick({ q: true, lastResult: true, ownerId: true });

/** The `file` part of an import, read into memory within the size limit. */
async function readCsvPart(app: FastifyInstance, request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', messages.upload.fileMissing, 'uploadFail');
  try {
    const part = await request.file();
    if (!part || part.fieldname !== csvPart) throw new AppError('invalid_data', messages.upload.fileMissing, 'uploadFail');
    return await part.toBuffer();
  } catch (error) {
    throw multipartFailure(app, error, new AppError('payload_too_large', messages.employees.csvTooLarge, 'csvTooLarge'));
  }
}

/**
 * The employees of the owners (spec section 2, /myEmployees): an owner's account works on its
 * own; an antigens administrator sees every owner's. Import from and export to CSV.
 */
export const employeesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/employees', {
    config: see,
    schema: {
      tags,
      summary: 'Lista los empleados con su último resultado; q busca en el nombre, el apellido y el DNI',
      querystring: EmployeesQuerySchema,
      response: { 200: EmployeePageSchema, ...errorAnswers(400, 401, 403, 404) },
    },
  }, (request) => listEmployees(app.db, actingAdministratorOf(request), request.query));

  app.get('/employees/export', {
    config: see,
    schema: {
      tags,
      summary: 'Descarga los empleados como CSV (UTF-8, separado por ";"), con los mismos filtros que la lista',
      querystring: ExportQuerySchema,
      produces: ['text/csv'],
    },
  }, async (request, reply) => {
    const csv = await exportEmployees(app.db, actingAdministratorOf(request), request.query);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', attachmentDisposition(`empleados-${todayInArgentina()}.csv`))
      // Personal data: no shared cache may keep a copy.
      .header('cache-control', 'private, no-store')
      .send(csv);
  });

  app.get('/employees/:id', {
    config: { access: ['show.employee', 'owner.employee'] },
    schema: {
      tags,
      summary: 'Muestra un empleado',
      params: EmployeeParamsSchema,
      response: { 200: EmployeeSchema, ...errorAnswers(400, 401, 403, 404) },
    },
  }, (request) => showEmployee(app.db, actingAdministratorOf(request), request.params.id));

  app.post('/employees', {
    config: { access: ['create.employee'] },
    schema: {
      tags,
      summary: 'Crea un empleado',
      querystring: TargetOwnerQuerySchema,
      body: EmployeeInputSchema,
      response: { 201: EmployeeSchema, ...errorAnswers(400, 401, 403, 404, 409) },
    },
  }, async (request, reply) => reply.status(201)
    .send(await createEmployee(app.db, actingAdministratorOf(request), request.body, request.query.ownerId)));

  app.put('/employees/:id', {
    config: { access: ['edit.employee'] },
    schema: {
      tags,
      summary: 'Edita un empleado',
      params: EmployeeParamsSchema,
      body: EmployeeInputSchema,
      response: { 200: EmployeeSchema, ...errorAnswers(400, 401, 403, 404, 409) },
    },
  }, (request) => editEmployee(app.db, actingAdministratorOf(request), request.params.id, request.body));

  app.delete('/employees', {
    config: { access: ['destroy.employee'] },
    schema: {
      tags,
      summary: 'Elimina empleados con sus tests: todos o ninguno',
      body: DeleteManySchema,
      response: { 200: EmployeesRemovedSchema, ...errorAnswers(400, 401, 403, 404) },
    },
  }, async (request) => ({
    deleted: await removeEmployees(app.db, actingAdministratorOf(request), request.body.ids),
    message: messages.employees.removed,
  }));

  // Multipart only here, so no other route accepts a multipart body.
  const csvImport: FastifyPluginAsyncZod = async (importApp) => {
    await importApp.register(multipart, {
      limits: { fileSize: csvMaxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
    });
    importApp.post('/employees/import', {
      config: { access: ['create.employee'] },
      schema: {
        tags,
        summary: 'Importa empleados de un CSV (parte "file"; columnas apellido, nombre, dni, fecha_nacimiento, email, telefono, puesto)',
        consumes: ['multipart/form-data'],
        querystring: TargetOwnerQuerySchema,
        response: { 200: EmployeeImportReportSchema, ...errorAnswers(400, 401, 403, 404, 413, 415) },
      },
    }, async (request) => importEmployees(
      app.db, actingAdministratorOf(request), await readCsvPart(importApp, request), request.query.ownerId,
    ));
  };
  await app.register(csvImport);
};
