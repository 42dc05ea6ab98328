import { limits, permissions } from '@receta/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi, type FakeRequest } from '../test/fake-api.ts';
import { makeUser, renderRoutes } from '../test/render.tsx';
import { routes } from './router.tsx';

const accepted = '2026-01-01T00:00:00Z';

describe('navigation search', () => {
  it('suggests only the sections the user may open, and opens the one chosen', async () => {
    stubApi({});
    const user = userEvent.setup();
    const administrator = makeUser({
      roles: ['fds.admin'], scope: ['index.admin.fds', 'index.role', 'index.medical'], termsAndConditions: accepted,
    });
    renderRoutes(routes, { path: '/', user: administrator });

    const search = await screen.findByRole('combobox', { name: 'Buscar una sección (Ctrl+K)' });
    await user.type(search, 'ro');
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getAllByRole('option').map((option) => option.textContent)).toEqual(['Roles']);

    await user.clear(search);
    await user.type(search, 'medic');
    // "Médicos" is found without its accent; "Mis prescripciones" needs owner.prescription.
    await user.click(await screen.findByRole('option', { name: 'Médicos' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Médicos' })).toBeTruthy();
  });

  it('finds Prescripciones by "rece", the start of the word people use for it', async () => {
    stubApi({});
    const user = userEvent.setup();
    const provider = makeUser({ roles: ['fds.provider'], scope: ['index.prescription'], termsAndConditions: accepted });
    renderRoutes(routes, { path: '/', user: provider });

    await user.type(await screen.findByRole('combobox', { name: 'Buscar una sección (Ctrl+K)' }), 'Rece');
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getAllByRole('option').map((option) => option.textContent)).toEqual(['Prescripciones']);
  });

  it('suggests at most ten sections', async () => {
    stubApi({ 'GET /api/information': () => ({ frontend: '1', backend: '1', vademecum: '24/04/2015' }) });
    const user = userEvent.setup();
    const superadmin = makeUser({ roles: ['superadmin'], scope: [...permissions], termsAndConditions: accepted });
    renderRoutes(routes, { path: '/', user: superadmin });

    // Twelve of the superadmin's sections have an "o" in their name.
    await user.type(await screen.findByRole('combobox', { name: 'Buscar una sección (Ctrl+K)' }), 'o');
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getAllByRole('option')).toHaveLength(limits.navigationSearchSuggestions);
  });

  it('is focused by Ctrl+K', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/', user: makeUser({ scope: ['index.role'], termsAndConditions: accepted }) });
    const search = await screen.findByRole('combobox', { name: 'Buscar una sección (Ctrl+K)' });

    await user.keyboard('{Control>}k{/Control}');
    expect(document.activeElement).toBe(search);
  });
});

describe('shortcuts', () => {
  it('pins the current section and removes it again, saving them in the user data', async () => {
    let saved: string[] = [];
    const requests: FakeRequest[] = stubApi({
      'POST /api/auth/user/update': (request) => {
        saved = (request.body as { user: { shortcuts: string[] } }).user.shortcuts;
        return { message: 'User data saved with api', user: { ...doctor, data: { ...doctor.data, shortcuts: saved } } };
      },
      'GET /api/roles': () => ({ items: [], total: 0, page: 1, pageSize: 20 }),
    });
    const doctor = makeUser({ scope: ['index.admin.fds', 'index.role'], termsAndConditions: accepted });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/roles', user: doctor });

    await user.click(await screen.findByRole('button', { name: 'Accesos directos' }));
    await user.click(await screen.findByRole('button', { name: 'Agregar «Roles» a los accesos directos' }));
    expect(saved).toEqual(['roles']);

    const dialog = await screen.findByRole('dialog', { name: 'Accesos directos' });
    expect(within(dialog).getByRole('button', { name: 'Roles' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Quitar «Roles» de los accesos directos' }));
    expect(saved).toEqual([]);
    expect(requests.filter((request) => request.path === '/api/auth/user/update')).toHaveLength(2);
  });

  it('hides a pinned section the user may no longer open', async () => {
    const user = userEvent.setup();
    const doctor = makeUser({
      scope: ['index.admin.fds', 'index.role'], termsAndConditions: accepted, data: { ...makeUser().data, shortcuts: ['medicals', 'roles'] },
    });
    renderRoutes(routes, { path: '/', user: doctor });

    await user.click(await screen.findByRole('button', { name: 'Accesos directos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accesos directos' });
    expect(within(dialog).queryByRole('button', { name: 'Médicos' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Roles' })).toBeTruthy();
  });
});
