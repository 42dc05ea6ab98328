import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/router.tsx';
import { errorResponse, stubApi } from '../../test/fake-api.ts';
import { makeUser, renderRoutes } from '../../test/render.tsx';

describe('terms gate', () => {
  it('stops a user who has not accepted the terms, with both legal pages at hand', async () => {
    renderRoutes(routes, { path: '/', user: makeUser({ termsAndConditions: null }) });

    expect(await screen.findByText('Debe aceptar los términos y condiciones y la política de privacidad para continuar.')).toBeDefined();
    expect(screen.queryByRole('heading', { name: 'Bienvenido a Receta Digital' })).toBeNull();
    const main = screen.getByRole('main');
    const links = [...main.querySelectorAll('a')].map((link) => [link.getAttribute('href'), link.getAttribute('target')]);
    expect(links).toEqual([['/termsAndConditions', '_blank'], ['/privacyPolicy', '_blank']]);
  });

  it('records the acceptance with the current date and lets the user in', async () => {
    const requests = stubApi({ 'POST /api/termsAndConditions': () => ({ termsAndConditions: '2026-03-01T12:00:00.000Z' }) });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/', user: makeUser({ termsAndConditions: null }) });

    await user.click(await screen.findByRole('button', { name: 'Acepto' }));

    expect(await screen.findByRole('heading', { name: 'Bienvenido a Receta Digital' })).toBeDefined();
    const sign = requests[0]?.url.searchParams.get('sign') ?? '';
    expect(Math.abs(Date.parse(sign) - Date.now())).toBeLessThan(5_000);
    expect(requests[0]?.body).toBeUndefined();
  });

  it('keeps the gate when the acceptance fails', async () => {
    stubApi({ 'POST /api/termsAndConditions': () => errorResponse(500, 'Ocurrió un error inesperado. Inténtelo de nuevo más tarde.') });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/', user: makeUser({ termsAndConditions: null }) });

    await user.click(await screen.findByRole('button', { name: 'Acepto' }));

    expect(await screen.findByText('Ocurrió un error inesperado. Inténtelo de nuevo más tarde.')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Acepto' })).toBeDefined();
  });

  it('lets a user who accepted before straight in', async () => {
    renderRoutes(routes, { path: '/', user: makeUser({ termsAndConditions: '2026-01-01T00:00:00Z' }) });

    expect(await screen.findByRole('heading', { name: 'Bienvenido a Receta Digital' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Acepto' })).toBeNull();
  });
});
