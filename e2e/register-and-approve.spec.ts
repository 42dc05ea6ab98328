import { describe, expect, inject, it } from 'vitest';
import { saveScreenshot, useBrowser } from './support/browser.ts';
import { makeDoctor } from './support/doctors.ts';
import { waitForMailedLink } from './support/mailbox.ts';
import {
  fillCredentials, fillPersonalData, fillProfessionalData, goToNextStep, uploadDocuments,
} from './support/registration-wizard.ts';
import {
  acceptTerms, acceptTermsIfAsked, overflowsHorizontally, signInThroughPages, waitForToast,
} from './support/sign-in.ts';

const browser = useBrowser();
const admin = inject('admin');

describe('registering a doctor and approving the account', () => {
  it('takes a doctor from the wizard, through a moderator, to their first signed-in page', async () => {
    const doctor = makeDoctor();

    // The doctor registers on a computer.
    const doctorPage = await browser.newPage();
    await doctorPage.goto('/register');
    await fillPersonalData(doctorPage, doctor);
    await saveScreenshot(doctorPage, 'register-step-1-desktop');
    await goToNextStep(doctorPage, 'Paso 2 de 3: Cuenta');
    await fillCredentials(doctorPage, doctor);
    await saveScreenshot(doctorPage, 'register-step-2-desktop');
    await goToNextStep(doctorPage, 'Paso 3 de 3: Datos profesionales');
    await fillProfessionalData(doctorPage, doctor);
    await uploadDocuments(doctorPage);
    await doctorPage.getByRole('checkbox', { name: /términos y condiciones/ }).check();
    await doctorPage.getByRole('checkbox', { name: /política de privacidad/ }).check();
    await saveScreenshot(doctorPage, 'register-step-3-desktop');
    await doctorPage.getByRole('button', { name: 'Enviar solicitud' }).click();
    await doctorPage.getByText('Un moderador verificará sus datos').waitFor();
    await saveScreenshot(doctorPage, 'register-sent-desktop');

    // The superadmin signs in for the first time, setting up the authenticator, and approves.
    const adminPage = await browser.newPage();
    await signInThroughPages(adminPage, admin, { screenshot: 'second-factor-desktop' });
    await acceptTermsIfAsked(adminPage, adminPage.getByRole('heading', { level: 1, name: 'Bienvenido a Receta Digital' }));
    await adminPage.getByRole('link', { name: 'Usuarios no autorizados' }).click();
    await adminPage.getByLabel('Buscar por nombre, apellido, email o DNI').fill(doctor.email);
    // Other journeys register doctors with the same name: wait until the search keeps only this one.
    const review = adminPage.getByRole('button', { name: `Revisar la solicitud de ${doctor.name} ${doctor.lastName}` });
    await expect.poll(async () => [await adminPage.getByRole('row').count(), await review.count()]).toEqual([2, 1]);
    await saveScreenshot(adminPage, 'not-authorized-desktop');
    await review.click();
    const detail = adminPage.getByRole('dialog', { name: `${doctor.lastName}, ${doctor.name}` });
    await detail.getByText(doctor.cuit).waitFor();
    await detail.getByRole('img', { name: 'Frente del DNI' }).waitFor();
    await detail.getByRole('img', { name: 'Dorso del DNI' }).waitFor();
    await expect.poll(() => detail.getByRole('button', { name: /Abrir .* en una pestaña nueva/ }).count()).toBe(4);
    await saveScreenshot(adminPage, 'not-authorized-detail-desktop');
    const [pdfTab] = await Promise.all([
      adminPage.context().waitForEvent('page'),
      detail.getByRole('button', { name: 'Abrir Título en una pestaña nueva' }).click(),
    ]);
    expect(pdfTab.url()).toMatch(/^blob:/);
    await pdfTab.close();
    await detail.getByRole('button', { name: 'Autorizar' }).click();
    await adminPage.getByRole('dialog', { name: 'Autorizar la cuenta' }).getByRole('button', { name: 'Autorizar' }).click();
    await waitForToast(adminPage, 'Cuenta autorizada.');
    await adminPage.getByText('No hay solicitudes pendientes.').or(adminPage.getByText('Ninguna solicitud pendiente coincide')).waitFor();

    // The confirm-account mail arrives; the doctor follows it on a phone and sets the PIN.
    const confirmationPath = await waitForMailedLink(doctor.email, '/confirmation/');
    const phone = await browser.newPage('mobile');
    await phone.goto(confirmationPath);
    await phone.getByRole('heading', { level: 1, name: 'Confirmar su cuenta' }).waitFor();
    await phone.getByLabel(/^PIN/).fill('4821');
    await phone.getByLabel('Confirmar PIN').fill('4821');
    await saveScreenshot(phone, 'confirmation-mobile');
    expect(await overflowsHorizontally(phone)).toBe(false);
    await phone.getByRole('button', { name: 'Confirmar' }).click();
    await phone.waitForURL('**/login');
    await waitForToast(phone, 'Sus credenciales fueron establecidas.');

    // The superadmin sees the mail in the outbox too, but not its link: it reached the doctor alone.
    await adminPage.getByRole('link', { name: 'Correos enviados' }).click();
    await adminPage.getByRole('heading', { level: 1, name: 'Correos enviados' }).waitFor();
    await adminPage.getByRole('button', { name: /Su cuenta fue aprobada/ }).first().click();
    await adminPage.getByText(/El enlace no se muestra/).first().waitFor();
    await adminPage.getByTitle(/Vista HTML/).first().waitFor();
    expect(await adminPage.getByText(confirmationPath).count()).toBe(0);
    await saveScreenshot(adminPage, 'outbox-desktop');

    // The doctor signs in on the phone for the first time, accepts the terms and lands home.
    await signInThroughPages(phone, doctor, { screenshot: 'second-factor-enrolment-mobile' });
    await acceptTerms(phone, { screenshot: 'terms-gate-mobile' });
    expect(new URL(phone.url()).pathname).toBe('/');
    await phone.getByRole('heading', { level: 1, name: 'Bienvenido a Receta Digital' }).waitFor();
    expect(await overflowsHorizontally(phone)).toBe(false);

    await Promise.all([doctorPage.context().close(), adminPage.context().close(), phone.context().close()]);
  }, 180_000);
});
