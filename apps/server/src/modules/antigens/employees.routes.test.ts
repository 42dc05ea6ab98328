import { messages, type Employee, type EmployeeImportReport, type EmployeePage } from '@receta/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInWithRoles } from '../../../test/factories/administrators.ts';
import {
  createEmployee, employeeInput, importCsv, recordTest, signedInOwner, type SignedInOwner,
} from '../../../test/factories/antigens.ts';
import { samplePng } from '../../../test/factories/uploads.ts';
import { useTestApp } from '../../../test/helper.ts';
import { employees } from '../../db/schema/index.ts';

const test = useTestApp();
let antigensAdmin: Record<string, string>;
let owner: SignedInOwner;
let otherOwner: SignedInOwner;

beforeAll(async () => {
  antigensAdmin = (await signedInWithRoles(test.app, ['antigens.admin'])).headers;
  owner = await signedInOwner(test.app, antigensAdmin, { name: 'Escuela Norte' });
  otherOwner = await signedInOwner(test.app, antigensAdmin, { name: 'Fábrica Sur' });
});

function list(query = '', headers: Record<string, string> = owner.headers) {
  return test.app.inject({ url: `/api/employees${query}`, headers });
}

async function dnisListed(query: string, headers: Record<string, string> = owner.headers): Promise<string[]> {
  const response = await list(query, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<EmployeePage>().items.map((employee) => employee.dni);
}

async function storedEmployee(id: string) {
  const [row] = await test.app.db.select().from(employees).where(eq(employees.id, id));
  return row;
}

describe('employees CRUD', () => {
  it('creates, shows, edits and removes an employee of the owner', async () => {
    const input = employeeInput({ lastName: 'Núñez', position: '' });
    const created = await test.app.inject({ method: 'POST', url: '/api/employees', headers: owner.headers, payload: input });
    expect(created.statusCode, created.body).toBe(201);
    const employee = created.json<Employee>();
    expect(employee).toMatchObject({
      ownerId: owner.owner.id, lastName: 'Núñez', dni: input.dni, position: null, lastResult: null, lastTestedOn: null,
    });

    const shown = await test.app.inject({ url: `/api/employees/${employee.id}`, headers: owner.headers });
    expect(shown.json()).toEqual(employee);

    const edited = await test.app.inject({
      method: 'PUT', url: `/api/employees/${employee.id}`, headers: owner.headers, payload: { ...input, position: 'Portero' },
    });
    expect(edited.json()).toMatchObject({ id: employee.id, position: 'Portero' });

    const removed = await test.app.inject({ method: 'DELETE', url: '/api/employees', headers: owner.headers, payload: { ids: [employee.id] } });
    expect(removed.json()).toEqual({ deleted: [employee.id], message: messages.employees.removed });
    expect(await storedEmployee(employee.id)).toBeUndefined();
  });

  it('refuses a DNI the owner already has, on the DNI field, but not one of another owner', async () => {
    const first = await createEmployee(test.app, owner.headers);
    const again = await test.app.inject({ method: 'POST', url: '/api/employees', headers: owner.headers, payload: employeeInput({ dni: first.dni }) });
    expect(again.json()).toMatchObject({ statusCode: 409, fields: [{ field: 'body.dni', message: messages.employees.dniTaken }] });
    await expect(createEmployee(test.app, otherOwner.headers, { dni: first.dni }))
      .resolves.toMatchObject({ dni: first.dni });
  });

  it('refuses invalid data with the form messages', async () => {
    const response = await test.app.inject({
      method: 'POST', url: '/api/employees', headers: owner.headers, payload: employeeInput({ dni: '12', birthDate: '2999-01-01' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      fields: expect.arrayContaining([
        { field: 'body.dni', message: messages.registration.dniMin },
        { field: 'body.birthDate', message: messages.antigens.birthDateInvalid },
      ]) as unknown,
    });
  });
});

describe('GET /api/employees', () => {
  let scope: SignedInOwner;

  beforeAll(async () => {
    scope = await signedInOwner(test.app, antigensAdmin);
    await createEmployee(test.app, scope.headers, { lastName: 'Álvarez', name: 'Rocío', dni: '20111222' });
    await createEmployee(test.app, scope.headers, { lastName: 'Benítez', name: 'Hugo', dni: '20333444' });
    await createEmployee(test.app, otherOwner.headers, { lastName: 'Álvarez', name: 'Rocío', dni: '20555666' });
  });

  it('lists only the owner own employees, searched by name without accents or by DNI', async () => {
    expect(await dnisListed('?sort=dni', scope.headers)).toEqual(['20111222', '20333444']);
    expect(await dnisListed('?q=rocio%20alvarez', scope.headers)).toEqual(['20111222']);
    expect(await dnisListed('?q=20333', scope.headers)).toEqual(['20333444']);
  });

  it('shows an antigens administrator every owner employees, and those of one owner when asked', async () => {
    expect(await dnisListed('?q=rocio&sort=dni', antigensAdmin)).toEqual(['20111222', '20555666']);
    expect(await dnisListed(`?q=rocio&ownerId=${otherOwner.owner.id}`, antigensAdmin)).toEqual(['20555666']);
  });

  it('does not let an owner see another owner employees through the ownerId filter', async () => {
    expect(await dnisListed(`?ownerId=${otherOwner.owner.id}`, scope.headers)).toEqual([]);
  });

  it('answers the owner not-found message to an owner account without an organisation', async () => {
    const stray = await signedInWithRoles(test.app, ['antigens.owner']);
    expect((await list('', stray.headers)).json()).toMatchObject({ statusCode: 404, message: messages.owners.notFound });
  });
});

describe('another owner ids', () => {
  let foreign: Employee;

  beforeAll(async () => {
    foreign = await createEmployee(test.app, otherOwner.headers, { position: 'Chofer' });
    await recordTest(test.app, otherOwner.headers, foreign.id);
  });

  const routes = [
    ['GET', (id: string) => `/api/employees/${id}`, undefined],
    ['PUT', (id: string) => `/api/employees/${id}`, () => employeeInput({ position: 'Intruso' })],
    ['DELETE', () => '/api/employees', (id: string) => ({ ids: [id] })],
    ['GET', (id: string) => `/api/employees/${id}/tests`, undefined],
    ['POST', (id: string) => `/api/employees/${id}/tests`, () => ({ testedOn: '2026-01-11', result: 'positive', place: 'Intruso' })],
  ] as const;

  it.each(routes)('%s %s answers the employee not-found message and changes nothing', async (method, url, payload) => {
    const response = await test.app.inject({
      method, url: url(foreign.id), headers: owner.headers, payload: payload?.(foreign.id),
    });
    expect(response.json()).toMatchObject({ statusCode: 404, message: messages.employees.notFound });
    expect(await storedEmployee(foreign.id)).toMatchObject({ position: 'Chofer', lastResult: 'negative' });
  });

  it('removes none of a list that mixes own and foreign ids', async () => {
    const own = await createEmployee(test.app, owner.headers);
    const response = await test.app.inject({
      method: 'DELETE', url: '/api/employees', headers: owner.headers, payload: { ids: [own.id, foreign.id] },
    });
    expect(response.json()).toMatchObject({ statusCode: 404, message: messages.employees.notFound });
    expect(await storedEmployee(own.id)).toBeDefined();
  });

  it('refuses to create employees for another owner', async () => {
    const response = await test.app.inject({
      method: 'POST', url: `/api/employees?ownerId=${otherOwner.owner.id}`, headers: owner.headers, payload: employeeInput(),
    });
    expect(response.json()).toMatchObject({ statusCode: 404, message: messages.owners.notFound });
  });

  it('leaves foreign employees out of an export', async () => {
    const response = await test.app.inject({ url: '/api/employees/export', headers: owner.headers });
    expect(response.body).not.toContain(foreign.dni);
  });
});

describe('POST /api/employees/import', () => {
  const header = 'apellido;nombre;dni;fecha_nacimiento;email;telefono;puesto';

  it('refuses a file that is not a CSV', async () => {
    const response = await importCsv(test.app, owner.headers, samplePng);
    expect(response.json()).toMatchObject({ statusCode: 400, message: messages.employees.csvInvalid });
  });

  it('refuses a malformed CSV and creates nothing', async () => {
    const dni = '41000001';
    const response = await importCsv(test.app, owner.headers, `${header}\nPaz;"Ana;${dni};01/02/1990;;;\n`);
    expect(response.json()).toMatchObject({ statusCode: 400, message: messages.employees.csvInvalid });
    expect(await dnisListed(`?q=${dni}`)).toEqual([]);
  });

  it('creates the good rows and reports each bad one with its line and Spanish messages (BOM, ";")', async () => {
    const existing = await createEmployee(test.app, owner.headers);
    const csv = [
      `\uFEFF${header}`,
      'Gómez;Lucía;41000010;21/03/1985;lucia@antigenos.test;1145678901;Cocinera',
      'Sosa;;41000011;1985-03-21;;;',
      'Ruiz;Pedro;12;31/02/1985;no-es-email;;',
      'Díaz;Eva;41000010;01/01/1990;;;',
      `Luna;Sol;${existing.dni};01/01/1990;;;`,
      '"Paz, hijo";"Juan ""Tito""";41000012;1990-12-31;;;"Chofer; turno noche"',
    ].join('\r\n');
    const response = await importCsv(test.app, owner.headers, csv);
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json<EmployeeImportReport>();
    expect(report).toEqual({
      created: 2,
      refused: [
        { line: 3, errors: [{ field: 'nombre', message: messages.common.required }] },
        {
          line: 4,
          errors: expect.arrayContaining([
            { field: 'dni', message: messages.registration.dniMin },
            { field: 'fecha_nacimiento', message: messages.antigens.birthDateInvalid },
            { field: 'email', message: messages.registration.emailInvalid },
          ]) as unknown,
        },
        { line: 5, errors: [{ field: 'dni', message: messages.employees.dniTaken }] },
        { line: 6, errors: [{ field: 'dni', message: messages.employees.dniTaken }] },
      ],
      message: messages.employees.imported,
    });
    const [imported] = (await list('?q=41000012')).json<EmployeePage>().items;
    expect(imported).toMatchObject({ lastName: 'Paz, hijo', name: 'Juan "Tito"', birthDate: '1990-12-31', position: 'Chofer; turno noche' });
    expect(await dnisListed('?q=41000010')).toEqual(['41000010']);
  });

  it('takes "," as separator', async () => {
    const response = await importCsv(test.app, owner.headers, `${header.replaceAll(';', ',')}\nLópez,Ana,41000020,01/02/1990,,,\n`);
    expect(response.json()).toMatchObject({ created: 1, refused: [] });
  });

  it('refuses more than 5000 rows', async () => {
    const rows = Array.from({ length: 5001 }, (_row, index) => `Paz;Ana;${50_000_000 + index};01/02/1990;;;`);
    const response = await importCsv(test.app, owner.headers, [header, ...rows].join('\n'));
    expect(response.json()).toMatchObject({ statusCode: 413, message: messages.employees.csvTooLarge });
  });

  it('asks an antigens administrator which owner the employees join', async () => {
    const csv = `${header}\nPaz;Ana;41000030;01/02/1990;;;\n`;
    expect((await importCsv(test.app, antigensAdmin, csv)).statusCode).toBe(403);
    const superadmin = await signedInWithRoles(test.app, ['superadmin']);
    expect((await importCsv(test.app, superadmin.headers, csv)).json())
      .toMatchObject({ statusCode: 400, fields: [{ field: 'querystring.ownerId', message: messages.common.required }] });
    expect((await importCsv(test.app, superadmin.headers, csv, `?ownerId=${otherOwner.owner.id}`)).json())
      .toMatchObject({ created: 1 });
  });
});

describe('GET /api/employees/export', () => {
  it('downloads the employees as a UTF-8 CSV with a BOM, for Excel', async () => {
    const scope = await signedInOwner(test.app, antigensAdmin);
    const employee = await createEmployee(test.app, scope.headers, {
      lastName: 'Muñoz', name: 'José', dni: '42000001', birthDate: '1970-07-09', email: null, phone: null, position: null,
    });
    await recordTest(test.app, scope.headers, employee.id, { testedOn: '2026-02-03', result: 'positive' });
    await createEmployee(test.app, scope.headers, { lastName: 'Zapata', dni: '42000002' });

    const response = await test.app.inject({ url: '/api/employees/export', headers: scope.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="empleados-\d{4}-\d\d-\d\d\.csv"/);
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines).toEqual([
      'apellido;nombre;dni;fecha_nacimiento;email;telefono;puesto;ultimo_resultado;fecha_ultimo_test',
      'Muñoz;José;42000001;09/07/1970;;;;Positivo;03/02/2026',
      expect.stringMatching(/^Zapata;Juan;42000002;21\/03\/1985;.*;;$/) as unknown,
      '',
    ]);

    const filtered = await test.app.inject({ url: '/api/employees/export?lastResult=none', headers: scope.headers });
    expect(filtered.body).not.toContain('Muñoz');
    expect(filtered.body).toContain('Zapata');
  });
});
