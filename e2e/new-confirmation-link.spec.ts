import { describe, expect, inject, it } from 'vitest';
import {
  approveDoctorThroughApi, call, logInThroughApi, registerDoctorThroughApi,
} from './support/accounts-api.ts';
import { saveScreenshot, useBrowser } from './support/browser.ts';
import { makeDoctor } from './support/doctors.ts';
import { waitForMailedLink } from './support/mailbox.ts';
import { overflowsHorizontally, waitForToast } from './support/sign-in.ts';

const browser = useBrowser();
const admin = inject('admin');

describe('a confirmation link that no longer works', () => {
  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`leads the doctor to a new link by mail, which sets the PIN (${viewport})`, async () => {
      const doctor = makeDoctor();
      await registerDoctorThroughApi(doctor);
      await approveDoctorThroughApi(await logInThroughApi(admin.email, admin.password), doctor.email);
      const firstLink = await waitForMailedLink(doctor.email, '/confirmation/');
      // Asking for another link makes this one stop working, as an expired one does.
      await call('/api/auth/doctors/send-confirmation', { method: 'POST', json: { email: doctor.email } });
      await expect.poll(() => waitForMailedLink(doctor.email, '/confirmation/'), { timeout: 20_000 }).not.toBe(firstLink);
      const askedLink = await waitForMailedLink(doctor.email, '/confirmation/');

      const page = await browser.newPage(viewport);
      await page.goto(firstLink);
      await page.getByRole('button', { name: '¿El enlace venció o ya lo usó? Pida uno nuevo.' }).waitFor();
      await saveScreenshot(page, `confirmation-page-${viewport}`);
      await page.getByLabel('PIN', { exact: false }).first().fill('2580');
      await page.getByLabel('Confirmar PIN', { exact: false }).fill('2580');
      await page.getByRole('button', { name: 'Confirmar' }).click();
      await waitForToast(page, 'El PIN ya fue utilizado. Debe generar uno nuevo.');

      const section = page.getByRole('region', { name: 'Pedir un enlace nuevo' });
      await section.getByLabel('Email', { exact: false }).fill(doctor.email);
      expect(await overflowsHorizontally(page)).toBe(false);
      await saveScreenshot(page, `new-confirmation-link-form-${viewport}`);
      await section.getByRole('button', { name: 'Enviar un enlace nuevo' }).click();
      await section.getByText('Si la cuenta está aprobada y sin PIN, le reenviamos el correo de confirmación.').waitFor();
      expect(await overflowsHorizontally(page)).toBe(false);
      await saveScreenshot(page, `new-confirmation-link-${viewport}`);

      await expect.poll(() => waitForMailedLink(doctor.email, '/confirmation/'), { timeout: 20_000 }).not.toBe(askedLink);
      await page.goto(await waitForMailedLink(doctor.email, '/confirmation/'));
      await page.getByLabel('PIN', { exact: false }).first().fill('2580');
      await page.getByLabel('Confirmar PIN', { exact: false }).fill('2580');
      await page.getByRole('button', { name: 'Confirmar' }).click();
      await page.waitForURL('**/login');
      await page.context().close();
    });
  }
});
