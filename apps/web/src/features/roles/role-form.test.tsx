import { messages, type Role } from '@receta/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/router.tsx';
import { errorResponse, stubApi } from '../../test/fake-api.ts';
import { makeUser, renderRoutes } from '../../test/render.tsx';

const superadmin = makeUser({
  roles: ['superadmin'],
  scope: ['index.role', 'create.role', 'edit.role', 'show.role'],
  termsAndConditions: '2026-01-01T00:00:00Z',
});

function makeRole(overrides: Partial<Role> = {}): Role {
  return {
    id: 'r1', slug: 'fds.provider', name: 'Prestador', description: '', landingPage: '/prescriptions',
    permissions: ['index.prescription', 'show.prescription'], isBuiltIn: true, userCount: 2, createdAt: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

describe('role form', () => {
  it('chooses a whole group with its box, shows a dash when only part is chosen, and sends the permissions', async () => {
    const requests = stubApi({ 'POST /api/roles': () => makeRole({ isBuiltIn: false }) });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/roles/new', user: superadmin });

    const roleGroup = await screen.findByRole('group', { name: 'Roles' });
    const groupBox = within(roleGroup).getByRole('checkbox', { name: 'Todos los permisos de Roles' });
    await user.click(groupBox);
    for (const permission of ['Ver la lista de roles', 'Ver un rol', 'Crear roles', 'Editar roles', 'Eliminar roles']) {
      expect(within(roleGroup).getByRole<HTMLInputElement>('checkbox', { name: permission }).checked).toBe(true);
    }

    await user.click(within(roleGroup).getByRole('checkbox', { name: 'Eliminar roles' }));
    expect(groupBox.getAttribute('data-indeterminate')).toBe('true');

    await user.type(screen.getByRole('textbox', { name: /Nombre/ }), 'Auditor');
    await user.type(screen.getByRole('textbox', { name: /Identificador/ }), 'auditor');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    await waitFor(() => expect(requests.some((request) => request.method === 'POST')).toBe(true));
    const sent = requests.find((request) => request.method === 'POST')?.body as { permissions: string[]; slug: string };
    expect(sent.slug).toBe('auditor');
    expect(sent.permissions).toEqual(['index.role', 'show.role', 'create.role', 'edit.role']);
  });

  it('describes every permission in Spanish words, not by its identifier', async () => {
    stubApi({});
    renderRoutes(routes, { path: '/roles/new', user: superadmin });

    const prescriptions = await screen.findByRole('group', { name: 'Prescripciones' });
    expect(within(prescriptions).getByRole('checkbox', { name: 'Firmar prescripciones con su PIN' })).toBeTruthy();
    const users = screen.getByRole('group', { name: 'Usuarios' });
    expect(within(users).getByRole('checkbox', { name: 'Ver las cuentas que esperan autorización' })).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Otros' })).getByRole('checkbox', { name: 'Escanear el código QR de una prescripción' })).toBeTruthy();
    expect(screen.queryAllByRole('checkbox', { name: /^[a-z]+(\.[a-z]+)+$/ })).toEqual([]);
    expect(screen.queryByText('sign.prescription')).toBeNull();
  });

  it('asks for at least one permission', async () => {
    stubApi({});
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/roles/new', user: superadmin });

    await user.type(await screen.findByRole('textbox', { name: /Nombre/ }), 'Auditor');
    await user.type(screen.getByRole('textbox', { name: /Identificador/ }), 'auditor');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('Elija al menos un permiso.')).toBeTruthy();
  });

  it('shows a built-in role with its slug and permissions read-only, and sends only what may change', async () => {
    const requests = stubApi({ 'GET /api/roles/r1': () => makeRole(), 'PUT /api/roles/r1': () => makeRole({ name: 'Prestadores' }) });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/roles/r1/edit', user: superadmin });

    expect(await screen.findByText(/Es un rol predefinido/)).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /Identificador/ }).disabled).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Ver la lista de prescripciones' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Todos los permisos de Roles' }).disabled).toBe(true);

    const name = screen.getByRole('textbox', { name: /Nombre/ });
    await user.clear(name);
    await user.type(name, 'Prestadores');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    await waitFor(() => expect(requests.some((request) => request.method === 'PUT')).toBe(true));
    const sent = requests.find((request) => request.method === 'PUT')?.body as Record<string, unknown>;
    expect(sent).toEqual({ name: 'Prestadores', description: '', landingPage: '/prescriptions' });
  });

  it('shows the server\'s refusal of the identifier on that field', async () => {
    const slugTaken = messages.roles.slugTaken;
    stubApi({
      'POST /api/roles': () => errorResponse(409, slugTaken, { errorCode: 'slugTaken', fields: [{ field: 'body.slug', message: slugTaken }] }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/roles/new', user: superadmin });

    await user.type(await screen.findByRole('textbox', { name: /Nombre/ }), 'Auditor');
    const slug = screen.getByRole('textbox', { name: /Identificador/ });
    await user.type(slug, 'auditor');
    await user.click(within(await screen.findByRole('group', { name: 'Roles' })).getByRole('checkbox', { name: 'Ver la lista de roles' }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    await waitFor(() => expect(slug.getAttribute('aria-invalid')).toBe('true'));
    const helperText = document.getElementById(slug.getAttribute('aria-describedby') ?? '');
    expect(helperText?.textContent).toBe(slugTaken);
  });
});
