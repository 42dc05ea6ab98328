import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/router.tsx';
import { renderRoutes } from '../../test/render.tsx';

describe('tutorials page', () => {
  it('is open to a guest and walks through registering, signing, sending and verifying', async () => {
    renderRoutes(routes, { path: '/tutorials' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Tutoriales' })).toBeDefined();
    const contents = screen.getByRole('navigation', { name: 'Contenido' });
    expect(within(contents).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['#register', '#sign', '#send', '#verify']);
    const signing = screen.getByRole('region', { name: 'Cómo escribir y firmar una receta' });
    expect(within(signing).getAllByRole('listitem')).toHaveLength(5);
    expect(within(signing).getByText(/ingrese su PIN de 4 dígitos/)).toBeDefined();
  });

  it("is linked from the app's footer", async () => {
    renderRoutes(routes, { path: '/no-existe' });
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Tutoriales' }).getAttribute('href')).toBe('/tutorials');
  });
});
