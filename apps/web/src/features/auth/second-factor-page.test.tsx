import { messages } from '@receta/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/router.tsx';
import { accessTokenStore, authenticityTokenStore, redirectStore } from '../../lib/storage.ts';
import { errorResponse, stubApi } from '../../test/fake-api.ts';
import { makeJwt } from '../../test/jwt.ts';
import { makeUser, renderRoutes } from '../../test/render.tsx';

const account = { id: 'u1', email: 'ana@example.com', displayName: 'Ana Pérez' };
const inAnHour = Math.floor(Date.now() / 1000) + 3600;

function startLogin(claims: Record<string, unknown>) {
  authenticityTokenStore.set(makeJwt({ user: account, termsAndConditions: null, exp: inAnHour, ...claims }));
}

describe('second factor page', () => {
  it('shows the QR code and the secret for a first login, with the apps to use', async () => {
    startLogin({ isSync: false, secret: 'JBSWY3DPEHPK3PXP', otpauth: 'otpauth://totp/Receta%20Digital:ana?secret=JBSWY3DPEHPK3PXP' });
    renderRoutes(routes, { path: '/login/2auth' });

    expect(await screen.findByRole('img', { name: /Código QR/ })).toBeDefined();
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeDefined();
    expect(screen.getByText(/Google Authenticator, Microsoft Authenticator/)).toBeDefined();
  });

  it('asks only for the code once the authenticator is set up', async () => {
    startLogin({ isSync: true });
    renderRoutes(routes, { path: '/login/2auth' });

    expect(await screen.findByText('Escriba el código de 6 dígitos que muestra su aplicación de autenticación.')).toBeDefined();
    expect(screen.queryByRole('img', { name: /Código QR/ })).toBeNull();
    const code = screen.getByLabelText(/^Código de verificación/, { selector: 'input' });
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
  });

  it('sends a visitor without a login in progress back to the login page', async () => {
    const { router } = renderRoutes(routes, { path: '/login/2auth' });

    expect(await screen.findByRole('heading', { name: 'Ingresar' })).toBeDefined();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('sends the code with the authenticity token, starts the session and goes where the user was going', async () => {
    startLogin({ isSync: true });
    redirectStore.set('/users/notAuthorized');
    const signedIn = makeUser({ ...account, scope: ['index.not.authorized.user', 'owner.prescription'], termsAndConditions: '2026-01-01T00:00:00Z' });
    const requests = stubApi({
      'POST /api/auth/login/2fa': () => ({ access_token: 'access-123', user: signedIn }),
      'GET /api/users/not-authorized': () => ({ items: [], total: 0, page: 1, pageSize: 10 }),
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: '/login/2auth' });

    await user.type(await screen.findByLabelText(/^Código de verificación/, { selector: 'input' }), '12a3456');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Usuarios no autorizados' })).toBeDefined();
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/notAuthorized'));
    expect(requests[0]?.body).toEqual({ token: '123456' });
    expect(requests[0]?.headers.get('Authorization')).toMatch(/^Bearer ey/);
    expect(accessTokenStore.get()).toBe('access-123');
    expect(authenticityTokenStore.get()).toBeNull();
    expect(redirectStore.get()).toBeNull();
  });

  it('lands on the home page when nothing was remembered', async () => {
    startLogin({ isSync: true });
    stubApi({ 'POST /api/auth/login/2fa': () => ({ access_token: 'access-123', user: makeUser({ termsAndConditions: '2026-01-01T00:00:00Z' }) }) });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: '/login/2auth' });

    await user.type(await screen.findByLabelText(/^Código de verificación/, { selector: 'input' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));

    expect(await screen.findByRole('heading', { name: 'Bienvenido a Receta Digital' })).toBeDefined();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('stays on the page with the server\'s message for a wrong code', async () => {
    startLogin({ isSync: true });
    stubApi({ 'POST /api/auth/login/2fa': () => errorResponse(401, 'El código no es válido o ya fue utilizado.') });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: '/login/2auth' });

    await user.type(await screen.findByLabelText(/^Código de verificación/, { selector: 'input' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));

    expect(await screen.findByText('El código no es válido o ya fue utilizado.')).toBeDefined();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/2auth'));
    expect(accessTokenStore.get()).toBeNull();
  });

  it('goes back to the login page when the server says the login step expired', async () => {
    startLogin({ isSync: true });
    stubApi({ 'POST /api/auth/login/2fa': () => errorResponse(401, messages.auth.loginStepExpired, { errorCode: 'loginStepExpired' }) });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: '/login/2auth' });

    await user.type(await screen.findByLabelText(/^Código de verificación/, { selector: 'input' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(authenticityTokenStore.get()).toBeNull();
  });
});
