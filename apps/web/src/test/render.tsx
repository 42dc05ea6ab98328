import type { UserSession } from '@receta/domain';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '../app/providers.tsx';
import { createQueryClient } from '../lib/query-client.ts';

/** Renders a route tree at a path with the app's providers, as a given user or a guest. */
export function renderRoutes(routes: RouteObject[], { path = '/', user = null }: { path?: string; user?: UserSession | null } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders queryClient={createQueryClient()} initialUser={user}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...view };
}

export function makeUser(overrides: Partial<UserSession> = {}): UserSession {
  const email = overrides.email ?? 'medica@example.com';
  const displayName = overrides.displayName ?? 'Ana Pérez';
  return {
    id: 'user-1',
    email,
    displayName,
    roles: ['fds.medical'],
    scope: ['owner.prescription'],
    redirectUrl: null,
    // A doctor always belongs to a workspace: their own practice at least.
    workspaces: [{ id: 'c0a80101-0000-4000-8000-00000000000a', name: 'Consultorio propio', avatarUri: null }],
    termsAndConditions: null,
    passwordExpired: false,
    hasSigningPin: false,
    data: { displayName, photoURL: null, email, settings: {}, shortcuts: [] },
    ...overrides,
  };
}
