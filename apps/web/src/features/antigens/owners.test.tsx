import { messages, type Owner } from '@receta/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/router.tsx';
import { errorResponse, stubApi } from '../../test/fake-api.ts';
import { makeUser, renderRoutes } from '../../test/render.tsx';

const ownerId = '0b6c1f3e-8a4d-4c2b-9f1e-2d3c4b5a6f70';

const antigensAdmin = makeUser({
  roles: ['antigens.admin'],
  scope: ['index.owner', 'show.owner', 'create.owner', 'edit.owner', 'destroy.owner', 'index.employee', 'show.employee'],
  termsAndConditions: '2026-01-01T00:00:00Z',
});

function makeOwner(overrides: Partial<Owner> = {}): Owner {
  return {
    id: ownerId,
    name: 'Escuela Norte',
    cuit: '30712345671',
    address: 'Av. Siempreviva 742',
    province: 'Córdoba',
    contactName: 'Laura Díaz',
    email: 'escuela@example.com',
    phone: '3514567890',
    userId: 'u-owner',
    employeeCount: 12,
    createdAt: '2026-02-01T12:00:00.000Z',
    ...overrides,
  };
}

function pageOf<Item>(items: Item[], total = items.length) {
  return { items, total, page: 1, pageSize: 10 };
}

const validOwner = {
  name: 'Residencia Sol',
  cuit: '20123456786',
  address: 'San Martín 100',
  province: 'Córdoba',
  contactName: 'Pedro Ruiz',
  email: 'sol@example.com',
  phone: '3517654321',
};

async function fillOwnerForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByRole('textbox', { name: /Nombre o razón social/ }), validOwner.name);
  await user.type(screen.getByRole('textbox', { name: /CUIT/ }), validOwner.cuit);
  await user.type(screen.getByRole('textbox', { name: /Dirección/ }), validOwner.address);
  await user.type(screen.getByRole('combobox', { name: /Provincia/ }), 'Córd');
  await user.click(await screen.findByRole('option', { name: 'Córdoba' }));
  await user.type(screen.getByRole('textbox', { name: /Persona de contacto/ }), validOwner.contactName);
  await user.type(screen.getByRole('textbox', { name: /Email/ }), validOwner.email);
  await user.type(screen.getByRole('textbox', { name: /Teléfono/ }), validOwner.phone);
}

describe('owners list', () => {
  it('lists the owners, searches on the server and deletes the chosen ones once confirmed', async () => {
    const requests = stubApi({
      'GET /api/owners': () => pageOf([makeOwner()]),
      'DELETE /api/owners': () => ({ deleted: [ownerId], message: messages.owners.removed }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/owners', user: antigensAdmin });

    const row = (await screen.findByRole('link', { name: 'Escuela Norte' })).closest('tr');
    expect(row && within(row).getByText('30712345671')).toBeTruthy();
    expect(row && within(row).getByText('12')).toBeTruthy();

    await user.type(screen.getByRole('searchbox', { name: 'Buscar por nombre, CUIT o email' }), 'norte');
    await waitFor(() => expect(requests.at(-1)?.url.searchParams.get('q')).toBe('norte'));

    await user.click(screen.getByRole('checkbox', { name: 'Elegir Escuela Norte' }));
    await user.click(screen.getByRole('button', { name: 'Eliminar 1 elegido' }));
    expect(screen.getByText('¿Elimina al dueño elegido? También se eliminan sus empleados y su cuenta.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Eliminar' }));

    expect(await screen.findByText(messages.owners.removed)).toBeTruthy();
    expect(requests.find((request) => request.method === 'DELETE')?.body).toEqual({ ids: [ownerId] });
  });

  it('says there are no owners, and that none matches a search', async () => {
    stubApi({ 'GET /api/owners': () => pageOf([]) });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/owners', user: antigensAdmin });

    expect(await screen.findByText(messages.owners.empty)).toBeTruthy();
    await user.type(screen.getByRole('searchbox', { name: 'Buscar por nombre, CUIT o email' }), 'xyz');
    expect(await screen.findByText(messages.owners.notFound)).toBeTruthy();
  });
});

describe('owner form', () => {
  it('refuses a CUIT whose check digit is wrong and asks for the required fields', async () => {
    const requests = stubApi({});
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/owners/new', user: antigensAdmin });

    const name = await screen.findByRole('textbox', { name: /Nombre o razón social/ });
    await user.click(name);
    await user.type(screen.getByRole('textbox', { name: /CUIT/ }), '27301234567');
    await user.tab();

    expect(screen.getByText('Su CUIT no es válido.')).toBeTruthy();
    expect(screen.getByText(messages.common.required)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.getAllByText(messages.common.required).length).toBeGreaterThan(1));
    expect(screen.getByText('Su CUIT no es válido.')).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('creates an owner with the form\'s data and says the invitation was mailed', async () => {
    const requests = stubApi({
      'POST /api/owners': () => makeOwner({ ...validOwner }),
      'GET /api/owners': () => pageOf([makeOwner({ ...validOwner })]),
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: '/owners/new', user: antigensAdmin });

    await fillOwnerForm(user);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText(messages.owners.created)).toBeTruthy();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual(validOwner);
    await waitFor(() => expect(router.state.location.pathname).toBe('/owners'));
  });

  it('shows a CUIT taken by another owner under its field, and the owner\'s employees below the form', async () => {
    const cuitTaken = messages.owners.cuitTaken;
    const requests = stubApi({
      [`GET /api/owners/${ownerId}`]: () => makeOwner(),
      [`PUT /api/owners/${ownerId}`]: () => errorResponse(409, cuitTaken, {
        errorCode: 'identifierTaken', fields: [{ field: 'body.cuit', message: cuitTaken }],
      }),
      'GET /api/employees': () => pageOf([]),
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: `/owners/${ownerId}`, user: antigensAdmin });

    const cuit = await screen.findByRole('textbox', { name: /CUIT/ });
    expect((cuit as HTMLInputElement).value).toBe('30712345671');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    await waitFor(() => expect(cuit.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText(cuitTaken).length).toBeGreaterThan(0);
    expect(requests.find((request) => request.method === 'PUT')?.body).toMatchObject({ cuit: '30712345671', province: 'Córdoba' });

    expect(await screen.findByText(messages.employees.empty)).toBeTruthy();
    const employeesRequest = requests.find((request) => request.path === '/api/employees');
    expect(employeesRequest?.url.searchParams.get('ownerId')).toBe(ownerId);
  });
});
