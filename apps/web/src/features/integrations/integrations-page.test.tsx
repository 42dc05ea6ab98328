import { messages, type Integration } from '@receta/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/router.tsx';
import { stubApi } from '../../test/fake-api.ts';
import { makeUser, renderRoutes } from '../../test/render.tsx';

const doctor = makeUser({ scope: ['owner.prescription'], termsAndConditions: '2026-01-01T00:00:00.000Z' });

const historia: Integration = {
  clientId: 'app-historia',
  name: 'Historia Clínica Norte',
  logoUri: 'https://historia.example.com/logo.png',
  sandbox: false,
  scopes: ['accounts-profiles', 'medications-search', 'insurances-search', 'documents-sign'],
  grantedAt: '2026-03-10T14:05:00.000Z',
  lastUsedAt: '2026-03-12T09:30:00.000Z',
};
const demo: Integration = {
  clientId: 'demo-sandbox',
  name: 'Demo de integración',
  logoUri: null,
  sandbox: true,
  scopes: ['documents-sign'],
  grantedAt: '2026-03-11T12:00:00.000Z',
  lastUsedAt: null,
};

describe('my integrations page', () => {
  it('lists each authorised app with its scopes in plain words and its dates', async () => {
    stubApi({ 'GET /api/integrations': () => [historia, demo] });
    renderRoutes(routes, { path: '/myIntegrations', user: doctor });

    const card = (await screen.findByRole('heading', { name: 'Historia Clínica Norte' })).closest('li');
    if (!card) throw new Error('No card');
    // In the catalogue's order; the two searches share one description, shown once.
    expect(within(card).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Ver sus datos básicos de perfil (nombre, email, matrículas y estado de la cuenta)',
      'Usar el firmador de documentos',
      'Buscar medicamentos, diagnósticos y obras sociales en su nombre',
    ]);
    // Dates and times in Argentina, dd/MM/yyyy HH:mm.
    expect(within(card).getByText('Autorizada el 10/03/2026 11:05 · último uso el 12/03/2026 06:30')).toBeDefined();
    expect(within(card).queryByText('Sandbox')).toBeNull();

    const demoCard = screen.getByRole('heading', { name: 'Demo de integración' }).closest('li');
    if (!demoCard) throw new Error('No card');
    expect(within(demoCard).getByText('Sandbox')).toBeDefined();
    expect(within(demoCard).getByText(/todavía sin uso/)).toBeDefined();
  });

  it('says so when no app was authorised', async () => {
    stubApi({ 'GET /api/integrations': () => [] });
    renderRoutes(routes, { path: '/myIntegrations', user: doctor });

    expect(await screen.findByText('Todavía no autorizó ninguna aplicación.')).toBeDefined();
  });

  it('revokes an app\'s access after asking, and shows the list without it', async () => {
    let integrations = [historia, demo];
    const requests = stubApi({
      'GET /api/integrations': () => integrations,
      'DELETE /api/integrations/*': () => {
        integrations = [demo];
        return { message: messages.oauth.integrationRevoked };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/myIntegrations', user: doctor });

    await user.click(await screen.findByRole('button', { name: 'Revocar el acceso de Historia Clínica Norte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revocar el acceso' });
    expect(dialog.textContent).toContain('¿Revoca el acceso de Historia Clínica Norte?');
    await user.click(within(dialog).getByRole('button', { name: 'Revocar acceso' }));

    expect(await screen.findByText(messages.oauth.integrationRevoked)).toBeDefined();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Historia Clínica Norte' })).toBeNull());
    expect(requests.find((request) => request.method === 'DELETE')?.path).toBe('/api/integrations/app-historia');
  });

  it('is not for a user without owner.prescription', async () => {
    stubApi({ 'GET /api/integrations': () => [] });
    const pharmacy = makeUser({ scope: ['index.scan'], termsAndConditions: doctor.termsAndConditions });
    const { router } = renderRoutes(routes, { path: '/myIntegrations', user: pharmacy });

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('heading', { name: 'Mis integraciones' })).toBeNull();
  });
});
