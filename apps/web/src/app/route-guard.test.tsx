import { permissions } from '@receta/domain';
import { screen, waitFor } from '@testing-library/react';
import { Outlet, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { redirectStore } from '../lib/storage.ts';
import { stubApi } from '../test/fake-api.ts';
import { makeUser, renderRoutes } from '../test/render.tsx';
import { RouteGuard, type RouteHandle } from './route-guard.tsx';
import { routes as appRoutes } from './router.tsx';

const routes: RouteObject[] = [
  {
    element: <RouteGuard />,
    children: [
      { path: '/', element: <p>inicio</p> },
      { path: '/login', element: <p>ingreso</p> },
      { path: '/landing', element: <p>página de aterrizaje</p> },
      {
        path: '/prescriptions',
        handle: { required: ['index.prescription'] } satisfies RouteHandle,
        element: <Outlet />,
        children: [{ path: 'signed', element: <p>recetas firmadas</p> }],
      },
      {
        handle: { sectionRequired: ['index.prescription', 'owner.prescription'], needsWorkspace: true } satisfies RouteHandle,
        children: [
          { path: '/section/detail', handle: { required: ['show.prescription'] } satisfies RouteHandle, element: <p>detalle</p> },
        ],
      },
    ],
  },
];

describe('RouteGuard', () => {
  it('shows the page to a user holding one of its permissions', async () => {
    renderRoutes(routes, { path: '/prescriptions/signed', user: makeUser({ scope: ['index.prescription'] }) });

    expect(await screen.findByText('recetas firmadas')).toBeDefined();
  });

  it('sends a user with other permissions to their landing page', async () => {
    const { router } = renderRoutes(routes, {
      path: '/prescriptions/signed',
      user: makeUser({ scope: ['owner.employee'], redirectUrl: '/landing' }),
    });

    expect(await screen.findByText('página de aterrizaje')).toBeDefined();
    await waitFor(() => expect(router.state.location.pathname).toBe('/landing'));
    expect(redirectStore.get()).toBeNull();
  });

  it('sends a user with other permissions and no landing page home', async () => {
    const { router } = renderRoutes(routes, { path: '/prescriptions/signed', user: makeUser({ scope: ['owner.employee'] }) });

    expect(await screen.findByText('inicio')).toBeDefined();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('sends a guest to login and remembers where they were going', async () => {
    const { router } = renderRoutes(routes, { path: '/prescriptions/signed?page=2' });

    expect(await screen.findByText('ingreso')).toBeDefined();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(redirectStore.get()).toBe('/prescriptions/signed?page=2');
  });

  it('treats a logged-in user with an empty scope as a guest', async () => {
    const { router } = renderRoutes(routes, { path: '/prescriptions/signed', user: makeUser({ scope: [] }) });

    expect(await screen.findByText('ingreso')).toBeDefined();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('explains the refusal instead of looping when the landing page is the forbidden page itself', async () => {
    renderRoutes(routes, { path: '/prescriptions/signed', user: makeUser({ scope: ['owner.employee'], redirectUrl: '/prescriptions/signed' }) });

    expect(await screen.findByText('No tiene permiso para realizar esta acción.')).toBeDefined();
  });

  it('asks for the section\'s permission besides the page\'s own', async () => {
    const { router } = renderRoutes(routes, { path: '/section/detail', user: makeUser({ scope: ['show.prescription'] }) });
    expect(await screen.findByText('inicio')).toBeDefined();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows a section\'s page to a user holding one of the section\'s permissions and the page\'s', async () => {
    renderRoutes(routes, { path: '/section/detail', user: makeUser({ scope: ['owner.prescription', 'show.prescription'] }) });
    expect(await screen.findByText('detalle')).toBeDefined();
  });

  it('tells a user who belongs to no workspace why a workspace\'s page is empty, and to whom to turn', async () => {
    renderRoutes(routes, {
      path: '/section/detail', user: makeUser({ scope: ['owner.prescription', 'show.prescription'], workspaces: [] }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sin espacio de trabajo' })).toBeDefined();
    expect(screen.getByText('Pida a un administrador de su clínica que lo sume a su espacio de trabajo.')).toBeDefined();
    expect(screen.queryByText('detalle')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Ir a Espacios de trabajo' })).toBeNull();
  });

  it('offers the superadmin, who belongs to no workspace, the workspaces instead of the patients', async () => {
    const requests = stubApi({});
    const superadmin = makeUser({
      roles: ['superadmin'], scope: [...permissions], workspaces: [], termsAndConditions: '2026-01-01T00:00:00Z',
    });
    renderRoutes(appRoutes, { path: '/myPatients', user: superadmin });

    expect(await screen.findByRole('heading', { level: 1, name: 'Sin espacio de trabajo' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Ir a Espacios de trabajo' }).getAttribute('href')).toBe('/workspaces');
    expect(screen.getByRole('link', { name: 'Volver al inicio' }).getAttribute('href')).toBe('/');
    expect(screen.queryByText('Elija un espacio de trabajo para continuar.')).toBeNull();
    expect(requests.some((request) => request.path.startsWith('/api/patients'))).toBe(false);
  });
});
