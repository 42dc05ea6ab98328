import { storageKeys } from '@receta/domain';
import type { Locator, Page } from 'playwright-core';
import { call, logInThroughApi } from './accounts-api.ts';
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

/**
 * Opens the app already signed in with an access token from the API, the terms accepted, so
 * that a walk over many pages does not repeat the login pages each time.
 */
export async function signInWithToken(page: Page, token: string): Promise<void> {
  await call(`/api/termsAndConditions?sign=${encodeURIComponent(new Date().toISOString())}`, { method: 'POST', token });
  await page.addInitScript(([key, value]) => {
    if (!localStorage.getItem(key)) localStorage.setItem(key, value);
  }, [storageKeys.accessToken, token] as const);
}

/**
 * For journeys about something other than signing in: the page opens signed in with the
 * session the run keeps for the account (logInThroughApi), the terms accepted. A login through
 * the pages spends one of the account's 30-second authenticator steps, and a third login in
 * the same 30 seconds waits for the next step; the login pages have journeys of their own.
 */
export async function signInAs(page: Page, account: { email: string; password: string }): Promise<void> {
  await signInWithToken(page, await logInThroughApi(account.email, account.password));
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
