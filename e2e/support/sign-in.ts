import type { Locator, Page } from 'playwright-core';
import { authenticatorCode, rememberAuthenticator } from './authenticator.ts';
import { saveScreenshot } from './browser.ts';

/**
 * Signs in through /login and /login/2auth as a person would: on the first login the secret is
 * read from the page (the "enter it by hand" text under the QR code) into the authenticator.
 */
export async function signInThroughPages(
  page: Page,
  { email, password }: { email: string; password: string },
  { screenshot }: { screenshot?: string } = {},
): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña', { exact: false }).first().fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.waitForURL('**/login/2auth');
  await page.getByRole('heading', { level: 1, name: 'Verificación en dos pasos' }).waitFor();

  const enrolment = page.getByRole('heading', { name: 'Configure su aplicación de autenticación' });
  if (await enrolment.isVisible()) {
    await page.getByRole('img', { name: /Código QR/ }).waitFor();
    await rememberAuthenticator(email, await page.locator('code').innerText());
  }
  if (screenshot) await saveScreenshot(page, screenshot);
  await page.getByLabel('Código de verificación').fill(await authenticatorCode(email));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** The terms gate after a first login: both legal pages are linked, and "Acepto" lets the user in. */
export async function acceptTerms(page: Page, { screenshot }: { screenshot?: string } = {}): Promise<void> {
  await page.getByRole('button', { name: 'Acepto' }).waitFor();
  if (screenshot) await saveScreenshot(page, screenshot);
  await page.getByRole('button', { name: 'Acepto' }).click();
  await page.getByRole('button', { name: 'Acepto' }).waitFor({ state: 'detached' });
}

/**
 * For accounts other journeys may have signed in with already: accepts the terms if the gate
 * shows, then waits for `page` content.
 */
export async function acceptTermsIfAsked(page: Page, content: Locator): Promise<void> {
  const accept = page.getByRole('button', { name: 'Acepto' });
  await accept.or(content).first().waitFor();
  if (await accept.isVisible()) await acceptTerms(page);
  await content.waitFor();
}

/** The toast at the top of the screen with that exact text. */
export async function waitForToast(page: Page, text: string): Promise<void> {
  await page.getByRole('alert').filter({ hasText: text }).first().waitFor();
}

/** Whether the page scrolls sideways, which a 375 px phone user would suffer. */
export function overflowsHorizontally(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}
