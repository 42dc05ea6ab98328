import { messages, type AntigenTest, type Employee, type EmployeePage } from '@receta/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInWithRoles } from '../../../test/factories/administrators.ts';
import { createEmployee, recordTest, signedInOwner, type SignedInOwner } from '../../../test/factories/antigens.ts';
import { samplePdf, samplePng, uploadedLocation } from '../../../test/factories/uploads.ts';
import { useTestApp } from '../../../test/helper.ts';
import { employees, files } from '../../db/schema/index.ts';

const test = useTestApp();
let antigensAdmin: Record<string, string>;
let owner: SignedInOwner;
let otherOwner: SignedInOwner;

beforeAll(async () => {
  antigensAdmin = (await signedInWithRoles(test.app, ['antigens.admin'])).headers;
  owner = await signedInOwner(test.app, antigensAdmin);
  otherOwner = await signedInOwner(test.app, antigensAdmin);
});

async function lastResultOf(id: string) {
  const [row] = await test.app.db.select({ lastResult: employees.lastResult, lastTestedOn: employees.lastTestedOn })
    .from(employees).where(eq(employees.id, id));
  return row;
}

function testsOf(employeeId: string, headers: Record<string, string> = owner.headers) {
  return test.app.inject({ url: `/api/employees/${employeeId}/tests`, headers });
}

function removeTest(employeeId: string, testId: string, headers: Record<string, string> = owner.headers) {
  return test.app.inject({ method: 'DELETE', url: `/api/employees/${employeeId}/tests/${testId}`, headers });
}

describe('recording tests', () => {
  it('records a test with who recorded it and keeps the latest test date as the last result', async () => {
    const employee = await createEmployee(test.app, owner.headers);
    const first = await recordTest(test.app, owner.headers, employee.id, { testedOn: '2026-01-10', result: 'negative' });
    expect(first).toEqual({
      id: expect.any(String) as unknown,
      employeeId: employee.id,
      testedOn: '2026-01-10',
      result: 'negative',
      place: 'Laboratorio Central',
      certificateUrl: null,
      recordedBy: { id: owner.owner.userId, displayName: owner.owner.name },
      createdAt: expect.any(String) as unknown,
    });
    expect(await lastResultOf(employee.id)).toEqual({ lastResult: 'negative', lastTestedOn: '2026-01-10' });

    // An older test recorded later does not replace the newer result.
    await recordTest(test.app, owner.headers, employee.id, { testedOn: '2025-12-01', result: 'positive' });
    expect(await lastResultOf(employee.id)).toEqual({ lastResult: 'negative', lastTestedOn: '2026-01-10' });

    // Of two tests the same day, the one recorded last wins.
    const sameDay = await recordTest(test.app, owner.headers, employee.id, { testedOn: '2026-01-10', result: 'invalid' });
    expect(await lastResultOf(employee.id)).toEqual({ lastResult: 'invalid', lastTestedOn: '2026-01-10' });

    const listed = (await testsOf(employee.id)).json<AntigenTest[]>();
    expect(listed.map((antigenTest) => [antigenTest.testedOn, antigenTest.result]))
      .toEqual([['2026-01-10', 'invalid'], ['2026-01-10', 'negative'], ['2025-12-01', 'positive']]);

    const removed = await removeTest(employee.id, sameDay.id);
    expect(removed.json()).toEqual({ message: messages.employees.testRemoved });
    expect(await lastResultOf(employee.id)).toEqual({ lastResult: 'negative', lastTestedOn: '2026-01-10' });
    await removeTest(employee.id, first.id);
    expect(await lastResultOf(employee.id)).toEqual({ lastResult: 'positive', lastTestedOn: '2025-12-01' });
  });

  it('clears the last result when the only test is removed', async () => {
    const employee = await createEmployee(test.app, owner.headers);
    const only = await recordTest(test.app, owner.headers, employee.id);
    await removeTest(employee.id, only.id);
    expect(await lastResultOf(employee.id)).toEqual({ lastResult: null, lastTestedOn: null });
  });

  it('refuses a future test date and an unknown result with the form messages', async () => {
    const employee = await createEmployee(test.app, owner.headers);
    const response = await test.app.inject({
      method: 'POST', url: `/api/employees/${employee.id}/tests`, headers: owner.headers,
      payload: { testedOn: '2999-01-01', result: 'maybe', place: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      fields: expect.arrayContaining([
        { field: 'body.testedOn', message: messages.antigens.testDateInvalid },
        { field: 'body.place', message: messages.common.required },
      ]) as unknown,
    });
  });

  it('answers the test not-found message for a test of another employee', async () => {
    const [one, two] = [await createEmployee(test.app, owner.headers), await createEmployee(test.app, owner.headers)];
    const antigenTest = await recordTest(test.app, owner.headers, one.id);
    expect((await removeTest(two.id, antigenTest.id)).json())
      .toMatchObject({ statusCode: 404, message: messages.employees.testNotFound });
    expect(await lastResultOf(one.id)).toMatchObject({ lastResult: 'negative' });
  });

  it('is refused to an antigens administrator, who only sees', async () => {
    const employee = await createEmployee(test.app, owner.headers);
    const response = await test.app.inject({
      method: 'POST', url: `/api/employees/${employee.id}/tests`, headers: antigensAdmin,
      payload: { testedOn: '2026-01-10', result: 'negative', place: 'Laboratorio' },
    });
    expect(response.statusCode).toBe(403);
    expect((await testsOf(employee.id, antigensAdmin)).statusCode).toBe(200);
  });
});

describe('certificates', () => {
  let employee: Employee;
  let withCertificate: AntigenTest;

  beforeAll(async () => {
    employee = await createEmployee(test.app, owner.headers);
    const certificate = await uploadedLocation(test.app, { content: samplePdf, filename: 'certificado.pdf' });
    withCertificate = await recordTest(test.app, owner.headers, employee.id, { certificate });
  });

  it('serves the certificate to who may see the employee', async () => {
    expect(withCertificate.certificateUrl).toBe(`/api/employees/${employee.id}/tests/${withCertificate.id}/certificate`);
    for (const headers of [owner.headers, antigensAdmin]) {
      const response = await test.app.inject({ url: withCertificate.certificateUrl ?? '', headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.rawPayload).toEqual(samplePdf);
    }
  });

  it('answers another owner as if the employee did not exist', async () => {
    const response = await test.app.inject({ url: withCertificate.certificateUrl ?? '', headers: otherOwner.headers });
    expect(response.json()).toMatchObject({ statusCode: 404, message: messages.employees.notFound });
  });

  it('refuses an upload already claimed, or a location this server did not hand out', async () => {
    const [claimed] = await test.app.db.select({ id: files.id }).from(files).where(eq(files.field, 'antigenCertificate'));
    for (const certificate of [`/api/files/${claimed?.id}`, 'https://example.com/x.pdf']) {
      const response = await test.app.inject({
        method: 'POST', url: `/api/employees/${employee.id}/tests`, headers: owner.headers,
        payload: { testedOn: '2026-01-10', result: 'negative', place: 'Laboratorio', certificate },
      });
      expect(response.json()).toMatchObject({
        statusCode: 400, fields: [{ field: 'body.certificate', message: messages.registration.attachmentInvalid }],
      });
    }
  });

  it('deletes the certificate with its test', async () => {
    const certificate = await uploadedLocation(test.app, { content: samplePng, filename: 'foto.png' });
    const antigenTest = await recordTest(test.app, owner.headers, employee.id, { certificate });
    const fileId = certificate.split('/').pop() ?? '';
    await removeTest(employee.id, antigenTest.id);
    expect(await test.app.db.select().from(files).where(eq(files.id, fileId))).toEqual([]);
  });
});

describe('the last result filter', () => {
  it('lists the employees by their last result, or those never tested', async () => {
    const scope = await signedInOwner(test.app, antigensAdmin);
    const positive = await createEmployee(test.app, scope.headers, { lastName: 'Positivo' });
    const negative = await createEmployee(test.app, scope.headers, { lastName: 'Negativo' });
    const untested = await createEmployee(test.app, scope.headers, { lastName: 'Sin Test' });
    await recordTest(test.app, scope.headers, positive.id, { result: 'positive' });
    await recordTest(test.app, scope.headers, negative.id, { result: 'negative' });

    const idsOf = async (query: string) => (await test.app.inject({ url: `/api/employees${query}`, headers: scope.headers }))
      .json<EmployeePage>().items.map((item) => item.id);
    expect(await idsOf('?lastResult=positive')).toEqual([positive.id]);
    expect(await idsOf('?lastResult=none')).toEqual([untested.id]);
    expect(await idsOf('?sort=lastTestedOn&order=desc&lastResult=negative')).toEqual([negative.id]);
    const [listed] = (await test.app.inject({ url: '/api/employees?lastResult=positive', headers: scope.headers })).json<EmployeePage>().items;
    expect(listed).toMatchObject({ lastResult: 'positive', lastTestedOn: '2026-01-10' });
  });
});
