import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router.tsx';
import { stubApi } from '../../test/fake-api.ts';
import { makeUser, renderRoutes } from '../../test/render.tsx';

const administrator = makeUser({
  roles: ['fds.admin'],
  scope: ['index.admin.fds', 'create.admin.fds', 'edit.admin.fds'],
  termsAndConditions: '2026-01-01T00:00:00Z',
});

const assignableRoles = {
  payload: [
    { slug: 'fds.admin', name: 'Administrador de firma digital', description: '' },
    { slug: 'fds.provider', name: 'Prestador', description: '' },
  ],
};

describe('administrator form', () => {
  it('asks for a valid email and at least one role before sending', async () => {
    const requests = stubApi({ 'GET /api/administrators/assignable-roles': () => assignableRoles });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/administrators/new', user: administrator });

    await user.type(await screen.findByRole('textbox', { name: /Email/ }), 'no-es-un-email');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('Ingrese un email válido.')).toBeTruthy();
    expect(screen.getByText('Elija al menos un rol.')).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('sends the roles in order, the one moved up first as the main role', async () => {
    const requests = stubApi({
      'GET /api/administrators/assignable-roles': () => assignableRoles,
      'POST /api/administrators': () => ({
        id: 'a1', email: 'ana@example.com', displayName: 'ana', roles: ['fds.provider', 'fds.admin'], roleNames: ['Prestador', 'Administrador de firma digital'], authorized: true, createdAt: '2026-01-01T00:00:00Z',
      }),
      'GET /api/administrators': () => ({ items: [], total: 0, page: 1, pageSize: 10 }),
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: '/administrators/new', user: administrator });

    await user.type(await screen.findByRole('textbox', { name: /Email/ }), 'ana@example.com');
    const addRole = screen.getByRole('combobox', { name: 'Agregar un rol' });
    await user.click(addRole);
    await user.click(await screen.findByRole('option', { name: /Administrador de firma digital/ }));
    await user.click(screen.getByRole('combobox', { name: 'Agregar un rol' }));
    await user.click(await screen.findByRole('option', { name: /Prestador/ }));
    await user.click(screen.getByRole('button', { name: 'Subir Prestador' }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/administrators'));
    const sent = requests.find((request) => request.method === 'POST')?.body;
    expect(sent).toEqual({ email: 'ana@example.com', roles: ['fds.provider', 'fds.admin'], authorized: true });
  });
});

describe('administrators page', () => {
  const ana = {
    id: 'a1', email: 'ana@example.com', displayName: 'Ana Prestadora', roles: ['fds.provider', 'fds.admin'],
    roleNames: ['Prestador', 'Administrador de firma digital'], authorized: true, createdAt: '2026-01-01T00:00:00Z',
  };

  it('shows each administrator\'s roles by name, the main one first, never their identifiers', async () => {
    stubApi({
      'GET /api/administrators': () => ({
        items: [ana], total: 1, page: 1, pageSize: 10,
      }),
    });
    renderRoutes(routes, { path: '/administrators', user: administrator });

    const row = (await screen.findByText('Ana Prestadora')).closest('tr');
    expect(row && within(row).getByText('Prestador')).toBeTruthy();
    expect(row && within(row).getByText('Administrador de firma digital')).toBeTruthy();
    expect(screen.queryByText('fds.provider')).toBeNull();
    expect(screen.queryByText('fds.admin')).toBeNull();
  });

  it('keeps the roles on a phone\'s card, beside the state', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'), media: query, addEventListener: () => undefined, removeEventListener: () => undefined,
    }));
    stubApi({ 'GET /api/administrators': () => ({ items: [ana], total: 1, page: 1, pageSize: 10 }) });
    renderRoutes(routes, { path: '/administrators', user: administrator });

    const card = await within(await screen.findByRole('list', { name: 'Administradores' })).findByRole('listitem');
    const labels = within(card).getAllByRole('term').map((label) => label.textContent);
    expect(labels).toEqual(['Roles', 'Estado']);
    expect(within(card).getByText('Prestador')).toBeTruthy();
    expect(within(card).getByText('Administrador de firma digital')).toBeTruthy();
  });
});
