import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  approveDoctorThroughApi, findMedicIdThroughApi, logInThroughApi, registerDoctorThroughApi,
} from './support/accounts-api.ts';
import { saveScreenshot, showPage, useBrowser } from './support/browser.ts';
import { makeDoctor } from './support/doctors.ts';
import { acceptTermsIfAsked, overflowsHorizontally, signInAs, signInThroughPages } from './support/sign-in.ts';

const browser = useBrowser();
const admin = inject('admin');

const adminEntries = [
  'Administradores', 'Usuarios no autorizados', 'Roles', 'Correos enviados', 'Espacios de trabajo', 'Aplicaciones OAuth2', 'Médicos',
];
const doctorEntries = ['Indicadores', 'Mi perfil', 'Mis integraciones', 'Mis prescripciones', 'Mis pacientes'];

async function menuEntries(page: Page): Promise<string[]> {
  const menu = page.getByRole('navigation', { name: 'Navegación principal' });
  await menu.getByRole('link').first().waitFor();
  return menu.getByRole('link').allInnerTexts();
}

describe('the menus and the route guard', () => {
  it('shows a doctor only their entries and sends them away from an administration page', async () => {
    const doctor = makeDoctor();
    await registerDoctorThroughApi(doctor);
    await approveDoctorThroughApi(await logInThroughApi(admin.email, admin.password), doctor.email);

    const page = await browser.newPage();
    await signInThroughPages(page, doctor);
    await acceptTermsIfAsked(page, page.getByRole('navigation', { name: 'Navegación principal' }));
    const entries = await menuEntries(page);
    for (const entry of doctorEntries) expect(entries).toContain(entry);
    for (const entry of adminEntries) expect(entries).not.toContain(entry);

    await page.goto('/roles');
    await page.waitForURL((url) => url.pathname !== '/roles');
    expect(new URL(page.url()).pathname).toBe('/');
    await page.context().close();
  });

  it('sends a guest from /roles to log in and back to /roles, with the administrator\'s menu', async () => {
    const page = await browser.newPage();
    await page.goto('/roles');
    await page.waitForURL('**/login');
    await signInThroughPages(page, admin);
    await page.waitForURL('**/roles');
    await acceptTermsIfAsked(page, page.getByRole('heading', { level: 1, name: 'Roles' }));
    const entries = await menuEntries(page);
    // The superadmin holds every permission, so every entry shows.
    for (const entry of adminEntries) expect(entries).toContain(entry);
    await page.context().close();
  });

  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`shows the administration pages on a ${viewport} without sideways scrolling`, async () => {
      const doctor = makeDoctor();
      await registerDoctorThroughApi(doctor);
      const token = await logInThroughApi(admin.email, admin.password);
      const medicId = await findMedicIdThroughApi(token, doctor.email);
      const pages: [string, string, string][] = [
        ['/roles', 'roles', 'Roles'],
        ['/roles/new', 'role-new', 'Nuevo rol'],
        ['/administrators', 'administrators', 'Administradores'],
        ['/administrators/new', 'administrator-new', 'Nuevo administrador'],
        ['/workspaces', 'workspaces', 'Espacios de trabajo'],
        ['/medicals', 'medicals', 'Médicos'],
        ['/medicals/new', 'medical-new', 'Nuevo médico'],
        ['/owners', 'owners', 'Dueños'],
        ['/owners/new', 'owner-new', 'Nuevo dueño'],
        [`/medicals/${medicId}/preview`, 'medical-preview', `${doctor.lastName}, ${doctor.name}`],
        ['/repository-pointers', 'repository-pointers', 'Repositorio nacional'],
        ['/oauthClients', 'oauth-clients', 'Aplicaciones OAuth2'],
      ];
      const page = await browser.newPage(viewport);
      await signInAs(page, admin);
      for (const [path, name, heading] of pages) {
        await showPage(page, path);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        await page.getByRole('progressbar').waitFor({ state: 'detached' });
        const screenshot = `${name}-${viewport}`;
        expect(await overflowsHorizontally(page), screenshot).toBe(false);
        await saveScreenshot(page, screenshot);
      }
      await page.context().close();
    }, 120_000);
  }
});
