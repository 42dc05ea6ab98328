import { createHash } from 'node:crypto';
import { messages, type OAuthToken } from '@receta/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router.tsx';
import { stubApi } from '../../test/fake-api.ts';
import { renderRoutes } from '../../test/render.tsx';
import { demoSessionStore, type DemoSession } from './demo-session.ts';
import { tokenContext } from './oauth-fixtures.ts';
import { pendingDocumentStore } from './pending-document-store.ts';

// jsdom has no IndexedDB, where the browser keeps the PDF during the PIN step: a variable stands
// in for it here, and the browser journey (e2e/oauth-demo.spec.ts) runs the real one.
let pending: File | null = null;

beforeEach(() => {
  pending = null;
  vi.spyOn(pendingDocumentStore, 'save').mockImplementation((file) => {
    pending = file;
    return Promise.resolve();
  });
  vi.spyOn(pendingDocumentStore, 'load').mockImplementation(() => Promise.resolve(pending));
  vi.spyOn(pendingDocumentStore, 'clear').mockImplementation(() => {
    pending = null;
    return Promise.resolve();
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

const demoUri = `${window.location.origin}/oauth2/demo`;
const verifier = 'v'.repeat(43);
const token: OAuthToken = {
  access_token: 'token-de-acceso-de-la-demo',
  token_type: 'Bearer',
  expires_in: 3600,
  refresh_token: 'token-de-renovacion',
  scope: 'accounts-profiles documents-sign',
};
const pdf = () => new File(['%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n'], 'receta.pdf', { type: 'application/pdf' });

function openDemo(query = '', session?: DemoSession, answers: Parameters<typeof stubApi>[0] = {}) {
  if (session) demoSessionStore.set(session);
  const requests = stubApi(answers);
  const view = renderRoutes(routes, { path: `/oauth2/demo${query}` });
  return { requests, ...view };
}

function fileInput(container: HTMLElement): HTMLInputElement {
  const input = container.querySelector<HTMLInputElement>('input[type=file]');
  if (!input) throw new Error('No file input');
  return input;
}

describe('OAuth demo page', () => {
  it('asks for the client id before connecting', async () => {
    const user = userEvent.setup();
    const { router } = openDemo();

    await user.click(await screen.findByLabelText(/^Client id/, { selector: 'input' }));
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'Conectar' }));

    expect(await screen.findByText(messages.common.required)).toBeDefined();
    expect(router.state.location.pathname).toBe('/oauth2/demo');
  });

  it('connects with PKCE S256 and a state of 16 digits, sending the browser to the sign-in', async () => {
    const user = userEvent.setup();
    const { router } = openDemo();

    await user.type(await screen.findByLabelText(/^Client id/, { selector: 'input' }), 'demo-sandbox');
    await user.type(screen.getByLabelText(/^Client secret/, { selector: 'input' }), 'secreto-de-la-demo');
    await user.click(screen.getByRole('button', { name: 'Conectar' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Ingresar' })).toBeDefined();
    const query = Object.fromEntries(new URLSearchParams(router.state.location.search));
    const session = demoSessionStore.get();
    expect(router.state.location.pathname).toBe('/oauth2/sign-in');
    expect(query.state).toMatch(/^\d{16}$/);
    expect(query).toMatchObject({
      client_id: 'demo-sandbox',
      redirect_uri: demoUri,
      code_challenge_method: 'S256',
      response_type: 'code',
      scope: 'accounts-profiles accounts-confirm documents-sign prescriptions-create medications-search diagnosis-search insurances-search patients-search prescriptions-search',
    });
    expect(session?.authorization?.state).toBe(query.state);
    expect(query.code_challenge).toBe(createHash('sha256').update(session?.authorization?.codeVerifier ?? '').digest('base64url'));
    expect(session?.clientSecret).toBe('secreto-de-la-demo');
  });

  it('exchanges the code it gets back, form-encoded with the secret, and shows the token data', async () => {
    const { requests, router } = openDemo(
      '?code=codigo-de-autorizacion&state=1234567890123456',
      { clientId: 'demo-sandbox', clientSecret: 'secreto', authorization: { state: '1234567890123456', codeVerifier: verifier } },
      { 'POST /oauth2/accounts/token': () => token },
    );

    expect(await screen.findByText(token.access_token)).toBeDefined();
    expect(screen.getByText(token.refresh_token)).toBeDefined();
    expect(screen.getByText('3600 segundos')).toBeDefined();
    expect(screen.getByRole('alert').textContent).toContain('Conexión establecida');
    const exchange = requests.find((request) => request.path === '/oauth2/accounts/token');
    expect(Object.fromEntries(exchange?.rawBody as URLSearchParams)).toEqual({
      grant_type: 'authorization_code',
      code: 'codigo-de-autorizacion',
      redirect_uri: demoUri,
      code_verifier: verifier,
      client_id: 'demo-sandbox',
      client_secret: 'secreto',
    });
    expect(exchange?.headers.has('Authorization')).toBe(false);
    expect(router.state.location.search).toBe('');
    expect(demoSessionStore.get()).toEqual({ clientId: 'demo-sandbox', token });
  });

  it('says \'Hubo un error\' when the token exchange fails', async () => {
    const refusal = { error: 'invalid_grant', error_description: 'Invalid authorization code', message: 'Invalid authorization code' };
    openDemo(
      '?code=codigo-vencido&state=1234567890123456',
      { clientId: 'demo-sandbox', authorization: { state: '1234567890123456', codeVerifier: verifier } },
      { 'POST /oauth2/accounts/token': () => new Response(JSON.stringify(refusal), { status: 400 }) },
    );

    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert.textContent).toContain(messages.demo.tokenFailure));
    expect(alert.textContent).toContain('Invalid authorization code');
  });

  it('does not spend a code that comes back with another state', async () => {
    const { requests } = openDemo(
      '?code=codigo&state=9999999999999999',
      { clientId: 'demo-sandbox', authorization: { state: '1234567890123456', codeVerifier: verifier } },
    );

    expect((await screen.findByRole('alert')).textContent).toContain(messages.demo.tokenFailure);
    expect(requests.some((request) => request.path === '/oauth2/accounts/token')).toBe(false);
  });

  it('shows \'Client id inválido.\' when the sign-in sends it back with invalid_client_id', async () => {
    openDemo('?auth=failed&error=invalid_client_id&state=1234567890123456');

    expect((await screen.findByRole('alert')).textContent).toBe(messages.oauth.invalidClientId);
  });

  it('shows clearly that the doctor rejected the access', async () => {
    openDemo('?auth=rejected&error=cancel_authorize&state=1234567890123456');

    expect((await screen.findByRole('alert')).textContent).toContain('El profesional rechazó el acceso de la aplicación');
  });

  it('refuses a file that is not a PDF by its content, whatever its name', async () => {
    const { container } = openDemo('', { clientId: 'demo-sandbox', token });
    await screen.findByText(token.access_token);

    fireEvent.change(fileInput(container), { target: { files: [new File(['PNG...'], 'receta.pdf', { type: 'application/pdf' })] } });

    expect((await screen.findByRole('alert')).textContent).toBe(messages.oauth.notAPdf);
    expect(screen.getByRole('button', { name: 'Firmar' })).toHaveProperty('disabled', true);
  });

  it('signs: keeps the PDF and asks for the PIN with the document\'s SHA-256, name and size and a new PKCE pair', async () => {
    const { container, router } = openDemo('', { clientId: 'demo-sandbox', token }, {
      'GET /oauth2/accounts/token': () => tokenContext,
    });
    await screen.findByText(token.access_token);
    const file = pdf();

    fireEvent.change(fileInput(container), { target: { files: [file] } });
    expect(await screen.findByText('receta.pdf')).toBeDefined();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Firmar' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Confirmar la firma' })).toBeDefined();
    const query = Object.fromEntries(new URLSearchParams(router.state.location.search));
    const signing = demoSessionStore.get()?.signing;
    expect(router.state.location.pathname).toBe('/oauth2/pin-2fa');
    expect(query).toEqual({
      action: 'sign',
      access_token: token.access_token,
      redirect_uri: demoUri,
      state: signing?.state,
      code_challenge: createHash('sha256').update(signing?.codeVerifier ?? '').digest('base64url'),
      code_challenge_method: 'S256',
      document_sha256: createHash('sha256').update(Buffer.from(await file.arrayBuffer())).digest('hex'),
      document_name: 'receta.pdf',
      document_size: String(file.size),
    });
    expect(query.state).toMatch(/^\d{16}$/);
    expect(pendingDocumentStore.save).toHaveBeenCalledWith(file);
  });

  it('back with the pin_2fa_code, sends the PDF to be signed and downloads the signed one', async () => {
    await pendingDocumentStore.save(pdf());
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:firmado'), revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { requests } = openDemo(
      '?pin_2fa_code=codigo-pin&action=sign&state=6543210987654321',
      { clientId: 'demo-sandbox', token, signing: { state: '6543210987654321', codeVerifier: verifier, documentName: 'receta.pdf' } },
      { 'POST /oauth2/documents/signs': () => new Response('%PDF-1.4 firmado', { headers: { 'Content-Type': 'application/pdf' } }) },
    );

    expect((await screen.findByRole('alert')).textContent).toContain('Documento firmado');
    expect(click.mock.contexts[0]).toMatchObject({ download: 'receta-firmado.pdf' });
    const signing = requests.find((request) => request.path === '/oauth2/documents/signs');
    const form = signing?.rawBody as FormData;
    expect(signing?.headers.get('Authorization')).toBe(`Bearer ${token.access_token}`);
    expect(form.get('pin_2fa_code')).toBe('codigo-pin');
    expect(form.get('code_verifier')).toBe(verifier);
    expect((form.get('file_content') as File).name).toBe('receta.pdf');
    expect(demoSessionStore.get()?.signing).toBeUndefined();
  });

  it('says \'Ha ocurrido un error. (Finalizar flujo)\' when signing fails', async () => {
    await pendingDocumentStore.save(pdf());
    openDemo(
      '?pin_2fa_code=codigo-usado&action=sign&state=6543210987654321',
      { clientId: 'demo-sandbox', token, signing: { state: '6543210987654321', codeVerifier: verifier, documentName: 'receta.pdf' } },
      { 'POST /oauth2/documents/signs': () => new Response(JSON.stringify({ statusCode: 400, error: 'Bad Request', message: 'Invalid pin_2fa_code' }), { status: 400 }) },
    );

    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert.textContent).toContain(messages.demo.signFailure));
    expect(screen.getByRole('button', { name: 'Finalizar flujo' })).toBeDefined();
  });

  it('shows that the doctor cancelled the PIN step', async () => {
    openDemo('?confirm=failed&error=account_rejected_confirmation&state=6543210987654321', { clientId: 'demo-sandbox', token });

    expect((await screen.findByRole('alert')).textContent).toContain('El profesional canceló la confirmación con PIN');
  });
});
