import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../test/fake-api.ts';
import { makeUser, renderRoutes } from '../test/render.tsx';
import { routes } from './router.tsx';

const information = { frontend: '0.4.0', backend: '0.4.1', vademecum: '15/03/2026' };

describe('version info', () => {
  it('shows the superadmin the web app\'s and the server\'s versions and the vademecum date, in Spanish words', async () => {
    stubApi({ 'GET /api/information': () => information });
    const user = userEvent.setup();
    const superadmin = makeUser({ roles: ['superadmin'], scope: ['index.role'], termsAndConditions: '2026-01-01T00:00:00Z' });
    renderRoutes(routes, { path: '/', user: superadmin });

    await user.click(await screen.findByRole('button', { name: 'Información de la versión' }));

    expect(await screen.findByText('0.4.0')).toBeTruthy();
    expect(screen.getByText('Aplicación web')).toBeTruthy();
    expect(screen.getByText('Servidor')).toBeTruthy();
    expect(screen.getByText('0.4.1')).toBeTruthy();
    expect(screen.getByText('15/03/2026')).toBeTruthy();
  });

  it('is hidden from a user whose first role is not superadmin, even one who also holds it', async () => {
    const requests = stubApi({ 'GET /api/information': () => information });
    const administrator = makeUser({ roles: ['fds.admin', 'superadmin'], scope: ['index.admin.fds'], termsAndConditions: '2026-01-01T00:00:00Z' });
    renderRoutes(routes, { path: '/', user: administrator });

    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'Información de la versión' })).toBeNull();
    expect(requests.some((request) => request.path === '/api/information')).toBe(false);
  });
});
