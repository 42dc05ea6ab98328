import type { PendingAdministrator, PendingDoctor, PendingUser } from '@receta/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router.tsx';
import { errorResponse, stubApi, type FakeRequest } from '../../test/fake-api.ts';
import { makeUser, renderRoutes } from '../../test/render.tsx';

const moderator = makeUser({ scope: ['index.not.authorized.user'], termsAndConditions: '2026-01-01T00:00:00Z' });

function makePendingDoctor(overrides: Partial<PendingDoctor> = {}): PendingDoctor {
  return {
    kind: 'doctor',
    id: 'd1',
    email: 'ana@example.com',
    name: 'Ana',
    lastName: 'Pérez',
    birthDate: '1985-03-15',
    dni: '30123456',
    cuit: '27301234568',
    phoneNumber: '1145678901',
    address: 'Av. Corrientes 1234',
    apartment: '3B',
    district: 'Balvanera',
    province: 'CABA',
    specialty: 'Cardiología',
    jurisdiction: 'CABA',
    doctorEnrollment: '123456',
    refepsCode: '70012345',
    profession: 'Médico',
    createdAt: '2026-03-01T15:00:00.000Z',
    attachments: { dniFront: '/api/files/f1', dniBack: '/api/files/f2', degreeCertificate: '/api/files/f3', doctorEnrollmentLocation: null },
    ...overrides,
  };
}

function makePendingAdministrator(overrides: Partial<PendingAdministrator> = {}): PendingAdministrator {
  return {
    kind: 'administrator',
    id: 'a1',
    email: 'clinica@example.com',
    displayName: 'Clínica del Sol',
    roles: ['fds.admin'],
    roleNames: ['Administrador de firma digital'],
    createdAt: '2026-03-02T15:00:00.000Z',
    ...overrides,
  };
}

function pageOf(items: PendingUser[], total = items.length) {
  return { items, total, page: 1, pageSize: 10 };
}

function fileResponse(content: string, contentType: string) {
  return new Response(content, { headers: { 'Content-Type': contentType } });
}

const files = {
  'GET /api/files/f1': () => fileResponse('png', 'image/png'),
  'GET /api/files/f2': () => fileResponse('png', 'image/png'),
  'GET /api/files/f3': () => fileResponse('%PDF-1.4', 'application/pdf'),
};

describe('not-authorized users page', () => {
  it('lists the doctors waiting, searches on the server and pages through them', async () => {
    const requests = stubApi({ 'GET /api/users/not-authorized': () => pageOf([makePendingDoctor()], 25) });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/users/notAuthorized', user: moderator });

    const row = (await screen.findByText('Pérez, Ana')).closest('tr');
    expect(row && within(row).getByText('ana@example.com')).toBeDefined();
    expect(screen.getByText('1–10 de 25')).toBeDefined();

    await user.type(screen.getByRole('searchbox', { name: 'Buscar por nombre, apellido, email o DNI' }), 'perez');
    await waitFor(() => expect(requests.at(-1)?.url.searchParams.get('q')).toBe('perez'));
    await user.click(screen.getByRole('button', { name: 'Ir a la página siguiente' }));
    await waitFor(() => expect(requests.at(-1)?.url.searchParams.get('page')).toBe('2'));
    expect(requests.at(-1)?.url.searchParams.get('pageSize')).toBe('10');
  });

  it('lists administrators waiting for authorization beside the doctors, with their roles by name', async () => {
    stubApi({ 'GET /api/users/not-authorized': () => pageOf([makePendingDoctor(), makePendingAdministrator()]) });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/users/notAuthorized', user: moderator });

    const row = (await screen.findByText('Clínica del Sol')).closest('tr');
    expect(row && within(row).getByText('Administrador')).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Revisar la solicitud de Clínica del Sol' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clínica del Sol' });
    expect(within(dialog).getByText('Administrador de firma digital')).toBeDefined();
    expect(within(dialog).queryByText('fds.admin')).toBeNull();
    expect(within(dialog).queryByText('Documentación')).toBeNull();
  });

  it('is the same page at /administrators/notAuthorized, and only for its permission', async () => {
    stubApi({ 'GET /api/users/not-authorized': () => pageOf([]) });
    renderRoutes(routes, { path: '/administrators/notAuthorized', user: moderator });
    expect(await screen.findByText('No hay solicitudes pendientes.')).toBeDefined();
  });

  it('sends a user without the permission away', async () => {
    const { router } = renderRoutes(routes, { path: '/users/notAuthorized', user: makeUser({ termsAndConditions: '2026-01-01T00:00:00Z' }) });

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows everything the doctor entered and their documents, fetched with the session', async () => {
    localStorage.setItem('access_token', 'token-9');
    const requests = stubApi({ 'GET /api/users/not-authorized': () => pageOf([makePendingDoctor()]), ...files });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/users/notAuthorized', user: moderator });

    await user.click(await screen.findByRole('button', { name: 'Revisar la solicitud de Ana Pérez' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pérez, Ana' });

    for (const text of ['15/03/1985', '27301234568', 'Av. Corrientes 1234, 3B', 'Cardiología', 'Médico', '123456', '70012345', '01/03/2026']) {
      expect(within(dialog).getByText(text)).toBeDefined();
    }
    expect(await within(dialog).findByRole('img', { name: 'Frente del DNI' })).toBeDefined();
    expect(within(dialog).getByText('Documento PDF')).toBeDefined();
    expect(within(dialog).getByText('No adjuntado')).toBeDefined();
    const fileRequest = requests.find((request) => request.path === '/api/files/f1');
    expect(fileRequest?.headers.get('Authorization')).toBe('Bearer token-9');

    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await user.click(within(dialog).getByRole('button', { name: 'Abrir Título en una pestaña nueva' }));
    expect(open).toHaveBeenCalledWith(expect.stringMatching(/^blob:/), '_blank', 'noopener');
  });

  it('authorizes after a confirmation, says so and refreshes the list', async () => {
    let pending = [makePendingDoctor()];
    const requests = stubApi({
      'GET /api/users/not-authorized': () => pageOf(pending),
      'POST /api/users/*/authorize': () => {
        pending = [];
        return { message: 'Cuenta autorizada. Le enviamos al profesional el correo para confirmar su cuenta.' };
      },
      ...files,
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/users/notAuthorized', user: moderator });

    await user.click(await screen.findByRole('button', { name: 'Revisar la solicitud de Ana Pérez' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Pérez, Ana' })).getByRole('button', { name: 'Autorizar' }));
    const confirmation = await screen.findByRole('dialog', { name: 'Autorizar la cuenta' });
    await user.click(within(confirmation).getByRole('button', { name: 'Autorizar' }));

    expect(await screen.findByText('Cuenta autorizada. Le enviamos al profesional el correo para confirmar su cuenta.')).toBeDefined();
    expect(await screen.findByText('No hay solicitudes pendientes.')).toBeDefined();
    expect(requests.some((request: FakeRequest) => request.path === '/api/users/d1/authorize' && request.method === 'POST')).toBe(true);
  });

  it('rejects only with a reason, which it sends', async () => {
    const requests = stubApi({
      'GET /api/users/not-authorized': () => pageOf([makePendingDoctor()]),
      'POST /api/users/*/reject': () => ({ message: 'Solicitud rechazada. Le avisamos al profesional por correo electrónico.' }),
      ...files,
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/users/notAuthorized', user: moderator });

    await user.click(await screen.findByRole('button', { name: 'Revisar la solicitud de Ana Pérez' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Pérez, Ana' })).getByRole('button', { name: 'Rechazar' }));
    const rejection = await screen.findByRole('dialog', { name: 'Rechazar la solicitud' });
    await user.click(within(rejection).getByRole('button', { name: 'Rechazar' }));
    expect(await within(rejection).findByText('Indique el motivo del rechazo.')).toBeDefined();

    await user.type(within(rejection).getByRole('textbox', { name: /Motivo del rechazo/ }), 'La matrícula no coincide con el título.');
    await user.click(within(rejection).getByRole('button', { name: 'Rechazar' }));

    expect(await screen.findByText('Solicitud rechazada. Le avisamos al profesional por correo electrónico.')).toBeDefined();
    expect(requests.find((request) => request.path === '/api/users/d1/reject')?.body).toEqual({ reason: 'La matrícula no coincide con el título.' });
  });

  it('shows the server\'s refusal of a decision', async () => {
    stubApi({
      'GET /api/users/not-authorized': () => pageOf([makePendingDoctor()]),
      'POST /api/users/*/authorize': () => errorResponse(409, 'La cuenta ya fue revisada.'),
      ...files,
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/users/notAuthorized', user: moderator });

    await user.click(await screen.findByRole('button', { name: 'Revisar la solicitud de Ana Pérez' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Pérez, Ana' })).getByRole('button', { name: 'Autorizar' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Autorizar la cuenta' })).getByRole('button', { name: 'Autorizar' }));

    expect(await screen.findByText('La cuenta ya fue revisada.')).toBeDefined();
  });
});
