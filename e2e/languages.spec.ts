import { describe, expect, it } from 'vitest';
import { saveScreenshot, useBrowser, type viewports } from './support/browser.ts';
import { chooseLanguage, openLanguageMenu } from './support/language-menu.ts';
import { overflowsHorizontally } from './support/sign-in.ts';

const browser = useBrowser();

describe('the language switcher', () => {
  for (const viewport of ['desktop', 'mobile'] as const satisfies readonly (keyof typeof viewports)[]) {
    it(`lets a guest read the login page in English and keeps the choice: ${viewport}`, async () => {
      const page = await browser.newPage(viewport);
      await page.goto('/login');
      await page.getByRole('heading', { level: 1, name: 'Ingresar' }).waitFor();
      await openLanguageMenu(page, 'Cambiar el idioma');
      await saveScreenshot(page, `languages-menu-${viewport}`);
      await page.getByRole('menuitemradio', { name: 'English' }).click();

      await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
      expect(await overflowsHorizontally(page)).toBe(false);
      await saveScreenshot(page, `languages-login-english-${viewport}`);

      // The choice belongs to this browser: it is there after a reload.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
      // The form's messages, which the schemas write in Spanish, read in English from this first paint on.
      await page.getByRole('textbox', { name: 'Email' }).fill('ana');
      await page.getByRole('textbox', { name: 'Email' }).blur();
      await page.getByText('Must contain more than 4 characters').waitFor();
      await page.context().close();
    });
  }

  it('shows the toolbar and its switcher in Turkish to a guest on a 375 px phone without sideways scrolling', async () => {
    const page = await browser.newPage('mobile');
    await page.goto('/no-existe');
    await page.getByRole('heading', { level: 1, name: 'Página no encontrada' }).waitFor();
    await chooseLanguage(page, 'Cambiar el idioma', 'Türkçe');

    await page.getByRole('heading', { level: 1, name: 'Sayfa bulunamadı' }).waitFor();
    expect(await page.getByRole('button', { name: 'Dili değiştir' }).isVisible()).toBe(true);
    expect(await overflowsHorizontally(page)).toBe(false);
    await saveScreenshot(page, 'languages-toolbar-turkish-mobile');
    await page.context().close();
  });

  it('says in Arabic that the terms rule in Spanish, and keeps them in Spanish', async () => {
    const page = await browser.newPage('mobile');
    await page.goto('/termsAndConditions');
    await page.getByRole('heading', { level: 1, name: 'Términos y condiciones' }).waitFor();
    await chooseLanguage(page, 'Cambiar el idioma', 'العربية');

    await page.getByRole('heading', { level: 1, name: 'الشروط والأحكام' }).waitFor();
    await page.getByText('هذا النص متاح بالإسبانية فقط').waitFor();
    expect(await page.locator('main [lang="es"]').innerText()).toMatch(/Solo los Profesionales autorizados/);
    expect(await overflowsHorizontally(page)).toBe(false);
    await saveScreenshot(page, 'languages-terms-arabic-mobile');
    await page.context().close();
  });
});
