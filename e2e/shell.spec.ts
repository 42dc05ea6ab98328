import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { approveDoctorThroughApi, logInThroughApi, registerDoctorThroughApi } from './support/accounts-api.ts';
import { saveScreenshot, useBrowser, viewports } from './support/browser.ts';
import { makeDoctor, type TestDoctor } from './support/doctors.ts';
import { chooseLanguage } from './support/language-menu.ts';
import { overflowsHorizontally, signInAs } from './support/sign-in.ts';

const browser = useBrowser();
const admin = inject('admin');

/**
 * An approved doctor of their own for each journey, so that no journey starts from another's
 * settings. "María Guadalupe Echeverría": 26 characters, so the navbar cuts it.
 */
async function approvedDoctor(): Promise<TestDoctor> {
  const doctor = makeDoctor({ name: 'María Guadalupe', lastName: 'Echeverría' });
  await registerDoctorThroughApi(doctor);
  await approveDoctorThroughApi(await logInThroughApi(admin.email, admin.password), doctor.email);
  return doctor;
}

async function signIn(viewport: keyof typeof viewports, doctor?: TestDoctor): Promise<Page> {
  const page = await browser.newPage(viewport);
  await signInAs(page, doctor ?? await approvedDoctor());
  await page.goto('/');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  return page;
}

const desktopNavbar = (page: Page) => page.locator('#app-navbar');

async function widthOf(page: Page, selector: string): Promise<number> {
  return page.locator(selector).evaluate((element) => element.getBoundingClientRect().width);
}

async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Configuración' }).click();
  const panel = page.getByRole('dialog', { name: 'Configuración' });
  await panel.waitFor();
  return panel;
}

async function closeSettings(page: Page) {
  await page.getByRole('button', { name: 'Cerrar la configuración' }).click();
  await page.getByRole('dialog', { name: 'Configuración' }).waitFor({ state: 'detached' });
}

async function chooseLayout(page: Page, layout: 'Vertical' | 'Horizontal' | 'Compacto') {
  const panel = await openSettings(page);
  await panel.getByRole('radio', { name: new RegExp(`^${layout}`) }).check();
  await closeSettings(page);
}

/** Lets the width transition of the navbar finish. */
async function settledWidth(page: Page, expected: number) {
  await expect.poll(() => widthOf(page, '#app-navbar'), { timeout: 5_000 }).toBe(expected);
}

describe('the shell', () => {
  it('shows the cut display name and the workspace, folds the side menu and unfolds it, also on hover', async () => {
    const page = await signIn('desktop');
    const navbar = desktopNavbar(page);
    await navbar.getByText('María Guadalupe Ec…').waitFor();
    await navbar.getByText('Consultorio Echeverría').waitFor();
    await settledWidth(page, 280);
    await saveScreenshot(page, 'shell-vertical-desktop');

    const toggle = page.getByRole('button', { name: 'Menú lateral' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await page.mouse.move(900, 400);
    await settledWidth(page, 64);
    expect(await widthOf(page, 'main')).toBeGreaterThan(1280 - 64 - 20);
    await saveScreenshot(page, 'shell-vertical-folded-desktop');

    // Resting on the folded menu widens it over the content; leaving folds it again.
    await navbar.hover();
    await settledWidth(page, 280);
    await page.mouse.move(900, 400);
    await settledWidth(page, 64);

    // The fold is kept in the user's settings.
    await page.reload();
    await settledWidth(page, 64);
    await page.getByRole('button', { name: 'Menú lateral' }).click();
    await page.mouse.move(900, 400);
    await settledWidth(page, 280);
    await page.context().close();
  });

  it('keeps a theme chosen in the settings panel after a reload', async () => {
    const page = await signIn('desktop');
    const panel = await openSettings(page);
    await panel.getByLabel('Contenido', { exact: true }).selectOption({ label: 'Oscuro' });
    await saveScreenshot(page, 'shell-settings-panel-desktop');
    await closeSettings(page);
    const pageBackground = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(await pageBackground()).toBe('rgb(16, 23, 27)');

    await page.reload();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await pageBackground()).toBe('rgb(16, 23, 27)');
    const reopened = await openSettings(page);
    expect(await reopened.getByLabel('Contenido', { exact: true }).inputValue()).toBe('dark');

    // The colour-scheme panel puts every part of the shell back in one scheme.
    await closeSettings(page);
    await page.getByRole('button', { name: 'Esquemas de color' }).click();
    const schemes = page.getByRole('dialog', { name: 'Esquemas de color' });
    await schemes.getByRole('radio', { name: 'Oscuro' }).check();
    await page.getByRole('button', { name: 'Cerrar los esquemas de color' }).click();
    await schemes.waitFor({ state: 'detached' });
    await saveScreenshot(page, 'shell-dark-desktop');
    await page.getByRole('button', { name: 'Esquemas de color' }).click();
    await schemes.getByRole('radio', { name: 'Predeterminado' }).check();
    await saveScreenshot(page, 'shell-color-schemes-desktop');
    expect(await pageBackground()).toBe('rgb(243, 246, 248)');
    await page.context().close();
  });

  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`lays the shell out in each of the three variants on a ${viewport}`, async () => {
      const page = await signIn(viewport);
      for (const layout of ['Horizontal', 'Compacto', 'Vertical'] as const) {
        await chooseLayout(page, layout);
        await page.mouse.move(640, 700);
        const screenshot = `shell-${layout.toLowerCase()}-${viewport}`;
        expect(await overflowsHorizontally(page), screenshot).toBe(false);
        await saveScreenshot(page, screenshot);
        if (layout === 'Horizontal' && viewport === 'desktop') {
          // A group's entries open once the pointer rests on it.
          await page.getByRole('button', { name: 'Firma digital' }).hover();
          await page.getByRole('menu', { name: 'Firma digital' }).getByRole('menuitem', { name: 'Mis pacientes' }).waitFor();
          await saveScreenshot(page, 'shell-horizontal-menu-desktop');
        }
      }
      if (viewport === 'mobile') {
        await page.getByRole('button', { name: 'Abrir el menú' }).click();
        await page.getByRole('dialog').getByText('María Guadalupe Ec…').waitFor();
        await saveScreenshot(page, 'shell-drawer-mobile');
      }
      await page.context().close();
    }, 120_000);
  }

  it('reads right to left in Arabic, with the side menu on the right', async () => {
    const doctor = await approvedDoctor();
    const page = await signIn('desktop', doctor);
    await chooseLanguage(page, 'Cambiar el idioma', 'العربية');

    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await settledWidth(page, 280);
    const navbarBox = await desktopNavbar(page).boundingBox();
    expect(navbarBox?.x).toBe(viewports.desktop.width - 280);
    expect(await overflowsHorizontally(page)).toBe(false);
    await saveScreenshot(page, 'shell-arabic-desktop');

    // The language is the user's: a phone signed in as them opens in Arabic too.
    const phone = await signIn('mobile', doctor);
    await expect.poll(() => phone.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await overflowsHorizontally(phone)).toBe(false);
    await saveScreenshot(phone, 'shell-arabic-mobile');
    await phone.context().close();
    await page.context().close();
  }, 120_000);
});
