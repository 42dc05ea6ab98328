import { product } from '@receta/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, renderRoutes } from '../../test/render.tsx';
import { routes } from '../router.tsx';

// The root is for signed-in users now; a guest still sees the shell on an open page such as not-found.
const openPage = '/no-existe';

describe('app layout', () => {
  it('shows the current year and the provider in the footer', async () => {
    renderRoutes(routes, { path: openPage });

    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByText(`© ${new Date().getFullYear()} ${product.provider}`)).toBeDefined();
  });

  it('opens the legal pages from the navbar in a new tab', async () => {
    renderRoutes(routes, { path: openPage });

    const terms = await screen.findAllByRole('link', { name: /^Términos y condiciones/, hidden: true });
    const privacy = screen.getAllByRole('link', { name: /^Política de privacidad/, hidden: true });
    const navbarLinks = [...terms, ...privacy].filter((link) => link.getAttribute('target') === '_blank');

    expect(navbarLinks.map((link) => link.textContent)).toEqual([
      'Términos y condiciones (se abre en una pestaña nueva)',
      'Política de privacidad (se abre en una pestaña nueva)',
    ]);
    expect(navbarLinks.map((link) => link.getAttribute('href'))).toEqual(['/termsAndConditions', '/privacyPolicy']);
    navbarLinks.forEach((link) => expect(link.getAttribute('rel')).toBe('noopener noreferrer'));
  });

  it('offers a guest the login and register links', async () => {
    renderRoutes(routes, { path: openPage });

    expect((await screen.findByRole('link', { name: 'Ingresar' })).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Registrarse' }).getAttribute('href')).toBe('/register');
  });

  it('shows a logged-in user only the menu entries their permissions allow, without the guest links', async () => {
    renderRoutes(routes, { user: makeUser({ scope: ['owner.prescription'] }) });

    const menu = await screen.findByRole('navigation', { name: 'Navegación principal', hidden: true });
    expect(within(menu).getByText('Firma digital')).toBeDefined();
    expect(within(menu).getByText('Mis prescripciones')).toBeDefined();
    expect(within(menu).queryByText('Administradores')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Ingresar' })).toBeNull();
  });

  it('answers an unknown address with a Spanish not-found page and a way home', async () => {
    renderRoutes(routes, { path: '/no-existe' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Volver al inicio' }).getAttribute('href')).toBe('/');
  });
});
