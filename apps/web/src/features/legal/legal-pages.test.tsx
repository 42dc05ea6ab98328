import { product } from '@receta/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/router.tsx';
import { renderRoutes } from '../../test/render.tsx';

describe('legal pages', () => {
  it('shows the terms with their title, revision date and key rules', async () => {
    renderRoutes(routes, { path: '/termsAndConditions' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Términos y condiciones' })).toBeDefined();
    expect(screen.getByText('Última actualización: marzo de 2023')).toBeDefined();
    expect(screen.getByText(/Solo los Profesionales autorizados, con matrícula vigente, pueden emitir/)).toBeDefined();
    expect(screen.getByText(/El Profesional es el único responsable de las recetas que emite/)).toBeDefined();
    expect(screen.getByText(/verificar la identidad del Paciente/)).toBeDefined();
    expect(screen.getByText(/se eliminan dentro de los 30 días/)).toBeDefined();
    expect(screen.getByText(/tribunales ordinarios de la Ciudad Autónoma de Buenos Aires/)).toBeDefined();
    expect(screen.getByRole('link', { name: 'Volver' }).getAttribute('href')).toBe('/');
  });

  it('shows the terms without the app shell, so they read well in a new tab', async () => {
    renderRoutes(routes, { path: '/termsAndConditions' });

    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Ingresar' })).toBeNull();
  });

  it('shows the privacy policy with the support address and the control body', async () => {
    renderRoutes(routes, { path: '/privacyPolicy' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Política de privacidad' })).toBeDefined();
    expect(screen.getByRole('heading', { level: 2, name: '10. Sus derechos' })).toBeDefined();
    expect(screen.getByText(/Agencia de Acceso a la Información Pública \(AAIP\)/)).toBeDefined();
    const supportLinks = screen.getAllByRole('link', { name: product.supportEmail });
    expect(supportLinks[0]?.getAttribute('href')).toBe(`mailto:${product.supportEmail}`);
  });
});
