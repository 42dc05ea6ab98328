import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../test/render.tsx';
import { routes } from './router.tsx';

afterEach(() => vi.restoreAllMocks());

describe('the route tree', () => {
  it('opens a first page whose code loads on demand without React Router warning of a missing HydrateFallback', async () => {
    const warn = vi.spyOn(console, 'warn');
    renderRoutes(routes, { path: '/login' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Ingresar' })).toBeDefined();
    expect(warn.mock.calls.flat().join('\n')).not.toContain('HydrateFallback');
  });
});
