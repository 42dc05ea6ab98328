import { describe, expect, inject, it } from 'vitest';
import { approveDoctorThroughApi, logInThroughApi, registerDoctorThroughApi } from './support/accounts-api.ts';
import { saveScreenshot, useBrowser } from './support/browser.ts';
import { makeDoctor } from './support/doctors.ts';
import { waitForMailedLink } from './support/mailbox.ts';
import { acceptTerms, overflowsHorizontally, signInThroughPages, waitForToast } from './support/sign-in.ts';

const browser = useBrowser();
const admin = inject('admin');

/** An approved doctor who has never signed in: the state a forgotten password is usually found in. */
async function approvedDoctor() {
  const doctor = makeDoctor();
  await registerDoctorThroughApi(doctor);
  await approveDoctorThroughApi(await logInThroughApi(admin.email, admin.password), doctor.email);
  return doctor;
}

describe('recovering a forgotten password', () => {
  it('sends the link from the login page and signs in with the new password', async () => {
    const doctor = await approvedDoctor();
    const newPassword = 'Otra-Clave-Nueva-2026';
    const page = await browser.newPage();

    await page.goto('/login');
    await page.getByRole('button', { name: '¿Olvidó su contraseña?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Recuperar la contraseña' });
    const send = dialog.getByRole('button', { name: 'Enviar' });
    expect(await send.isDisabled()).toBe(true);
    await dialog.getByLabel('Email').fill(doctor.email);
    await saveScreenshot(page, 'password-recovery-dialog-desktop');
    await send.click();
    await dialog.getByText('Le enviamos un mensaje a su correo electrónico, por favor revise su bandeja de entrada.').waitFor();
    await dialog.getByRole('button', { name: 'Cerrar' }).click();

    await page.goto(await waitForMailedLink(doctor.email, '/password-recovery/'));
    await page.getByRole('heading', { level: 1, name: 'Nueva contraseña' }).waitFor();
    await page.getByLabel('Contraseña nueva').fill('corta');
    await page.getByLabel('Confirmar la contraseña').fill('otra');
    await page.getByText('La contraseña no puede tener menos de 10 caracteres').waitFor();
    await page.getByLabel('Contraseña nueva').fill(newPassword);
    await page.getByLabel('Confirmar la contraseña').fill(newPassword);
    await saveScreenshot(page, 'password-recovery-desktop');
    await page.getByRole('button', { name: 'Guardar la contraseña' }).click();
    await page.waitForURL('**/login');
    await waitForToast(page, 'Su contraseña fue actualizada. Ya puede ingresar.');

    await expect(logInThroughApi(doctor.email, doctor.password)).rejects.toThrow(/401/);
    await signInThroughPages(page, { email: doctor.email, password: newPassword }, { screenshot: 'second-factor-enrolment-desktop' });
    await acceptTerms(page, { screenshot: 'terms-gate-desktop' });
    expect(new URL(page.url()).pathname).toBe('/');
    await page.context().close();
  }, 120_000);

  it('reads on a 375 px phone without sideways scrolling', async () => {
    const page = await browser.newPage('mobile');
    await page.goto('/login');
    await page.getByRole('button', { name: '¿Olvidó su contraseña?' }).click();
    await page.getByRole('dialog', { name: 'Recuperar la contraseña' }).getByLabel('Email').fill('medica@receta.test');
    await saveScreenshot(page, 'password-recovery-dialog-mobile');
    await page.goto('/password-recovery/enlace-de-ejemplo');
    await page.getByRole('heading', { level: 1, name: 'Nueva contraseña' }).waitFor();
    expect(await overflowsHorizontally(page)).toBe(false);
    await saveScreenshot(page, 'password-recovery-mobile');
    await page.context().close();
  });
});
