import { randomUUID } from 'node:crypto';
import type { AntigenTest, AntigenTestInput, Employee, EmployeeInput, Owner, OwnerInput } from '@receta/domain';
import type { FastifyInstance } from 'fastify';
import { randomDni, validCuit } from './doctors.ts';
import { multipartBody } from './uploads.ts';
import { authorizationFor } from './users.ts';

/** An owner's data with a fresh CUIT and email; fields may be overridden. */
export function ownerInput(overrides: Partial<OwnerInput> = {}): OwnerInput & { email: string; cuit: string } {
  return {
    name: 'Colegio San Martín',
    cuit: validCuit(),
    address: 'Av. Rivadavia 5000',
    province: 'CABA',
    contactName: 'Laura Gómez',
    email: `duenio-${randomUUID().slice(0, 8)}@antigenos.test`,
    phone: '1145678901',
    ...overrides,
  };
}

/** Creates an owner through the API as `adminHeaders` (index.owner and create.owner). */
export async function createOwner(
  app: FastifyInstance, adminHeaders: Record<string, string>, overrides: Partial<OwnerInput> = {},
): Promise<Owner> {
  const response = await app.inject({ method: 'POST', url: '/api/owners', headers: adminHeaders, payload: ownerInput(overrides) });
  if (response.statusCode !== 201) throw new Error(`The owner was not created: ${response.body}`);
  return response.json<Owner>();
}

export interface SignedInOwner {
  owner: Owner;
  headers: { authorization: string };
}

/** An owner created through the API, with its account signed in. */
export async function signedInOwner(
  app: FastifyInstance, adminHeaders: Record<string, string>, overrides: Partial<OwnerInput> = {},
): Promise<SignedInOwner> {
  const owner = await createOwner(app, adminHeaders, overrides);
  if (!owner.userId) throw new Error('The owner has no account');
  return { owner, headers: await authorizationFor(app, owner.userId) };
}

/** An employee's data with a fresh DNI; fields may be overridden. */
export function employeeInput(overrides: Partial<EmployeeInput> = {}): EmployeeInput & { dni: string } {
  return {
    name: 'Juan',
    lastName: 'Pérez',
    dni: randomDni(),
    birthDate: '1985-03-21',
    email: 'juan.perez@antigenos.test',
    phone: '1156781234',
    position: 'Docente',
    ...overrides,
  };
}

/** Creates an employee through the API as `headers` (an owner's account, or an administrator naming `ownerId`). */
export async function createEmployee(
  app: FastifyInstance, headers: Record<string, string>, overrides: Partial<EmployeeInput> = {}, ownerId?: string,
): Promise<Employee> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/employees${ownerId ? `?ownerId=${ownerId}` : ''}`,
    headers,
    payload: employeeInput(overrides),
  });
  if (response.statusCode !== 201) throw new Error(`The employee was not created: ${response.body}`);
  return response.json<Employee>();
}

/** Records a test of an employee through the API. */
export async function recordTest(
  app: FastifyInstance, headers: Record<string, string>, employeeId: string, input: Partial<AntigenTestInput> = {},
): Promise<AntigenTest> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/employees/${employeeId}/tests`,
    headers,
    payload: { testedOn: '2026-01-10', result: 'negative', place: 'Laboratorio Central', ...input },
  });
  if (response.statusCode !== 201) throw new Error(`The test was not recorded: ${response.body}`);
  return response.json<AntigenTest>();
}

/** `POST /api/employees/import` with `content` as the CSV file. */
export async function importCsv(
  app: FastifyInstance, headers: Record<string, string>, content: string | Buffer, query = '',
) {
  const file = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  const body = await multipartBody([{ field: 'file', filename: 'empleados.csv', content: file, contentType: 'text/csv' }]);
  return app.inject({
    method: 'POST', url: `/api/employees/import${query}`, payload: body.payload, headers: { ...headers, ...body.headers },
  });
}
