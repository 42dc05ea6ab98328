import type { OutboxMail } from '@receta/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/router.tsx';
import { stubApi } from '../../test/fake-api.ts';
import { makeUser, renderRoutes } from '../../test/render.tsx';

const superadmin = makeUser({ roles: ['superadmin'], scope: ['index.not.authorized.user'], termsAndConditions: '2026-01-01T00:00:00Z' });

function makeMail(overrides: Partial<OutboxMail> = {}): OutboxMail {
  return {
    id: 'm1',
    to: 'ana@example.com',
    subject: 'Su cuenta fue aprobada',
    text: 'Hola, Ana:\n\nEstablezca su PIN: http://localhost:3000/confirmation/abc123\n\n--\nReceta Digital',
    html: '<!doctype html><html lang="es"><body><p>Hola</p><a href="http://localhost:3000/confirmation/abc123">Establecer PIN</a></body></html>',
    withheld: null,
    status: 'kept',
    attempts: 0,
    lastError: null,
    createdAt: '2026-03-01T15:04:00.000Z',
    sentAt: null,
    ...overrides,
  };
}

describe('outbox page', () => {
  it('lists the mails with recipient, subject, status and date, and their links can be followed', async () => {
    const requests = stubApi({ 'GET /api/outbox': () => ({ items: [makeMail()], total: 1, page: 1, pageSize: 10 }) });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/outbox', user: superadmin });

    const summary = await screen.findByRole('button', { name: /Su cuenta fue aprobada/ });
    expect(summary.textContent).toContain('Para: ana@example.com');
    expect(summary.textContent).toContain('01/03/2026 12:04');
    expect(summary.textContent).toContain('Guardado sin enviar');
    expect(requests.find((request) => request.path === '/api/outbox')?.url.searchParams.get('page')).toBe('1');

    await user.click(summary);

    const link = await screen.findByRole('link', { name: 'http://localhost:3000/confirmation/abc123' });
    expect(link.getAttribute('target')).toBe('_blank');
    const preview = screen.getByTitle('Vista HTML de «Su cuenta fue aprobada»');
    expect(preview.getAttribute('sandbox')).toBe('allow-popups allow-popups-to-escape-sandbox');
    expect(preview.getAttribute('srcdoc')).toMatch(/^<!doctype html><html lang="es"><base target="_blank"><body>/);
  });

  it('says why a patient\'s mail shows nothing but its subject, and has no link to follow', async () => {
    stubApi({
      'GET /api/outbox': () => ({
        items: [makeMail({ to: 'j***@example.com', subject: 'Su receta electrónica N.º 1024', text: null, html: null, withheld: 'content', status: 'sent' })],
        total: 1, page: 1, pageSize: 10,
      }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/outbox', user: superadmin });

    await user.click(await screen.findByRole('button', { name: /Su receta electrónica N.º 1024/ }));

    expect(await screen.findByText(/Correo a un paciente: su contenido no se muestra/)).toBeTruthy();
    const details = screen.getByRole('region');
    expect(within(details).queryByRole('link')).toBeNull();
    expect(within(details).queryByText('Texto')).toBeNull();
    expect(within(details).queryByTitle(/Vista HTML/)).toBeNull();
  });

  it('says an account\'s link is not shown once mail goes out by SMTP', async () => {
    stubApi({
      'GET /api/outbox': () => ({
        items: [makeMail({
          text: 'Hola, Ana:\n\nEstablezca su PIN: [enlace enviado]', html: '<p>Establezca su PIN: [enlace enviado]</p>', withheld: 'link', status: 'sent',
        })],
        total: 1, page: 1, pageSize: 10,
      }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/outbox', user: superadmin });

    await user.click(await screen.findByRole('button', { name: /Su cuenta fue aprobada/ }));

    expect(await screen.findByText(/El enlace no se muestra/)).toBeTruthy();
    const details = screen.getByRole('region');
    expect(within(details).getByText(/Establezca su PIN: \[enlace enviado\]/)).toBeTruthy();
    expect(within(details).queryByRole('link')).toBeNull();
  });

  it('is only for a user whose first role is superadmin, whatever the permissions', async () => {
    stubApi({ 'GET /api/outbox': () => ({ items: [], total: 0, page: 1, pageSize: 10 }) });
    const administrator = makeUser({ roles: ['fds.admin', 'superadmin'], scope: ['index.admin.fds'], termsAndConditions: '2026-01-01T00:00:00Z' });
    const { router } = renderRoutes(routes, { path: '/outbox', user: administrator });

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('link', { name: 'Correos enviados' })).toBeNull();
  });

  it('sends a guest to log in, remembering the page', async () => {
    const { router } = renderRoutes(routes, { path: '/outbox' });

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(sessionStorage.getItem('redirect_after_login')).toBe('/outbox');
  });
});
