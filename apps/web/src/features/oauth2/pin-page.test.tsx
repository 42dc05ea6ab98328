import { messages } from '@receta/domain';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router.tsx';
import { errorResponse, stubApi } from '../../test/fake-api.ts';
import { renderRoutes } from '../../test/render.tsx';
import {
  appRequest, demoRedirectUri, queryOf, redirectOf, registeredRedirectUris, tokenContext, watchClientRedirects,
} from './oauth-fixtures.ts';

afterEach(() => vi.restoreAllMocks());

const documentSha256 = 'a'.repeat(64);
const pinRequest = {
  action: 'sign',
  access_token: 'token-de-la-app',
  redirect_uri: appRequest.redirect_uri,
  state: appRequest.state,
  code_challenge: appRequest.code_challenge,
  code_challenge_method: 'S256',
  document_sha256: documentSha256,
};

/** The demo's request: its page at this origin, the demo app's registered address. */
const demoPinRequest = { ...pinRequest, redirect_uri: demoRedirectUri };
const demoTokenContext = { ...tokenContext, client_redirect_uris: [demoRedirectUri] };

function openPinStep(answers: Parameters<typeof stubApi>[0] = {}, request: Record<string, string> = pinRequest) {
  const requests = stubApi({ 'GET /oauth2/accounts/token': () => tokenContext, ...answers });
  const view = renderRoutes(routes, { path: `/oauth2/pin-2fa${queryOf(request)}` });
  return { requests, ...view };
}

async function typePin(pin: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^PIN de firma/, { selector: 'input' }), pin);
  return user;
}

describe('OAuth PIN page', () => {
  it('shows the app and the account from the token, read with the app\'s token', async () => {
    const { requests } = openPinStep();

    expect(await screen.findByRole('heading', { level: 1, name: 'Confirmar la firma' })).toBeDefined();
    expect(await screen.findByText(tokenContext.user_email)).toBeDefined();
    expect(screen.getByText(/Historia Clínica Norte le pide que confirme con su PIN de firma la firma/)).toBeDefined();
    expect(screen.getByRole('button', { name: 'Confirmar firma' })).toBeDefined();
    expect(screen.queryByText('Sandbox')).toBeNull();
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer token-de-la-app');
  });

  it('names the document to be signed, with its size', async () => {
    openPinStep({}, { ...pinRequest, document_name: 'Receta 0042 - Pérez.pdf', document_size: '86241' });

    expect(await screen.findByText('Documento')).toBeDefined();
    expect(screen.getByText('Receta 0042 - Pérez.pdf (86,2 kB)')).toBeDefined();
  });

  it('refuses a request whose document size is no number of bytes', async () => {
    openPinStep({}, { ...pinRequest, document_name: 'receta.pdf', document_size: 'grande' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Solicitud no válida' })).toBeDefined();
  });

  it('asks to confirm a prescription for any action other than sign', async () => {
    openPinStep({}, { ...pinRequest, action: 'prescribe' });

    expect(await screen.findByRole('button', { name: 'Confirmar prescripción' })).toBeDefined();
    expect(screen.getByRole('heading', { level: 1, name: 'Confirmar la prescripción' })).toBeDefined();
  });

  it('shows the Sandbox ribbon for an app in sandbox', async () => {
    openPinStep({ 'GET /oauth2/accounts/token': () => ({ ...tokenContext, sandbox: true }) });

    expect(await screen.findByText('Sandbox')).toBeDefined();
  });

  it('says so on the page when the token is refused, never sending the browser to an address no app registered', async () => {
    const assign = watchClientRedirects();
    const { requests } = openPinStep({
      'GET /oauth2/accounts/token': () => errorResponse(401, messages.session.invalidAccessToken),
      'GET /oauth2/accounts/redirect-uri': () => ({ registered: false }),
    });

    expect((await screen.findByRole('alert')).textContent).toBe('Su sesión ya no es válida. Ingrese de nuevo.');
    expect(screen.queryByLabelText(/^PIN de firma/)).toBeNull();
    expect(assign).not.toHaveBeenCalled();
    const check = requests.find((request) => request.path === '/oauth2/accounts/redirect-uri');
    expect(check?.url.searchParams.get('redirect_uri')).toBe(pinRequest.redirect_uri);
  });

  it('sends a refused token back with confirm=failed&error=invalid_access_token to an address some app registered', async () => {
    const assign = watchClientRedirects();
    openPinStep({
      'GET /oauth2/accounts/token': () => errorResponse(401, messages.session.invalidAccessToken),
      'GET /oauth2/accounts/redirect-uri': () => ({ registered: true }),
    });

    await waitFor(() => expect(assign).toHaveBeenCalledOnce());
    expect(redirectOf(assign)).toEqual({
      base: pinRequest.redirect_uri,
      query: { confirm: 'failed', error: 'invalid_access_token', state: appRequest.state },
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('in demo mode sends a refused token back to /oauth2/demo with confirm=failed&error=invalid_access_token', async () => {
    const assign = watchClientRedirects();
    openPinStep({ 'GET /oauth2/accounts/token': () => errorResponse(401, messages.session.invalidAccessToken) }, demoPinRequest);

    await waitFor(() => expect(assign).toHaveBeenCalledOnce());
    expect(redirectOf(assign)).toEqual({
      base: demoRedirectUri,
      query: { confirm: 'failed', error: 'invalid_access_token', state: appRequest.state },
    });
  });

  it.each([
    ['an address the app never registered', 'https://atacante.example.net/callback'],
    ['this origin\'s demo page, which this app did not register', demoRedirectUri],
  ])('for %s offers neither the PIN nor Cancelar and never sends the browser there', async (_case, redirectUri) => {
    const assign = watchClientRedirects();
    const { requests } = openPinStep({}, { ...pinRequest, redirect_uri: redirectUri });

    expect((await screen.findByRole('alert')).textContent).toBe(messages.oauth.redirectUriNotRegistered);
    expect(screen.queryByLabelText(/^PIN de firma/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancelar' })).toBeNull();
    expect(assign).not.toHaveBeenCalled();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it.each(['123', '12345'])('refuses the PIN %s with \'El PIN tiene 4 dígitos\'', async (pin) => {
    openPinStep();
    const user = await typePin(pin);
    await user.tab();

    expect(await screen.findByText(messages.oauth.pinLength)).toBeDefined();
    expect(screen.getByRole('button', { name: 'Confirmar firma' })).toHaveProperty('disabled', true);
  });

  it('masks the PIN, with a button that shows it', async () => {
    openPinStep();
    const user = await typePin('2580');
    const pin = screen.getByLabelText(/^PIN de firma/, { selector: 'input' });
    expect(pin.getAttribute('type')).toBe('password');

    await user.click(screen.getByRole('button', { name: 'Mostrar lo escrito' }));
    expect(pin.getAttribute('type')).toBe('text');
  });

  it('sends the PIN with the app\'s request and the browser back with pin_2fa_code, action and state', async () => {
    const assign = watchClientRedirects();
    const { requests } = openPinStep({
      'POST /oauth2/accounts/pin-2fa': () => ({ pin_2fa_code: 'codigo-pin', action: 'sign', state: appRequest.state }),
    });

    const user = await typePin('2580');
    await user.click(screen.getByRole('button', { name: 'Confirmar firma' }));

    await waitFor(() => expect(assign).toHaveBeenCalledOnce());
    expect(redirectOf(assign)).toEqual({
      base: appRequest.redirect_uri,
      query: { pin_2fa_code: 'codigo-pin', action: 'sign', state: appRequest.state },
    });
    const confirmation = requests.find((request) => request.method === 'POST');
    expect(confirmation?.headers.get('Authorization')).toBe('Bearer token-de-la-app');
    expect(confirmation?.body).toEqual({
      pin: '2580',
      action: 'sign',
      redirect_uri: appRequest.redirect_uri,
      state: appRequest.state,
      code_challenge_method: 'S256',
      code_challenge: appRequest.code_challenge,
      document_sha256: documentSha256,
    });
  });

  it('says \'Su Pin es incorrecto.\' for a wrong PIN and stays', async () => {
    const assign = watchClientRedirects();
    openPinStep({ 'POST /oauth2/accounts/pin-2fa': () => errorResponse(400, messages.oauthServer.invalidPin, { errorCode: 'wrongPin' }) });

    const user = await typePin('1111');
    await user.click(screen.getByRole('button', { name: 'Confirmar firma' }));

    expect((await screen.findByRole('alert')).textContent).toContain(messages.oauth.wrongPin);
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { level: 1, name: 'Confirmar la firma' })).toBeDefined();
  });

  it('says \'Usuario no autorizado.\' to a pending account and sends the browser back with account_pending_approval', async () => {
    const assign = watchClientRedirects();
    openPinStep({ 'POST /oauth2/accounts/pin-2fa': () => errorResponse(403, messages.oauthServer.pendingApproval, { errorCode: 'signingNotAllowed' }) });

    const user = await typePin('2580');
    await user.click(screen.getByRole('button', { name: 'Confirmar firma' }));

    await waitFor(() => expect(assign).toHaveBeenCalledOnce());
    expect(redirectOf(assign).query).toEqual({ confirm: 'failed', error: 'account_pending_approval', state: appRequest.state });
    expect((await screen.findByRole('alert')).textContent).toContain(messages.oauth.unauthorizedUser);
  });

  it('sends any other failure back to the app with confirm=failed and the message', async () => {
    const assign = watchClientRedirects();
    openPinStep({ 'POST /oauth2/accounts/pin-2fa': () => errorResponse(403, messages.signing.locked, { errorCode: 'signingLocked' }) });

    const user = await typePin('2580');
    await user.click(screen.getByRole('button', { name: 'Confirmar firma' }));

    await waitFor(() => expect(assign).toHaveBeenCalledOnce());
    expect(redirectOf(assign).query).toEqual({ confirm: 'failed', error: messages.signing.locked, state: appRequest.state });
  });

  it('in demo mode shows any other failure as a message and stays', async () => {
    const assign = watchClientRedirects();
    openPinStep({
      'GET /oauth2/accounts/token': () => demoTokenContext,
      'POST /oauth2/accounts/pin-2fa': () => errorResponse(403, messages.signing.locked, { errorCode: 'signingLocked' }),
    }, demoPinRequest);

    const user = await typePin('2580');
    await user.click(screen.getByRole('button', { name: 'Confirmar firma' }));

    expect((await screen.findByRole('alert')).textContent).toContain(messages.signing.locked);
    expect(assign).not.toHaveBeenCalled();
  });

  it('on Cancelar sends the browser back with confirm=failed&error=account_rejected_confirmation', async () => {
    const assign = watchClientRedirects();
    openPinStep();

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Cancelar' }));

    expect(redirectOf(assign)).toEqual({
      base: appRequest.redirect_uri,
      query: { confirm: 'failed', error: 'account_rejected_confirmation', state: appRequest.state },
    });
  });

  it('on Cancelar goes back to any of the app\'s registered addresses, the demo\'s too', async () => {
    const user = userEvent.setup();
    const assign = watchClientRedirects();
    const otherRegistered = registeredRedirectUris[1] ?? '';
    openPinStep({}, { ...pinRequest, redirect_uri: otherRegistered });
    await user.click(await screen.findByRole('button', { name: 'Cancelar' }));
    cleanup();
    openPinStep({ 'GET /oauth2/accounts/token': () => demoTokenContext }, demoPinRequest);
    await user.click(await screen.findByRole('button', { name: 'Cancelar' }));

    expect([redirectOf(assign, 0), redirectOf(assign, 1)]).toEqual([
      { base: otherRegistered, query: { confirm: 'failed', error: 'account_rejected_confirmation', state: appRequest.state } },
      { base: demoRedirectUri, query: { confirm: 'failed', error: 'account_rejected_confirmation', state: appRequest.state } },
    ]);
  });
});
