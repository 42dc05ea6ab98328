import { permissions } from '@receta/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/router.tsx';
import { stubApi } from '../../test/fake-api.ts';
import { makeUser, renderRoutes } from '../../test/render.tsx';

const accepted = { termsAndConditions: '2026-01-01T00:00:00Z' };

async function openUserMenu(name: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: `Menú de ${name}` }));
  return screen.findByRole('menu');
}

describe('user menu', () => {
  it('offers a doctor who set a signing PIN to reset it', async () => {
    stubApi({});
    const doctor = makeUser({ displayName: 'Ana Pérez', scope: ['owner.prescription', 'sign.prescription'], hasSigningPin: true, ...accepted });
    renderRoutes(routes, { path: '/', user: doctor });

    await openUserMenu('Ana Pérez');

    expect(screen.getByRole('menuitem', { name: 'Restablecer mi PIN de firma' })).toBeTruthy();
  });

  it('does not offer the superadmin, who holds every permission, a PIN they never had', async () => {
    stubApi({});
    const superadmin = makeUser({ displayName: 'Sofía Admin', roles: ['superadmin'], scope: [...permissions], ...accepted });
    renderRoutes(routes, { path: '/', user: superadmin });

    await openUserMenu('Sofía Admin');

    expect(screen.getByRole('menuitem', { name: 'Cerrar sesión' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Restablecer mi PIN de firma' })).toBeNull();
  });
});
