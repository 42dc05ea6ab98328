import { defaultLanguage, messages } from '@receta/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router.tsx';
import { errorResponse, stubApi } from '../../test/fake-api.ts';
import { renderRoutes } from '../../test/render.tsx';
import { signedInCodeStore } from './authorization-request.ts';
import {
  appRequest, consent, demoRedirectUri, queryOf, redirectOf, registeredRedirectUris, watchClientRedirects,
} from './oauth-fixtures.ts';

const authorizePath = `/oauth2/authorize${queryOf(appRequest)}`;

/** The consent page as the sign-in leaves it: the code in the tab's storage (a reload reads it there too). */
function showConsent(answers: Parameters<typeof stubApi>[0] = {}, answer: unknown = consent, path = authorizePath) {
  signedInCodeStore.set('codigo-de-ingreso');
  const requests = stubApi({ 'GET /oauth2/accounts/sign-in': () => answer, ...answers });
  const view = renderRoutes(routes, { path });
  return { requests, ...view };
}

afterEach(async () => {
  vi.restoreAllMocks();
  await i18next.changeLanguage(defaultLanguage);
});

describe('OAuth consent page', () => {
  it('shows the app, where it returns, what it may do in plain words, and who is signing in', async () => {
    const { requests } = showConsent();

    expect(await screen.findByText(consent.client_name)).toBeDefined();
    expect(screen.getByText(`Al terminar volverá a ${consent.client_redirect_uri_label}.`)).toBeDefined();
    expect(screen.getByText('Hola, Ana María')).toBeDefined();
    expect(screen.getByText(consent.user_email)).toBeDefined();
    const scopes = screen.getByRole('list', { name: `${consent.client_name} podrá:` });
    // The three searches share one description, shown once.
    expect(within(scopes).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Ver sus datos básicos de perfil (nombre, email, matrículas y estado de la cuenta)',
      'Buscar medicamentos, diagnósticos y obras sociales en su nombre',
      'Usar el firmador de documentos',
    ]);
    expect(screen.queryByText('Sandbox')).toBeNull();
    expect(screen.getByRole('link', { name: /^Mis integraciones/ }).getAttribute('href')).toBe('/myIntegrations');
    expect(requests[0]?.url.searchParams.get('signed_in_code')).toBe('codigo-de-ingreso');
  });

  it('describes the scopes in the user\'s language, still once per description', async () => {
    await i18next.changeLanguage('en');
    showConsent();

    const scopes = await screen.findByRole('list', { name: `${consent.client_name} will be able to:` });
    expect(within(scopes).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'View your basic profile data (name, email, licences and account status)',
      'Search medications, diagnoses and health insurers on your behalf',
      'Use the document signer',
    ]);
  });

  it('shows the Sandbox ribbon for an app in sandbox', async () => {
    showConsent({}, { ...consent, sandbox: true });

    expect(await screen.findByText('Sandbox')).toBeDefined();
  });

  it('takes the signed_in_code from the route state the sign-in passes', async () => {
    const requests = stubApi({ 'GET /oauth2/accounts/sign-in': () => consent });
    const { router } = renderRoutes(routes, { path: '/oauth2/demo' });
    await router.navigate(authorizePath, { state: { signedInCode: 'codigo-por-estado' } });

    expect(await screen.findByText(consent.client_name)).toBeDefined();
    expect(requests.at(-1)?.url.searchParams.get('signed_in_code')).toBe('codigo-por-estado');
  });

  it('sends a user without a signed_in_code to the sign-in, with the app\'s parameters', async () => {
    const { router } = renderRoutes(routes, { path: authorizePath });

    expect(await screen.findByRole('heading', { level: 1, name: 'Ingresar' })).toBeDefined();
    expect(router.state.location.pathname).toBe('/oauth2/sign-in');
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual(appRequest);
  });

  it('goes back to the sign-in when the server refuses the signed_in_code (400)', async () => {
    const { router } = showConsent({ 'GET /oauth2/accounts/sign-in': () => errorResponse(400, messages.oauth.signInExpired, { errorCode: 'signInExpired' }) });

    expect(await screen.findByRole('heading', { level: 1, name: 'Ingresar' })).toBeDefined();
    expect(router.state.location.pathname).toBe('/oauth2/sign-in');
    expect(router.state.location.search).toBe(queryOf(appRequest));
    expect(signedInCodeStore.get()).toBeNull();
    expect((await screen.findByRole('alert')).textContent).toContain(messages.oauth.signInExpired);
  });

  it('on Permitir sends the PKCE challenge form-encoded and the browser to the app with code and state', async () => {
    const assign = watchClientRedirects();
    const { requests } = showConsent({
      'POST /oauth2/accounts/authorize': () => ({ code: 'codigo-de-autorizacion', state: appRequest.state }),
    });

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Permitir' }));

    await waitFor(() => expect(assign).toHaveBeenCalledOnce());
    expect(redirectOf(assign)).toEqual({
      base: appRequest.redirect_uri,
      query: { code: 'codigo-de-autorizacion', state: appRequest.state },
    });
    const authorize = requests.find((request) => request.method === 'POST');
    expect(Object.fromEntries(authorize?.url.searchParams ?? [])).toEqual({
      client_id: appRequest.client_id,
      signed_in_code: 'codigo-de-ingreso',
      scope: appRequest.scope,
      response_type: 'code',
      redirect_uri: appRequest.redirect_uri,
      state: appRequest.state,
    });
    expect(authorize?.rawBody).toBeInstanceOf(URLSearchParams);
    expect(Object.fromEntries(authorize?.rawBody as URLSearchParams)).toEqual({
      code_challenge: appRequest.code_challenge,
      code_challenge_method: 'S256',
    });
    expect(signedInCodeStore.get()).toBeNull();
  });

  it('sends a refusal of the authorize call (400) back to the app with auth=rejected and its message', async () => {
    const assign = watchClientRedirects();
    showConsent({ 'POST /oauth2/accounts/authorize': () => errorResponse(400, messages.oauth.scopeNotAllowed) });

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Permitir' }));

    await waitFor(() => expect(assign).toHaveBeenCalledOnce());
    expect(redirectOf(assign).query).toEqual({ auth: 'rejected', error: messages.oauth.scopeNotAllowed, state: appRequest.state });
  });

  it('never sends the browser to a redirect URI the app did not register', async () => {
    const assign = watchClientRedirects();
    showConsent({ 'POST /oauth2/accounts/authorize': () => errorResponse(400, messages.oauth.redirectUriNotRegistered, { errorCode: 'redirectUriNotRegistered' }) });

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Permitir' }));

    expect((await screen.findByRole('alert')).textContent).toContain(messages.oauth.redirectUriNotRegistered);
    expect(assign).not.toHaveBeenCalled();
  });

  it.each([
    ['an address the app never registered', 'https://atacante.example.net/callback'],
    ['a registered address with another path', `${appRequest.redirect_uri}/otra`],
  ])('for %s offers neither Permitir nor Rechazar and never sends the browser there', async (_case, redirectUri) => {
    const assign = watchClientRedirects();
    const { requests } = showConsent({}, consent, `/oauth2/authorize${queryOf({ ...appRequest, redirect_uri: redirectUri })}`);

    expect((await screen.findByRole('alert')).textContent).toBe(messages.oauth.redirectUriNotRegistered);
    expect(screen.queryByRole('button', { name: 'Rechazar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Permitir' })).toBeNull();
    expect(assign).not.toHaveBeenCalled();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('on Rechazar sends the browser to the app with auth=rejected&error=cancel_authorize', async () => {
    const assign = watchClientRedirects();
    const { requests } = showConsent();

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Rechazar' }));

    expect(redirectOf(assign)).toEqual({
      base: appRequest.redirect_uri,
      query: { auth: 'rejected', error: 'cancel_authorize', state: appRequest.state },
    });
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('on Rechazar goes back to any of the app\'s registered addresses', async () => {
    const assign = watchClientRedirects();
    const otherRegistered = registeredRedirectUris[1] ?? '';
    showConsent({}, consent, `/oauth2/authorize${queryOf({ ...appRequest, redirect_uri: otherRegistered })}`);

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Rechazar' }));

    expect(redirectOf(assign)).toEqual({
      base: otherRegistered,
      query: { auth: 'rejected', error: 'cancel_authorize', state: appRequest.state },
    });
  });

  it('in demo mode Rechazar goes back to /oauth2/demo, the demo app\'s registered address', async () => {
    const assign = watchClientRedirects();
    const demoRequest = { ...appRequest, redirect_uri: demoRedirectUri, state: '1234567890123456' };
    showConsent({}, { ...consent, client_redirect_uris: [demoRedirectUri] }, `/oauth2/authorize${queryOf(demoRequest)}`);

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Rechazar' }));

    expect(redirectOf(assign)).toEqual({
      base: demoRedirectUri,
      query: { auth: 'rejected', error: 'cancel_authorize', state: '1234567890123456' },
    });
  });

  it('in demo mode refuses too when the app typed in the demo did not register the demo page', async () => {
    const assign = watchClientRedirects();
    showConsent({}, consent, `/oauth2/authorize${queryOf({ ...appRequest, redirect_uri: demoRedirectUri })}`);

    expect((await screen.findByRole('alert')).textContent).toBe(messages.oauth.redirectUriNotRegistered);
    expect(assign).not.toHaveBeenCalled();
  });

  it('offers \'Cambiar a otra cuenta\', which returns to the sign-in', async () => {
    const user = userEvent.setup();
    const { router } = showConsent();

    await user.click(await screen.findByRole('button', { name: 'Opciones de la cuenta' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Cambiar a otra cuenta' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Ingresar' })).toBeDefined();
    expect(router.state.location.search).toBe(queryOf(appRequest));
    expect(signedInCodeStore.get()).toBeNull();
  });
});
