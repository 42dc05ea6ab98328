import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saveScreenshot, useBrowser, viewports } from './support/browser.ts';

const browser = useBrowser();

/** Whether the page scrolls sideways, which a 375 px phone user would suffer. */
function overflowsHorizontally(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

describe('legal pages', () => {
  it('shows the terms and conditions in full, in Spanish, revised March 2023', async () => {
    const page = await browser.newPage();
    await page.goto('/termsAndConditions');
    await page.getByRole('heading', { level: 1, name: 'Términos y condiciones' }).waitFor();
    const text = await page.locator('main').innerText();
    expect(text).toContain('Última actualización: marzo de 2023');
    expect(text).toMatch(/Solo los Profesionales autorizados/);
    expect(text).toMatch(/30 días/);
    expect(text).toMatch(/tribunales ordinarios de la Ciudad Autónoma de Buenos Aires/);
    expect(await page.locator('nav[aria-label]').count()).toBe(0);
    await saveScreenshot(page, 'terms-desktop');
    await page.context().close();
  });

  it('shows the privacy policy with the data collected from doctors and patients', async () => {
    const page = await browser.newPage();
    await page.goto('/privacyPolicy');
    await page.getByRole('heading', { level: 1, name: 'Política de privacidad' }).waitFor();
    const text = await page.locator('main').innerText();
    expect(text).toMatch(/Datos de los Profesionales/);
    expect(text).toMatch(/Datos de los Pacientes/);
    expect(text).toMatch(/rectificación/);
    await saveScreenshot(page, 'privacy-desktop');
    await page.context().close();
  });

  it.each(['/termsAndConditions', '/privacyPolicy'])('reads on a 375 px phone without sideways scrolling: %s', async (path) => {
    const page = await browser.newPage('mobile');
    await page.goto(path);
    await page.locator('h1').first().waitFor();
    expect(page.viewportSize()).toEqual(viewports.mobile);
    expect(await overflowsHorizontally(page)).toBe(false);
    await saveScreenshot(page, `${path.slice(1)}-mobile`);
    await page.context().close();
  });

  it('stay open to a guest, whom the home page sends to login', async () => {
    const page = await browser.newPage();
    await page.goto('/');
    await page.waitForURL('**/login');
    await page.goto('/termsAndConditions');
    await page.getByRole('heading', { level: 1, name: 'Términos y condiciones' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/termsAndConditions');
    await page.context().close();
  });

  it('links the legal pages from the navbar, opening each in a new tab', async () => {
    const page = await browser.newPage();
    // The navbar of a page open to guests; the home page now asks them to log in first.
    await page.goto('/pagina-inexistente');
    const termsLink = page.getByRole('link', { name: /Términos y condiciones/ }).first();
    expect(await termsLink.getAttribute('target')).toBe('_blank');
    const [newTab] = await Promise.all([page.context().waitForEvent('page'), termsLink.click()]);
    await newTab.getByRole('heading', { level: 1, name: 'Términos y condiciones' }).waitFor();
    expect(new URL(newTab.url()).pathname).toBe('/termsAndConditions');
    const footer = await page.locator('footer').last().innerText();
    expect(footer).toContain(`© ${new Date().getFullYear()} Receta Digital`);
    await saveScreenshot(page, 'not-found-desktop');
    await page.context().close();
  });
});
