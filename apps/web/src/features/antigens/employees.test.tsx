import { messages, type AntigenTest, type Employee, type EmployeeImportReport } from '@receta/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router.tsx';
import { stubApi } from '../../test/fake-api.ts';
import { FakeUpload } from '../../test/fake-upload.ts';
import { makeUser, renderRoutes } from '../../test/render.tsx';

const employeeId = '5d2a8c4e-1b3f-4a6d-8e9c-0f1a2b3c4d5e';

const owner = makeUser({
  roles: ['antigens.owner'],
  scope: ['owner.employee', 'index.employee', 'show.employee', 'create.employee', 'edit.employee', 'destroy.employee'],
  termsAndConditions: '2026-01-01T00:00:00Z',
});

function makeEmployee(overrides: Partial<Employee> = {}): Employee {
  return {
    id: employeeId,
    ownerId: '0b6c1f3e-8a4d-4c2b-9f1e-2d3c4b5a6f70',
    name: 'Juan',
    lastName: 'Gómez',
    dni: '30123456',
    birthDate: '1990-05-20',
    email: null,
    phone: null,
    position: 'Cocinero',
    lastResult: 'negative',
    lastTestedOn: '2026-03-02',
    createdAt: '2026-01-10T12:00:00.000Z',
    ...overrides,
  };
}

function makeTest(overrides: Partial<AntigenTest> = {}): AntigenTest {
  return {
    id: 't1',
    employeeId,
    testedOn: '2026-03-02',
    result: 'negative',
    place: 'Laboratorio Norte',
    certificateUrl: null,
    recordedBy: { id: 'user-1', displayName: 'Escuela Norte' },
    createdAt: '2026-03-02T15:00:00.000Z',
    ...overrides,
  };
}

function pageOf<Item>(items: Item[], total = items.length) {
  return { items, total, page: 1, pageSize: 10 };
}

beforeEach(() => FakeUpload.install());

describe('my employees', () => {
  it('shows each employee\'s last result and date, and filters by the last result on the server', async () => {
    const requests = stubApi({ 'GET /api/employees': () => pageOf([makeEmployee()]) });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/myEmployees', user: owner });

    const row = (await screen.findByText('Gómez')).closest('tr');
    // Twice: its column on a computer, under the name on a phone.
    expect(row && within(row).getAllByText('Negativo')).toHaveLength(2);
    expect(row && within(row).getByText('02/03/2026')).toBeTruthy();

    const filters = screen.getByRole('group', { name: 'Último resultado' });
    await user.click(within(filters).getByRole('button', { name: 'Positivo' }));
    await waitFor(() => expect(requests.at(-1)?.url.searchParams.get('lastResult')).toBe('positive'));
    expect(within(filters).getByRole('button', { name: 'Positivo' }).getAttribute('aria-pressed')).toBe('true');

    await user.click(within(filters).getByRole('button', { name: 'Sin test' }));
    await waitFor(() => expect(requests.at(-1)?.url.searchParams.get('lastResult')).toBe('none'));

    expect(requests[0]?.url.searchParams.has('lastResult')).toBe(false);
    await user.click(within(filters).getByRole('button', { name: 'Todos' }));
    expect(within(filters).getByRole('button', { name: 'Todos' }).getAttribute('aria-pressed')).toBe('true');
    expect(await screen.findByText('Gómez')).toBeTruthy();
  });

  it('imports a CSV and lists the refused lines with their reasons', async () => {
    const report: EmployeeImportReport = {
      created: 2,
      refused: [
        { line: 3, errors: [{ field: 'dni', message: messages.employees.dniTaken }] },
        { line: 5, errors: [{ field: 'fecha_nacimiento', message: messages.antigens.birthDateInvalid }] },
      ],
      message: messages.employees.imported,
    };
    stubApi({ 'GET /api/employees': () => pageOf([]), 'POST /api/employees/import': () => report });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/myEmployees', user: owner });

    await screen.findByText(messages.employees.empty);
    const csv = new File(['apellido;nombre;dni\n'], 'empleados.csv', { type: 'text/csv' });
    await user.upload(screen.getByLabelText('Archivo CSV de empleados'), csv);

    const dialog = await screen.findByRole('dialog', { name: 'Resultado de la importación' });
    expect(within(dialog).getByText('Se crearon 2 empleados.')).toBeTruthy();
    const refused = within(dialog).getByRole('table', { name: 'Líneas no importadas' });
    const lines = within(refused).getAllByRole('row').slice(1);
    expect(lines.map((line) => line.textContent)).toEqual([
      `3dni: ${messages.employees.dniTaken}`,
      `5fecha_nacimiento: ${messages.antigens.birthDateInvalid}`,
    ]);

    const [, init] = vi.mocked(fetch).mock.calls.find(([input]) => input === '/api/employees/import') ?? [];
    const sent = init?.body instanceof FormData ? init.body.get('file') : null;
    expect(sent instanceof File && sent.name).toBe('empleados.csv');
  });

  it('records a test with its date, result, place and uploaded certificate', async () => {
    const requests = stubApi({
      'GET /api/employees': () => pageOf([makeEmployee()]),
      [`GET /api/employees/${employeeId}/tests`]: () => [makeTest()],
      [`POST /api/employees/${employeeId}/tests`]: () => makeTest({ id: 't2', result: 'positive' }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/myEmployees', user: owner });

    await user.click(await screen.findByRole('button', { name: 'Tests de antígenos de Gómez, Juan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tests de antígenos de Juan Gómez' });
    expect(await within(dialog).findByText('En Laboratorio Norte · Registrado por Escuela Norte')).toBeTruthy();

    const date = within(dialog).getByRole('textbox', { name: /Fecha del test/ });
    await user.clear(date);
    await user.type(date, '01012099');
    await user.tab();
    expect(within(dialog).getByText(messages.antigens.testDateInvalid)).toBeTruthy();
    await user.clear(date);
    await user.type(date, '15062025');

    await user.click(within(dialog).getByRole('radio', { name: 'Positivo' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Lugar/ }), 'Farmacia Central');
    await user.upload(within(dialog).getByLabelText('Certificado'), new File(['%PDF-1.4'], 'certificado.pdf', { type: 'application/pdf' }));
    const upload = FakeUpload.requests[0];
    expect(upload?.file?.name).toMatch(/certificado\.pdf$/);
    act(() => upload?.respond(201, { attachment: { location: '/api/files/f9' } }));
    expect(await within(dialog).findByText('Certificado: certificado.pdf')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Registrar' }));

    expect(await screen.findByText(messages.employees.testRecorded)).toBeTruthy();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      testedOn: '2025-06-15', result: 'positive', place: 'Farmacia Central', certificate: '/api/files/f9',
    });
  });
});
