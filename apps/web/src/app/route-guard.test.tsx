import { screen, waitFor } from '@testing-library/react';
import { Outlet, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { redirectStore } from '../lib/storage.ts';
import { makeUser, renderRoutes } from '../test/render.tsx';
import { RouteGuard, type RouteHandle } from './route-guard.tsx';

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
});
