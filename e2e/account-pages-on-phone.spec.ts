import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { saveScreenshot, useBrowser } from './support/browser.ts';
import { makeDoctor } from './support/doctors.ts';
import { fillCredentials, fillPersonalData, goToNextStep } from './support/registration-wizard.ts';
import { overflowsHorizontally, signInAs } from './support/sign-in.ts';

const browser = useBrowser();
const admin = inject('admin');

async function expectNoSidewaysScrolling(page: Page, screenshot: string) {
  expect(await overflowsHorizontally(page), screenshot).toBe(false);
  await saveScreenshot(page, screenshot);
}

describe('the account pages on a 375 px phone', () => {
  it('show the login and every step of the registration wizard without sideways scrolling', async () => {
    const page = await browser.newPage('mobile');
    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: 'Ingresar' }).waitFor();
    await expectNoSidewaysScrolling(page, 'login-mobile');

    const doctor = makeDoctor();
    await page.goto('/register');
    await fillPersonalData(page, doctor);
    await expectNoSidewaysScrolling(page, 'register-step-1-mobile');
    await goToNextStep(page, 'Paso 2 de 3: Cuenta');
    await fillCredentials(page, doctor);
    await expectNoSidewaysScrolling(page, 'register-step-2-mobile');
    await goToNextStep(page, 'Paso 3 de 3: Datos profesionales');
    await expectNoSidewaysScrolling(page, 'register-step-3-mobile');
    await page.context().close();
  });

  it('show the moderators\' list and the outbox without sideways scrolling', async () => {
    const page = await browser.newPage('mobile');
    await signInAs(page, admin);
    await page.goto('/users/notAuthorized');
    await page.getByRole('heading', { level: 1, name: 'Usuarios no autorizados' }).waitFor();
    await page.getByRole('table').waitFor();
    await expectNoSidewaysScrolling(page, 'not-authorized-mobile');
    await page.goto('/outbox');
    await page.getByRole('heading', { level: 1, name: 'Correos enviados' }).waitFor();
    await page.getByText(/Todavía no hay correos|Para:/).first().waitFor();
    await expectNoSidewaysScrolling(page, 'outbox-mobile');
    await page.context().close();
  });

  it('shows the login and the confirmation pages on a computer too', async () => {
    const page = await browser.newPage();
    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: 'Ingresar' }).waitFor();
    await saveScreenshot(page, 'login-desktop');
    await page.goto('/confirmation/enlace-de-ejemplo');
    await page.getByRole('heading', { level: 1, name: 'Confirmar su cuenta' }).waitFor();
    await saveScreenshot(page, 'confirmation-desktop');
    await page.context().close();
  });
});
