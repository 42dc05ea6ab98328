import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  approveDoctorThroughApi, call, logInThroughApi, registerDoctorThroughApi,
} from './support/accounts-api.ts';
import { saveScreenshot, useBrowser, viewports } from './support/browser.ts';
import { makePng } from './support/documents.ts';
import { makeDoctor } from './support/doctors.ts';
import { acceptTerms, overflowsHorizontally, signInThroughPages, waitForToast } from './support/sign-in.ts';

const browser = useBrowser();
const admin = inject('admin');

/** Whether the access token still opens a session on the server. */
async function isSignedIn(token: string): Promise<boolean> {
  return call('/api/auth/session', { token }).then(() => true, () => false);
}

function section(page: Page, name: string) {
  return page.getByRole('region', { name });
}

describe('my profile', () => {
  it('closes the other sessions, changes the password, signs in with it and changes the photo', async () => {
    const doctor = makeDoctor();
    await registerDoctorThroughApi(doctor);
    await approveDoctorThroughApi(await logInThroughApi(admin.email, admin.password), doctor.email);
    // The doctor's other device: a session the profile will close.
    const otherDevice = await logInThroughApi(doctor.email, doctor.password);
    const newPassword = 'Nueva-Clave-Perfil-2026';

    const page = await browser.newPage();
    await signInThroughPages(page, doctor);
    await acceptTerms(page);
    await page.getByRole('button', { name: /^Menú de/ }).click();
    await page.getByRole('menuitem', { name: 'Mi perfil' }).click();
    await page.waitForURL('**/myProfile');
    await page.getByRole('heading', { level: 1, name: 'Mi perfil' }).waitFor();
    await section(page, 'Datos profesionales').getByText(doctor.enrollment).waitFor();

    const sessions = page.getByRole('list', { name: 'Sesiones activas' });
    await sessions.getByText('Esta sesión').waitFor();
    expect(await sessions.getByRole('listitem').count()).toBe(2);
    await page.getByRole('button', { name: 'Cerrar las demás sesiones' }).click();
    await waitForToast(page, 'Se cerraron las demás sesiones.');
    await page.getByText('No hay otras sesiones abiertas.').waitFor();
    expect(await isSignedIn(otherDevice)).toBe(false);

    const security = section(page, 'Seguridad');
    await security.getByLabel('Contraseña actual').fill('No-Es-Mi-Clave');
    await security.getByLabel('Contraseña nueva', { exact: false }).first().fill(newPassword);
    await security.getByLabel('Confirmar la contraseña nueva').fill(newPassword);
    await security.getByRole('button', { name: 'Cambiar la contraseña' }).click();
    await security.getByText('La contraseña actual no es correcta.').waitFor();
    // From the top, so that the full-page picture does not paint the sticky bars over the form.
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, 'profile-wrong-password-desktop');
    await security.getByLabel('Contraseña actual').fill(doctor.password);
    await security.getByRole('button', { name: 'Cambiar la contraseña' }).click();
    await waitForToast(page, 'Su contraseña fue cambiada. Se cerraron las demás sesiones abiertas.');
    expect(await security.getByLabel('Contraseña actual').inputValue()).toBe('');

    await page.getByRole('button', { name: /^Menú de/ }).click();
    await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
    await page.getByRole('button', { name: /^Menú de/ }).waitFor({ state: 'detached' });
    // The old password no longer opens the first login step.
    await expect(call('/api/auth/login', { method: 'POST', json: { email: doctor.email, password: doctor.password } }))
      .rejects.toThrow(/401/);
    await signInThroughPages(page, { email: doctor.email, password: newPassword });

    await page.goto('/myProfile');
    const photo = section(page, 'Foto');
    await photo.locator('input[type="file"]').setInputFiles(makePng('retrato.png', [46, 125, 110]));
    await waitForToast(page, 'Su foto fue actualizada.');
    await photo.getByRole('button', { name: 'Quitar la foto' }).waitFor();
    // The navbar shows the photo the moment it is saved, fetched with the session's token.
    await page.locator('#app-navbar img[src^="data:image/png"]').waitFor();
    await saveScreenshot(page, 'profile-desktop');

    await page.setViewportSize(viewports.mobile);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Mi perfil' }).waitFor();
    await section(page, 'Sesiones activas').getByText('Esta sesión').waitFor();
    expect(await overflowsHorizontally(page)).toBe(false);
    await saveScreenshot(page, 'profile-mobile');

    await section(page, 'Seguridad').getByRole('button', { name: 'Restablecer segundo factor' }).click();
    await page.getByRole('dialog', { name: 'Restablecer el segundo factor' }).getByLabel('Contraseña').waitFor();
    await saveScreenshot(page, 'profile-second-factor-dialog-mobile');
    await page.context().close();
  }, 240_000);
});
