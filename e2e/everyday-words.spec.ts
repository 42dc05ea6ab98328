import { addDays, formatDisplayDate, todayInArgentina } from '@receta/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  approveDoctorThroughApi, call, logInThroughApi, prescribingDoctorThroughApi, registerDoctorThroughApi,
} from './support/accounts-api.ts';
import { saveScreenshot, useBrowser } from './support/browser.ts';
import { makeDoctor } from './support/doctors.ts';
import { overflowsHorizontally, signInWithToken } from './support/sign-in.ts';

const browser = useBrowser();
const admin = inject('admin');
const viewportNames = ['desktop', 'mobile'] as const;
let adminToken = '';
let doctorToken = '';

beforeAll(async () => {
  adminToken = await logInThroughApi(admin.email, admin.password);
  doctorToken = await prescribingDoctorThroughApi(makeDoctor({ lastName: 'Echeverría' }), admin);
});

/** The words of buttons that the page breaks across two lines ("Administr-ar"), with their button's text. */
function wordsBrokenInButtons(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = [];
    for (const button of document.querySelectorAll<HTMLElement>('button, a.MuiButton-root')) {
      if (button.offsetParent === null) continue;
      const texts = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
      for (let node = texts.nextNode(); node; node = texts.nextNode()) {
        for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const lineTops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          if (lineTops.size > 1) broken.push(`${button.innerText}: ${word[0]}`);
        }
      }
    }
    return broken;
  });
}

async function expectWholeWordsAndNoSidewaysScroll(page: Page, screenshot: string) {
  expect(await wordsBrokenInButtons(page), screenshot).toEqual([]);
  expect(await overflowsHorizontally(page), screenshot).toBe(false);
  await saveScreenshot(page, screenshot);
}

describe('words a user understands', () => {
  for (const viewport of viewportNames) {
    it(`the superadmin reads the Administración group, role names, described permissions and no PIN to reset: ${viewport}`, async () => {
      const page = await browser.newPage(viewport);
      await signInWithToken(page, adminToken);
      await page.goto('/administrators');
      await page.getByRole('heading', { level: 1, name: 'Administradores' }).waitFor();
      const list = page.getByRole('main');
      // A phone's list leaves the roles column out.
      if (viewport === 'desktop') await list.getByText('Superadministrador', { exact: true }).first().waitFor();
      expect(await list.getByText('superadmin', { exact: true }).count()).toBe(0);
      await expectWholeWordsAndNoSidewaysScroll(page, `words-administrators-${viewport}`);

      if (viewport === 'mobile') await page.getByRole('button', { name: 'Abrir el menú' }).click();
      const menu = page.getByRole('navigation', { name: 'Navegación principal' });
      await menu.getByText('Administración', { exact: true }).waitFor();
      expect(await menu.getByText('Auth', { exact: true }).count()).toBe(0);
      await saveScreenshot(page, `words-menu-${viewport}`);
      if (viewport === 'mobile') await page.keyboard.press('Escape');

      await page.getByRole('button', { name: /^Menú de / }).click();
      await page.getByRole('menuitem', { name: 'Cerrar sesión' }).waitFor();
      expect(await page.getByRole('menuitem', { name: 'Restablecer mi PIN de firma' }).count()).toBe(0);
      await saveScreenshot(page, `words-superadmin-user-menu-${viewport}`);
      await page.keyboard.press('Escape');

      await page.goto('/roles/new');
      await page.getByRole('checkbox', { name: 'Firmar prescripciones con su PIN' }).waitFor();
      expect(await page.getByText('sign.prescription', { exact: true }).count()).toBe(0);
      await expectWholeWordsAndNoSidewaysScroll(page, `words-role-editor-${viewport}`);

      await page.goto('/workspaces');
      await page.getByRole('button', { name: /^Administrar/ }).first().waitFor();
      await expectWholeWordsAndNoSidewaysScroll(page, `words-workspaces-${viewport}`);
      await page.context().close();
    });
  }

  it('finds a doctor\'s prescriptions by "rece" in the navigation search', async () => {
    const page = await browser.newPage('desktop');
    await signInWithToken(page, doctorToken);
    await page.goto('/');
    await page.getByRole('combobox', { name: 'Buscar una sección (Ctrl+K)' }).fill('rece');
    await page.getByRole('option', { name: 'Mis prescripciones', exact: true }).waitFor();
    await saveScreenshot(page, 'words-search-rece-desktop');
    await page.context().close();
  });
});

describe('a doctor\'s small things', () => {
  for (const viewport of viewportNames) {
    it(`shows the workspace's name, and a form that does not contradict itself: ${viewport}`, async () => {
      const page = await browser.newPage(viewport);
      await signInWithToken(page, doctorToken);
      await page.goto('/');
      const switcher = page.getByRole('button', { name: 'Espacio de trabajo: Consultorio Echeverría' });
      await switcher.getByText('Consultorio Echeverría', { exact: true }).waitFor();
      await expectWholeWordsAndNoSidewaysScroll(page, `small-things-workspace-${viewport}`);

      await page.goto('/prescriptions/particular/new');
      await page.getByRole('heading', { level: 1, name: 'Nueva receta' }).waitFor();
      await page.getByRole('button', { name: 'Emitir' }).click();
      const presentation = page.getByRole('textbox', { name: /^Presentación/ });
      await expect.poll(() => presentation.getAttribute('aria-invalid')).toBe('true');
      const medicine = page.getByRole('combobox', { name: /^Medicamento \(nombre genérico\)/ });
      await medicine.click();
      await medicine.pressSequentially('enalapril', { delay: 20 });
      await page.getByRole('option', { name: /enalapril/i }).first().click();
      await expect.poll(() => presentation.inputValue()).not.toBe('');
      expect(await presentation.getAttribute('aria-invalid')).toBe('false');

      const startDate = page.getByRole('textbox', { name: /^Fecha de inicio/ });
      await startDate.fill('');
      await startDate.pressSequentially(formatDisplayDate(addDays(todayInArgentina(), 40)).replaceAll('/', ''));
      await startDate.blur();
      await page.getByText('La fecha de inicio debe estar entre la fecha de emisión y 30 días después.').waitFor();
      expect(await page.getByText(/^Vigente desde el /).count()).toBe(0);
      // At the top, so the sticky bar of the full-page picture is where a person sees it.
      await page.evaluate(() => window.scrollTo(0, 0));
      await saveScreenshot(page, `small-things-prescription-form-${viewport}`);
      await page.context().close();
    });
  }

  it('opens a returning doctor\'s first page in the language they saved, never in Spanish first', async () => {
    const doctor = makeDoctor({ lastName: 'Ozturk' });
    await registerDoctorThroughApi(doctor);
    await approveDoctorThroughApi(adminToken, doctor.email);
    const token = await logInThroughApi(doctor.email, doctor.password);
    await call('/api/auth/user/update', { method: 'POST', token, json: { user: { settings: { language: 'en' } } } });

    const page = await browser.newPage('mobile');
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { seenHeadings: seen });
      new MutationObserver(() => document.querySelectorAll('h1').forEach((heading) => seen.push(heading.textContent ?? '')))
        .observe(document, { subtree: true, childList: true, characterData: true });
    });
    await signInWithToken(page, token);
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Welcome to Receta Digital' }).waitFor();

    const seen = await page.evaluate(() => (window as unknown as { seenHeadings: string[] }).seenHeadings);
    expect(seen).not.toContain('Bienvenido a Receta Digital');
    await expectWholeWordsAndNoSidewaysScroll(page, 'small-things-saved-language-mobile');
    await page.context().close();
  });
});
