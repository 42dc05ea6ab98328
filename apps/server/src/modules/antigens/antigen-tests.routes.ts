import { AntigenTestInputSchema, AntigenTestSchema, MessageAnswerSchema, messages } from '@receta/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inlineDisposition } from '../../platform/files/content-disposition.ts';
import { errorAnswers } from '../../platform/http/error-answers.ts';
import { actingAdministratorOf } from '../../platform/auth/acting-administrator.ts';
import { listTests, readCertificate, recordTest, removeTest } from './antigen-tests.service.ts';

const tags = ['antígenos'];
const see = { access: ['show.employee', 'owner.employee'] } as const;
const record = { access: ['create.employee', 'edit.employee'] } as const;

const EmployeeParamsSchema = z.object({ id: z.uuid(messages.employees.notFound) });
const TestParamsSchema = z.object({
  employeeId: z.uuid(messages.employees.notFound),
  testId: z.uuid(messages.employees.testNotFound),
});

/** The rapid antigen tests of an employee, with their certificates. */
export const antigenTestsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/employees/:id/tests', {
    config: see,
    schema: {
      tags,
      summary: 'Lista los tests de un empleado, el más reciente primero',
      params: EmployeeParamsSchema,
      response: { 200: z.array(AntigenTestSchema), ...errorAnswers(400, 401, 403, 404) },
    },
  }, (request) => listTests(app.db, actingAdministratorOf(request), request.params.id));

  app.post('/employees/:id/tests', {
    config: record,
    schema: {
      tags,
      summary: 'Registra un test; certificate es la ubicación de un archivo subido con POST /api/doctors/uploadFile',
      params: EmployeeParamsSchema,
      body: AntigenTestInputSchema,
      response: { 201: AntigenTestSchema, ...errorAnswers(400, 401, 403, 404) },
    },
  }, async (request, reply) => reply.status(201)
    .send(await recordTest(app.db, actingAdministratorOf(request), request.params.id, request.body)));

  app.delete('/employees/:employeeId/tests/:testId', {
    config: { access: ['edit.employee'] },
    schema: {
      tags,
      summary: 'Elimina un test; el último resultado del empleado se recalcula',
      params: TestParamsSchema,
      response: { 200: MessageAnswerSchema, ...errorAnswers(400, 401, 403, 404) },
    },
  }, async (request) => {
    await removeTest(app.db, actingAdministratorOf(request), request.params.employeeId, request.params.testId);
    return { message: messages.employees.testRemoved };
  });

  app.get('/employees/:employeeId/tests/:testId/certificate', {
    config: see,
    schema: {
      tags,
      summary: 'Muestra el certificado de un test a quien puede ver al empleado',
      params: TestParamsSchema,
      produces: ['application/pdf', 'image/png', 'image/jpeg'],
    },
  }, async (request, reply) => {
    const { employeeId, testId } = request.params;
    const file = await readCertificate(app.db, actingAdministratorOf(request), employeeId, testId);
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', inlineDisposition(file.name))
      .header('x-content-type-options', 'nosniff')
      // Health data: no shared cache may keep a copy.
      .header('cache-control', 'private, no-store')
      .send(file.content);
  });
};
