import { messages } from '@receta/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/router.tsx';
import { stubApi } from '../../test/fake-api.ts';
import { makeUser, renderRoutes } from '../../test/render.tsx';

const accepted = { termsAndConditions: '2026-01-01T00:00:00Z' };

describe('password expiry gate', () => {
  it('asks for a new password before anything else, then lets the user in', async () => {
    const requests = stubApi({ 'POST /api/profile/password': () => ({ message: messages.profile.passwordChanged }) });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/', user: makeUser({ ...accepted, passwordExpired: true }) });

    expect(await screen.findByText(messages.password.expired)).toBeDefined();
    const main = screen.getByRole('main');
    expect(within(main).queryByRole('heading', { name: 'Bienvenido a Receta Digital' })).toBeNull();
    await user.type(within(main).getByLabelText(/Contraseña actual/), 'Clave-Vieja-2025');
    await user.type(within(main).getByLabelText(/^Contraseña nueva/), 'Clave-Nueva-2026!');
    await user.type(within(main).getByLabelText(/Confirmar la contraseña nueva/), 'Clave-Nueva-2026!');
    await user.click(within(main).getByRole('button', { name: 'Cambiar la contraseña' }));

    expect(await screen.findByRole('heading', { name: 'Bienvenido a Receta Digital' })).toBeDefined();
    expect(requests.find((request) => request.path === '/api/profile/password')?.body).toEqual({
      currentPassword: 'Clave-Vieja-2025', newPassword: 'Clave-Nueva-2026!', confirmPassword: 'Clave-Nueva-2026!',
    });
  });

  it('leaves a user with a young password alone', async () => {
    stubApi({});
    renderRoutes(routes, { path: '/', user: makeUser({ ...accepted, passwordExpired: false }) });
    expect(await screen.findByRole('heading', { name: 'Bienvenido a Receta Digital' })).toBeDefined();
    expect(screen.queryByText(messages.password.expired)).toBeNull();
  });
});
