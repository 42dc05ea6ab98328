import { messages, storageKeys } from '@receta/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router.tsx';
import { errorResponse, stubApi } from '../../test/fake-api.ts';
import { makeUser, renderRoutes } from '../../test/render.tsx';
import { signedInCodeStore } from './authorization-request.ts';
import { appRequest, consent, demoRedirectUri, queryOf, redirectOf, watchClientRedirects } from './oauth-fixtures.ts';

const signInPath = `/oauth2/sign-in${queryOf(appRequest)}`;

function input(label: RegExp) {
  return screen.getByLabelText(label, { selector: 'input' });
}

async function signIn(email = 'ana.gomez@example.com', password = 'Clave-Segura') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^Email/, { selector: 'input' }), email);
  await user.type(input(/^Contraseña/), password);
  await user.click(screen.getByRole('button', { name: 'Ingresar' }));
}

async function enterCode(code: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^Código de verificación/, { selector: 'input' }), code);
  await user.click(screen.getByRole('button', { name: 'Verificar' }));
}

afterEach(() => vi.restoreAllMocks());

describe('OAuth sign-in page', () => {
  it('shows the login form alone, without navbar or footer, with the legal, register and recovery links', async () => {
    renderRoutes(routes, { path: signInPath });

    expect(await screen.findByRole('heading', { level: 1, name: 'Ingresar' })).toBeDefined();
    expect(screen.queryByRole('navigation', { name: 'Navegación principal', hidden: true })).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(screen.getByRole('link', { name: /^Términos y condiciones/ }).getAttribute('href')).toBe('/termsAndConditions');
    expect(screen.getByRole('link', { name: /^Política de privacidad/ }).getAttribute('href')).toBe('/privacyPolicy');
    expect(screen.getByRole('link', { name: /^Registrarse como profesional/ }).getAttribute('href')).toBe('/register');

    await userEvent.setup().click(screen.getByRole('button', { name: '¿Olvidó su contraseña?' }));
    expect(await screen.findByRole('dialog', { name: 'Recuperar la contraseña' })).toBeDefined();
  });

  it('checks the email and password with the login form\'s rules', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, { path: signInPath });
    const submit = await screen.findByRole('button', { name: 'Ingresar' });

    await user.type(input(/^Email/), 'a@b');
    await user.type(input(/^Contraseña/), 'corta');
    await user.tab();

    expect(await screen.findByText(messages.login.emailMin)).toBeDefined();
    expect(screen.getByText(messages.login.passwordMin)).toBeDefined();
    expect(submit).toHaveProperty('disabled', true);
  });

  it('is open to a doctor already signed in to the web app', async () => {
    renderRoutes(routes, { path: signInPath, user: makeUser() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Ingresar' })).toBeDefined();
  });

  it('says so when the app sent no complete request, and offers no form', async () => {
    const { redirect_uri: _missing, ...incomplete } = appRequest;
    renderRoutes(routes, { path: `/oauth2/sign-in${queryOf(incomplete)}` });

    expect(await screen.findByRole('heading', { level: 1, name: 'Solicitud no válida' })).toBeDefined();
    expect(screen.queryByLabelText(/^Email/)).toBeNull();
  });

  it('never takes a javascript: address for the app\'s redirect URI', async () => {
    renderRoutes(routes, { path: `/oauth2/sign-in${queryOf({ ...appRequest, redirect_uri: 'javascript:alert(1)' })}` });

    expect(await screen.findByRole('heading', { level: 1, name: 'Solicitud no válida' })).toBeDefined();
  });

  it.each([
    [messages.oauthServer.wrongCredentials, 401, messages.oauth.wrongCredentials, 'wrongCredentials'],
    [messages.oauthServer.unauthorizedUser, 403, messages.oauth.unauthorizedUser, 'unauthorizedUser'],
    [messages.oauth.secondFactorNotEnrolled, 403, messages.oauth.secondFactorNotEnrolled, undefined],
    ['Demasiados intentos. Espere unos minutos e inténtelo de nuevo.', 429, 'Demasiados intentos. Espere unos minutos e inténtelo de nuevo.', undefined],
  ] as const)('answers the server\'s "%s" with "%s"', async (serverMessage, status, shown, errorCode) => {
    stubApi({ 'POST /oauth2/accounts/sign-in': () => errorResponse(status, serverMessage, { errorCode }) });
    renderRoutes(routes, { path: signInPath });

    await signIn();

    expect((await screen.findByRole('alert')).textContent).toContain(shown);
    expect(screen.getByRole('heading', { level: 1, name: 'Ingresar' })).toBeDefined();
  });

  it('explains an expired password and where to change it, and keeps the form for the new one', async () => {
    stubApi({
      'POST /oauth2/accounts/sign-in': () => errorResponse(403, messages.password.expired, { errorCode: 'passwordExpired' }),
    });
    renderRoutes(routes, { path: signInPath });

    await signIn();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Su contraseña venció: elija una nueva para continuar.');
    expect(alert.textContent).toContain('ingrese a Receta Digital en otra pestaña: al entrar se le pide una contraseña nueva.');
    const link = within(alert).getByRole('link', { name: /^Ingresar a Receta Digital/ });
    expect(link.getAttribute('href')).toBe('/login');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('button', { name: 'Ingresar' })).toBeDefined();
  });

  it('says \'Client id inválido.\' for an unknown app and never sends the browser to an address no app registered', async () => {
    stubApi({
      'POST /oauth2/accounts/sign-in': () => errorResponse(400, messages.oauthServer.invalidClientId, { errorCode: 'invalidClientId' }),
      'GET /oauth2/accounts/redirect-uri': () => ({ registered: false }),
    });
    const assign = watchClientRedirects();
    renderRoutes(routes, { path: signInPath });

    await signIn();

    expect((await screen.findByRole('alert')).textContent).toBe(messages.oauth.invalidClientId);
    expect(screen.queryByLabelText(/^Email/)).toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });

  it('sends an unknown app back with auth=failed&error=invalid_client_id to an address some app registered', async () => {
    const requests = stubApi({
      'POST /oauth2/accounts/sign-in': () => errorResponse(400, messages.oauthServer.invalidClientId, { errorCode: 'invalidClientId' }),
      'GET /oauth2/accounts/redirect-uri': () => ({ registered: true }),
    });
    const assign = watchClientRedirects();
    renderRoutes(routes, { path: signInPath });

    await signIn();

    await waitFor(() => expect(assign).toHaveBeenCalledOnce());
    expect(redirectOf(assign)).toEqual({
      base: appRequest.redirect_uri,
      query: { auth: 'failed', error: 'invalid_client_id', state: appRequest.state },
    });
    const check = requests.find((request) => request.path === '/oauth2/accounts/redirect-uri');
    expect(check?.url.searchParams.get('redirect_uri')).toBe(appRequest.redirect_uri);
  });

  it('in demo mode sends an unknown app back to /oauth2/demo with auth=failed&error=invalid_client_id', async () => {
    stubApi({ 'POST /oauth2/accounts/sign-in': () => errorResponse(400, messages.oauthServer.invalidClientId, { errorCode: 'invalidClientId' }) });
    const assign = watchClientRedirects();
    const demoRequest = { ...appRequest, redirect_uri: demoRedirectUri, state: '1234567890123456' };
    renderRoutes(routes, { path: `/oauth2/sign-in${queryOf(demoRequest)}` });

    await signIn();

    await waitFor(() => expect(assign).toHaveBeenCalledOnce());
    expect(redirectOf(assign)).toEqual({
      base: demoRedirectUri,
      query: { auth: 'failed', error: 'invalid_client_id', state: '1234567890123456' },
    });
  });

  it('keeps a web session out of the call, so that a wrong password cannot end it', async () => {
    localStorage.setItem(storageKeys.accessToken, 'web-session-token');
    const requests = stubApi({ 'POST /oauth2/accounts/sign-in': () => errorResponse(401, messages.oauthServer.wrongCredentials, { errorCode: 'wrongCredentials' }) });
    renderRoutes(routes, { path: signInPath, user: makeUser() });

    await signIn();

    expect((await screen.findByRole('alert')).textContent).toContain(messages.oauth.wrongCredentials);
    expect(requests[0]?.headers.has('Authorization')).toBe(false);
    expect(localStorage.getItem(storageKeys.accessToken)).toBe('web-session-token');
  });

  it('asks for the authenticator\'s code after the password, then goes on to the consent with the app\'s parameters', async () => {
    const requests = stubApi({
      'POST /oauth2/accounts/sign-in': () => ({ data: { signed_in_code: 'codigo-de-la-clave' } }),
      'POST /oauth2/accounts/sign-in/2fa': () => ({ data: { signed_in_code: 'codigo-de-ingreso' } }),
      'GET /oauth2/accounts/sign-in': () => consent,
    });
    const { router } = renderRoutes(routes, { path: signInPath });

    await signIn('Ana.Gomez@Example.com');
    expect(await screen.findByRole('heading', { level: 1, name: 'Verificación en dos pasos' })).toBeDefined();
    expect(router.state.location.pathname).toBe('/oauth2/sign-in');
    await enterCode('123456');

    expect(await screen.findByText(consent.user_email)).toBeDefined();
    expect(requests[0]?.body).toEqual({
      email: 'ana.gomez@example.com', password: 'Clave-Segura', client_id: appRequest.client_id, scope: appRequest.scope,
    });
    expect(requests[1]?.body).toEqual({ signed_in_code: 'codigo-de-la-clave', token: '123456' });
    expect(requests[1]?.headers.has('Authorization')).toBe(false);
    expect(router.state.location.pathname).toBe('/oauth2/authorize');
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual(appRequest);
    expect(router.state.location.state).toEqual({ signedInCode: 'codigo-de-ingreso' });
    expect(signedInCodeStore.get()).toBe('codigo-de-ingreso');
    expect(requests[2]?.url.searchParams.get('signed_in_code')).toBe('codigo-de-ingreso');
  });

  it('shows no error on the consent page after a wrong and then the right password', async () => {
    let attempts = 0;
    stubApi({
      'POST /oauth2/accounts/sign-in': () => {
        attempts += 1;
        return attempts === 1
          ? errorResponse(401, messages.oauthServer.wrongCredentials, { errorCode: 'wrongCredentials' })
          : { data: { signed_in_code: 'codigo-de-la-clave' } };
      },
      'POST /oauth2/accounts/sign-in/2fa': () => ({ data: { signed_in_code: 'codigo-de-ingreso' } }),
      'GET /oauth2/accounts/sign-in': () => consent,
    });
    renderRoutes(routes, { path: signInPath });

    await signIn('ana.gomez@example.com', 'Clave-Equivocada');
    expect((await screen.findByRole('alert')).textContent).toContain(messages.oauth.wrongCredentials);
    const user = userEvent.setup();
    await user.clear(input(/^Contraseña/));
    await user.type(input(/^Contraseña/), 'Clave-Segura');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    await enterCode('123456');

    expect(await screen.findByText(consent.user_email)).toBeDefined();
    expect(screen.queryByText(messages.oauth.wrongCredentials)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([
    [messages.auth.wrongCode, 401],
    [messages.common.tooManyRequests, 429],
  ])('shows "%s" and keeps asking for the code', async (message, status) => {
    stubApi({
      'POST /oauth2/accounts/sign-in': () => ({ data: { signed_in_code: 'codigo-de-la-clave' } }),
      'POST /oauth2/accounts/sign-in/2fa': () => errorResponse(status, message),
    });
    renderRoutes(routes, { path: signInPath });

    await signIn();
    await enterCode('654321');

    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(screen.getByRole('heading', { level: 1, name: 'Verificación en dos pasos' })).toBeDefined();
    expect(signedInCodeStore.get()).toBeNull();
  });

  it('goes back to the password when the password step expired', async () => {
    stubApi({
      'POST /oauth2/accounts/sign-in': () => ({ data: { signed_in_code: 'codigo-de-la-clave' } }),
      'POST /oauth2/accounts/sign-in/2fa': () => errorResponse(400, messages.oauth.signInExpired, { errorCode: 'signInExpired' }),
    });
    renderRoutes(routes, { path: signInPath });

    await signIn();
    await enterCode('654321');

    expect((await screen.findByRole('alert')).textContent).toContain(messages.oauth.signInExpired);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ingresar' })).toBeDefined();
    expect(screen.getByLabelText(/^Email/, { selector: 'input' })).toBeDefined();
  });
});
