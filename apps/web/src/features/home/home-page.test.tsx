import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/router.tsx';
import { stubApi } from '../../test/fake-api.ts';
import { makeUser, renderRoutes } from '../../test/render.tsx';
import { makePrescription } from '../../test/prescription-fixtures.ts';

const accepted = { termsAndConditions: '2026-01-01T00:00:00Z' };
const clinic = { id: 'workspace-1', name: 'Clínica del Sol', avatarUri: null };

function sectionNamed(name: string) {
  return screen.findByRole('region', { name });
}

describe('home page per role', () => {
  it("gives a doctor 'Nueva receta' and their latest prescriptions, newest first", async () => {
    const prescription = makePrescription();
    const requests = stubApi({ 'GET /api/prescriptions': () => ({ items: [prescription], total: 1, page: 1, pageSize: 5 }) });
    renderRoutes(routes, {
      user: makeUser({ ...accepted, displayName: 'Ana Pérez', workspaces: [clinic], scope: ['owner.prescription', 'index.prescription'] }),
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Bienvenido a Receta Digital' })).toBeDefined();
    expect(screen.getByText(/^Hola, Ana Pérez\./)).toBeDefined();
    const start = await sectionNamed('Sus últimas prescripciones');
    expect(within(start).getByRole('link', { name: 'Nueva receta' }).getAttribute('href')).toMatch(/^\/prescriptions\/.+\/new$/);
    const link = await within(start).findByRole('link', { name: `N.º ${prescription.number} · ${prescription.patient.name} ${prescription.patient.lastName}` });
    expect(link.getAttribute('href')).toBe(`/prescriptions/${prescription.id}`);
    const query = requests.find((request) => request.path === '/api/prescriptions')!.url.searchParams;
    expect(Object.fromEntries(query)).toMatchObject({ mine: 'true', pageSize: '5', sort: 'createdAt', order: 'desc' });
    expect(screen.queryByRole('region', { name: 'Dispensar una receta' })).toBeNull();
  });

  it('leaves the prescriptions out for a user with no workspace to write them in', async () => {
    stubApi({ 'GET /api/users/not-authorized': () => ({ items: [], total: 0, page: 1, pageSize: 5 }) });
    renderRoutes(routes, {
      user: makeUser({ ...accepted, roles: ['superadmin'], scope: ['owner.prescription', 'index.not.authorized.user'], workspaces: [] }),
    });

    expect(await sectionNamed('Cuentas pendientes de aprobación')).toBeDefined();
    expect(screen.queryByRole('region', { name: 'Sus últimas prescripciones' })).toBeNull();
  });

  it('gives a pharmacy the scanner', async () => {
    stubApi({});
    renderRoutes(routes, { user: makeUser({ ...accepted, roles: ['pharmacy'], scope: ['index.scan'] }) });

    const start = await sectionNamed('Dispensar una receta');
    expect(within(start).getByRole('link', { name: 'Abrir el escáner' }).getAttribute('href')).toBe('/scanner');
    expect(screen.queryByRole('region', { name: 'Sus últimas prescripciones' })).toBeNull();
  });

  it('gives a moderator the accounts waiting for approval', async () => {
    stubApi({
      'GET /api/users/not-authorized': () => ({
        items: [{ kind: 'administrator', id: 'a-1', email: 'admin@clinica.test', displayName: 'Laura Gómez', roles: ['fds.admin'], roleNames: ['Administrador de firma digital'], createdAt: '2026-11-20T10:00:00Z' }],
        total: 3,
        page: 1,
        pageSize: 5,
      }),
    });
    renderRoutes(routes, { user: makeUser({ ...accepted, roles: ['superadmin'], scope: ['index.not.authorized.user', 'index.admin.fds'] }) });

    const start = await sectionNamed('Cuentas pendientes de aprobación');
    expect(await within(start).findByText('3 cuentas esperan su revisión:')).toBeDefined();
    expect(within(start).getByText('Laura Gómez · admin@clinica.test')).toBeDefined();
    expect(within(start).getByRole('link', { name: 'Revisar solicitudes' }).getAttribute('href')).toBe('/users/notAuthorized');
  });

  it('links everyone to the tutorials, the legal texts and support', async () => {
    stubApi({});
    renderRoutes(routes, { user: makeUser({ ...accepted, roles: ['pharmacy'], scope: ['index.scan'] }) });
    const help = await sectionNamed('Ayuda y condiciones');
    expect(within(help).getByRole('link', { name: 'Tutoriales' }).getAttribute('href')).toBe('/tutorials');
    expect(within(help).getByRole('link', { name: /^Escribir a soporte/ }).getAttribute('href')).toMatch(/^mailto:/);
  });
});
