import { messages, type OAuthClient } from '@receta/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/router.tsx';
import { stubApi } from '../../test/fake-api.ts';
import { makeUser, renderRoutes } from '../../test/render.tsx';

const superadmin = makeUser({
  roles: ['superadmin'], scope: ['index.admin.fds', 'index.role'], termsAndConditions: '2026-01-01T00:00:00.000Z',
});

const demoClient: OAuthClient = {
  id: '5f1c1c9e-0000-4000-8000-000000000001',
  clientId: 'demo-sandbox',
  name: 'Demo de integración',
  logoUri: null,
  redirectUris: ['http://localhost:3000/oauth2/demo'],
  redirectUriLabel: 'Demo de integración',
  allowedScopes: ['accounts-profiles', 'documents-sign'],
  sandbox: true,
  kind: 'confidential',
  hasSecret: false,
  pharmacyAccountEmail: null,
  createdAt: '2026-03-01T10:00:00.000Z',
};
const mobileApp: OAuthClient = {
  ...demoClient,
  id: '5f1c1c9e-0000-4000-8000-000000000002',
  clientId: '9b2d4f',
  name: 'Turnos Móvil',
  redirectUris: ['https://turnos.example.com/callback'],
  redirectUriLabel: 'Turnos Móvil',
  sandbox: false,
  kind: 'public',
};

const pharmacySystem: OAuthClient = {
  ...demoClient,
  id: '5f1c1c9e-0000-4000-8000-000000000003',
  clientId: '7c3e5a',
  name: 'Farmacia Sur',
  redirectUris: [],
  redirectUriLabel: '',
  allowedScopes: ['prescriptions-dispense'],
  sandbox: false,
  hasSecret: true,
  pharmacyAccountEmail: 'sur@farmacia.example.com',
};

/** Pastes the text: typing it key by key into MUI fields takes seconds each. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

function page(items: OAuthClient[]) {
  return { items, total: items.length, page: 1, pageSize: 10 };
}

// The form dialog holds eleven scopes and re-validates on each change: slow under jsdom on a busy machine.
describe('OAuth2 apps registry', () => {
  it('lists the apps with their client id, kind, sandbox and redirect URIs', async () => {
    stubApi({ 'GET /api/oauth-clients': () => page([demoClient, mobileApp, pharmacySystem]) });
    renderRoutes(routes, { path: '/oauthClients', user: superadmin });

    const table = await screen.findByRole('table', { name: 'Aplicaciones OAuth2' });
    const demoRow = (await within(table).findByText('demo-sandbox')).closest('tr');
    const mobileRow = within(table).getByText('9b2d4f').closest('tr');
    if (!demoRow || !mobileRow) throw new Error('Rows missing');
    expect(within(demoRow).getByText('Sandbox')).toBeDefined();
    expect(within(demoRow).getByText('Confidencial')).toBeDefined();
    expect(within(demoRow).getByRole('button', { name: 'Secreto de Demo de integración' }).textContent).toBe('Generar secreto');
    expect(within(mobileRow).getByText('Pública')).toBeDefined();
    expect(within(mobileRow).getByText('Sin secreto')).toBeDefined();
    expect(within(mobileRow).getByText('https://turnos.example.com/callback')).toBeDefined();
    const pharmacyRow = within(table).getByText('7c3e5a').closest('tr');
    expect(pharmacyRow && within(pharmacyRow).getByText('Ninguna')).toBeTruthy();
  });

  it('registers an app and shows its secret once, with a copy button', async () => {
    const created: OAuthClient = { ...mobileApp, kind: 'confidential', hasSecret: true, name: 'Historia Clínica Norte' };
    const requests = stubApi({
      'GET /api/oauth-clients': () => page([]),
      'POST /api/oauth-clients': () => new Response(JSON.stringify({
        message: messages.oauth.clientCreated, client: created, clientSecret: 'secreto-mostrado-una-vez',
      }), { status: 201, headers: { 'Content-Type': 'application/json' } }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/oauthClients', user: superadmin });

    await user.click(await screen.findByRole('button', { name: 'Nueva aplicación' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva aplicación' });
    await fill(user, within(dialog).getByLabelText(/^Nombre/, { selector: 'input' }), 'Historia Clínica Norte');
    await fill(user, within(dialog).getByLabelText(/^Etiqueta de redirección/, { selector: 'input' }), 'Historia Clínica Norte');
    const redirectUris = within(dialog).getByLabelText(/^URI de redirección/, { selector: 'textarea' });
    await fill(user, redirectUris, 'https://historia.example.com/callback\nhttp://localhost:8080/callback');
    await user.click(within(dialog).getByLabelText(/Usar el firmador de documentos/));
    await user.click(within(dialog).getByLabelText(/^Ver sus datos básicos de perfil/));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    const secretDialog = await screen.findByRole('dialog', { name: 'Secreto de la aplicación' });
    expect(within(secretDialog).getByText('secreto-mostrado-una-vez')).toBeDefined();
    expect(within(secretDialog).getByText(/no se volverá a mostrar/)).toBeDefined();
    await user.click(within(secretDialog).getByRole('button', { name: 'Copiar Client secret' }));
    expect(await navigator.clipboard.readText()).toBe('secreto-mostrado-una-vez');
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      name: 'Historia Clínica Norte',
      logoUri: null,
      redirectUris: ['https://historia.example.com/callback', 'http://localhost:8080/callback'],
      redirectUriLabel: 'Historia Clínica Norte',
      // In the catalogue's order, whatever the order of the clicks.
      allowedScopes: ['accounts-profiles', 'documents-sign'],
      sandbox: false,
      kind: 'confidential',
      pharmacyAccountEmail: null,
    });

    await user.click(within(secretDialog).getByRole('button', { name: 'Ya lo copié' }));
    await waitFor(() => expect(screen.queryByText('secreto-mostrado-una-vez')).toBeNull());
  });

  it('registers a pharmacy system with the pharmacy account it dispenses for, and no redirect URI', async () => {
    const created: OAuthClient = {
      ...mobileApp, kind: 'confidential', hasSecret: true, name: 'Farmacia Central', allowedScopes: ['prescriptions-dispense'],
      redirectUris: [], redirectUriLabel: '', pharmacyAccountEmail: 'central@farmacia.example.com',
    };
    const requests = stubApi({
      'GET /api/oauth-clients': () => page([]),
      'POST /api/oauth-clients': () => new Response(JSON.stringify({
        message: messages.oauth.clientCreated, client: created, clientSecret: 'secreto-de-la-farmacia',
      }), { status: 201, headers: { 'Content-Type': 'application/json' } }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/oauthClients', user: superadmin });

    await user.click(await screen.findByRole('button', { name: 'Nueva aplicación' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva aplicación' });
    const redirectUris = within(dialog).getByLabelText(/^URI de redirección/, { selector: 'textarea' });
    const label = within(dialog).getByLabelText(/^Etiqueta de redirección/, { selector: 'input' });
    expect([redirectUris, label].map((field) => field.hasAttribute('required'))).toEqual([true, true]);
    await fill(user, within(dialog).getByLabelText(/^Nombre/, { selector: 'input' }), 'Farmacia Central');
    await user.click(within(dialog).getByLabelText(/^Consultar y registrar dispensas/));
    const account = within(dialog).getByLabelText(/^Email de la cuenta de farmacia/, { selector: 'input' });
    await fill(user, account, 'Central@Farmacia.example.com');
    // The client-credentials grant redirects nowhere (decision 043).
    expect([redirectUris, label].map((field) => field.hasAttribute('required'))).toEqual([false, false]);
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByRole('dialog', { name: 'Secreto de la aplicación' })).toBeDefined();
    expect(requests.find((request) => request.method === 'POST')?.body).toMatchObject({
      redirectUris: [], redirectUriLabel: '', allowedScopes: ['prescriptions-dispense'], kind: 'confidential',
      pharmacyAccountEmail: 'central@farmacia.example.com',
    });
  });

  it('takes redirect URIs one per line, https or http on localhost only', async () => {
    stubApi({ 'GET /api/oauth-clients': () => page([]) });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/oauthClients', user: superadmin });

    await user.click(await screen.findByRole('button', { name: 'Nueva aplicación' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva aplicación' });
    const redirectUris = within(dialog).getByLabelText(/^URI de redirección/, { selector: 'textarea' });
    await fill(user, redirectUris, 'https://historia.example.com/callback\nhttp://historia.example.com/callback');
    await user.tab();

    expect(await within(dialog).findByText(messages.oauth.redirectUriInvalid)).toBeDefined();
  });

  it('asks for the name, the label, a redirect URI and at least one scope', async () => {
    stubApi({ 'GET /api/oauth-clients': () => page([]) });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/oauthClients', user: superadmin });

    await user.click(await screen.findByRole('button', { name: 'Nueva aplicación' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva aplicación' });
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    // Name, label, redirect URIs and the scopes.
    await waitFor(() => expect(within(dialog).getAllByText(messages.common.required)).toHaveLength(4));
  });

  it('generates the demo app\'s secret after asking, and shows it once', async () => {
    const requests = stubApi({
      'GET /api/oauth-clients': () => page([demoClient]),
      'POST /api/oauth-clients/*/secret': () => ({
        message: messages.oauth.secretRotated, client: { ...demoClient, hasSecret: true }, clientSecret: 'nuevo-secreto',
      }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/oauthClients', user: superadmin });

    await user.click(await screen.findByRole('button', { name: 'Secreto de Demo de integración' }));
    const confirm = await screen.findByRole('dialog', { name: 'Generar el secreto' });
    await user.click(within(confirm).getByRole('button', { name: 'Generar secreto' }));

    const secretDialog = await screen.findByRole('dialog', { name: 'Secreto de la aplicación' });
    expect(within(secretDialog).getByText('nuevo-secreto')).toBeDefined();
    expect(within(secretDialog).getByText('demo-sandbox')).toBeDefined();
    expect(requests.find((request) => request.method === 'POST')?.path).toBe(`/api/oauth-clients/${demoClient.id}/secret`);
  });

  it('edits an app without letting its kind change', async () => {
    const requests = stubApi({
      'GET /api/oauth-clients': () => page([demoClient]),
      'PUT /api/oauth-clients/*': () => ({ ...demoClient, name: 'Demo' }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/oauthClients', user: superadmin });

    await user.click(await screen.findByRole('button', { name: 'Demo de integración' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Demo de integración' });
    expect(within(dialog).getByRole('radio', { name: /^Pública/ })).toHaveProperty('disabled', true);
    expect(within(dialog).getByRole('switch', { name: 'Sandbox' })).toHaveProperty('checked', true);
    const name = within(dialog).getByLabelText(/^Nombre/, { selector: 'input' });
    await user.clear(name);
    await fill(user, name, 'Demo');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText(messages.oauth.clientUpdated)).toBeDefined();
    const edit = requests.find((request) => request.method === 'PUT');
    expect(edit?.path).toBe(`/api/oauth-clients/${demoClient.id}`);
    expect(edit?.body).toMatchObject({ name: 'Demo', kind: 'confidential', sandbox: true, redirectUris: demoClient.redirectUris });
  });

  it('is for the superadmin only', async () => {
    stubApi({ 'GET /api/oauth-clients': () => page([]) });
    const administrator = makeUser({ roles: ['fds.admin'], scope: ['index.admin.fds'], termsAndConditions: superadmin.termsAndConditions });
    const { router } = renderRoutes(routes, { path: '/oauthClients', user: administrator });

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
