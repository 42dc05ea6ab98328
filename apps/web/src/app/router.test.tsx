import { render, screen } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { esFirstPaint } from '../i18n/es-first-paint.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { renderRoutes } from '../test/render.tsx';
import { AppProviders } from './providers.tsx';
import { routes } from './router.tsx';

afterEach(() => vi.restoreAllMocks());

describe('the route tree', () => {
  it('opens a first page whose code loads on demand without React Router warning of a missing HydrateFallback', async () => {
    const warn = vi.spyOn(console, 'warn');
    renderRoutes(routes, { path: '/login' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Ingresar' })).toBeDefined();
    expect(warn.mock.calls.flat().join('\n')).not.toContain('HydrateFallback');
  });

  it('shows the login page with the Spanish texts of the first paint alone', async () => {
    const missingKeys: string[] = [];
    const i18n = createInstance();
    await i18n.init({
      resources: { es: { translation: esFirstPaint } },
      lng: 'es',
      saveMissing: true,
      missingKeyHandler: (_languages, _namespace, key) => missingKeys.push(key),
      interpolation: { escapeValue: false },
    });
    render(
      <I18nextProvider i18n={i18n}>
        <AppProviders queryClient={createQueryClient()} initialUser={null}>
          <RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/login'] })} />
        </AppProviders>
      </I18nextProvider>,
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'Ingresar' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Cambiar el idioma' })).toBeDefined();
    expect(missingKeys).toEqual([]);
  });
});
