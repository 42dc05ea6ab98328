import { defaultLanguage, storageKeys } from '@receta/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '../../app/router.tsx';
import { accessTokenStore, workspaceStore } from '../../lib/storage.ts';
import { errorResponse, stubApi } from '../../test/fake-api.ts';
import { makeJwt } from '../../test/jwt.ts';
import { makeUser, renderRoutes } from '../../test/render.tsx';

const now = Math.floor(Date.now() / 1000);

afterEach(async () => {
  await i18next.changeLanguage(defaultLanguage);
});
const accepted = { termsAndConditions: '2026-01-01T00:00:00Z' };

describe('session at start-up', () => {
  it('logs out a stored expired token with the spec\'s message', async () => {
    const requests = stubApi({});
    localStorage.setItem(storageKeys.accessToken, makeJwt({ exp: now - 60 }));
    localStorage.setItem(storageKeys.workspace, 'w1');
    const { router } = renderRoutes(routes, { path: '/' });

    expect(await screen.findByText('Su sesión venció. Ingrese de nuevo.')).toBeDefined();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(accessTokenStore.get()).toBeNull();
    expect(workspaceStore.get()).toBeNull();
    expect(requests).toHaveLength(0);
  });

  it('logs in again with a stored unexpired token', async () => {
    const token = makeJwt({ exp: now + 3600 });
    localStorage.setItem(storageKeys.accessToken, token);
    const requests = stubApi({ 'GET /api/auth/session': () => makeUser({ displayName: 'Ana Pérez', ...accepted }) });
    const { router } = renderRoutes(routes, { path: '/' });

    expect(await screen.findByRole('heading', { name: 'Bienvenido a Receta Digital' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Menú de Ana Pérez' })).toBeDefined();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(requests[0]?.headers.get('Authorization')).toBe(`Bearer ${token}`);
  });

  it('shows a returning user\'s first page in the language they saved, never in Spanish first', async () => {
    localStorage.setItem(storageKeys.accessToken, makeJwt({ exp: now + 3600 }));
    const saved = makeUser({ ...accepted });
    stubApi({ 'GET /api/auth/session': () => ({ ...saved, data: { ...saved.data, settings: { language: 'en' } } }) });
    const headings: string[] = [];
    const observer = new MutationObserver(() => {
      document.querySelectorAll('h1').forEach((heading) => headings.push(heading.textContent));
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    renderRoutes(routes, { path: '/no-existe' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    observer.disconnect();
    expect(headings).not.toContain('Página no encontrada');
    expect(localStorage.getItem('language')).toBe('en');
  });

  it('stays a guest without a stored token', async () => {
    const requests = stubApi({});
    const { router } = renderRoutes(routes, { path: '/' });

    expect(await screen.findByRole('heading', { name: 'Ingresar' })).toBeDefined();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(requests).toHaveLength(0);
  });

  it('logs out with the spec\'s message when the server rejects the stored token', async () => {
    localStorage.setItem(storageKeys.accessToken, makeJwt({ exp: now + 3600 }));
    stubApi({ 'GET /api/auth/session': () => errorResponse(401, 'Invalid access_token') });
    const { router } = renderRoutes(routes, { path: '/' });

    expect(await screen.findByText('Su sesión ya no es válida. Ingrese de nuevo.')).toBeDefined();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(accessTokenStore.get()).toBeNull();
  });
});

describe('a session the server ends', () => {
  it('takes the spec\'s expiry path when the session was left unused too long', async () => {
    localStorage.setItem(storageKeys.accessToken, makeJwt({ exp: now + 3600 }));
    stubApi({
      'GET /api/auth/session': () => errorResponse(401, 'access_token expired', { errorCode: 'sessionExpired' }),
    });
    const { router } = renderRoutes(routes, { path: '/myPrescriptions' });

    expect(await screen.findByText('Su sesión venció. Ingrese de nuevo.')).toBeDefined();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(accessTokenStore.get()).toBeNull();
  });
});

describe('logout', () => {
  it('ends the session from the user menu: server told, workspace forgotten, back to the start', async () => {
    localStorage.setItem(storageKeys.accessToken, 'token-1');
    localStorage.setItem(storageKeys.workspace, 'w1');
    const requests = stubApi({ 'POST /api/auth/logout': () => errorResponse(500, 'caído') });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: '/myProfile', user: makeUser({ displayName: 'Ana Pérez', ...accepted }) });

    await user.click(await screen.findByRole('button', { name: 'Menú de Ana Pérez' }));
    await user.click(screen.getByRole('menuitem', { name: 'Cerrar sesión' }));

    expect(await screen.findByRole('heading', { name: 'Ingresar' })).toBeDefined();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // The profile page reads its own data; of the writes, logout is the only one.
    const writes = requests.filter((request) => request.method !== 'GET');
    expect(writes.map((request) => `${request.method} ${request.path}`)).toEqual(['POST /api/auth/logout']);
    expect(writes[0]?.headers.get('Authorization')).toBe('Bearer token-1');
    expect(accessTokenStore.get()).toBeNull();
    expect(workspaceStore.get()).toBeNull();
    expect(screen.getByText('Sesión cerrada.')).toBeDefined();
  });

  it('offers the guest links instead of the user menu to a guest', async () => {
    renderRoutes(routes, { path: '/pagina-inexistente' });

    expect(await screen.findByRole('link', { name: 'Ingresar' })).toBeDefined();
    expect(screen.queryByRole('button', { name: /^Menú de/ })).toBeNull();
  });

  it('ends the session with the spec\'s message when a later call answers 401', async () => {
    localStorage.setItem(storageKeys.accessToken, 'token-1');
    stubApi({ 'GET /api/users/not-authorized': () => errorResponse(401, 'Invalid access_token') });
    const { router } = renderRoutes(routes, {
      path: '/users/notAuthorized',
      user: makeUser({ scope: ['index.not.authorized.user'], ...accepted }),
    });

    expect(await screen.findByText('Su sesión ya no es válida. Ingrese de nuevo.')).toBeDefined();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(accessTokenStore.get()).toBeNull();
  });
});

describe('guest-only pages', () => {
  it.each(['/login', '/login/2auth', '/register', '/confirmation/abc', '/password-recovery/abc'])(
    'send a signed-in user home: %s',
    async (path) => {
      const { router } = renderRoutes(routes, { path, user: makeUser({ ...accepted }) });

      expect(await screen.findByRole('heading', { name: 'Bienvenido a Receta Digital' })).toBeDefined();
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    },
  );

  it('keep the legal pages open to a signed-in user', async () => {
    renderRoutes(routes, { path: '/privacyPolicy', user: makeUser() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Política de privacidad' })).toBeDefined();
  });
});
