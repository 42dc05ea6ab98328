import { describe, expect, inject, it } from 'vitest';
import { saveScreenshot, useBrowser } from './support/browser.ts';
import { overflowsHorizontally, signInAs } from './support/sign-in.ts';

const browser = useBrowser();
const admin = inject('admin');

describe('a user who belongs to no workspace', () => {
  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`is not offered the patients and prescriptions, and a typed address to them says why (${viewport})`, async () => {
      const page = await browser.newPage(viewport);
      await signInAs(page, admin);
      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      if (viewport === 'mobile') await page.getByRole('button', { name: 'Abrir el menú' }).click();
      const menu = page.getByRole('navigation', { name: 'Navegación principal' });
      await menu.getByRole('link', { name: 'Espacios de trabajo' }).waitFor();
      const entries = await menu.getByRole('link').allInnerTexts();
      for (const hidden of ['Prescripciones', 'Mis prescripciones', 'Mis pacientes']) expect(entries).not.toContain(hidden);
      expect(entries).toContain('Indicadores');

      await page.goto('/myPatients');
      await page.getByRole('heading', { level: 1, name: 'Sin espacio de trabajo' }).waitFor();
      expect(await page.getByText('Elija un espacio de trabajo para continuar.').count()).toBe(0);
      expect(await overflowsHorizontally(page)).toBe(false);
      await saveScreenshot(page, `no-workspace-${viewport}`);

      await page.getByRole('link', { name: 'Ir a Espacios de trabajo' }).click();
      await page.getByRole('heading', { level: 1, name: 'Espacios de trabajo' }).waitFor();
      await page.context().close();
    });
  }
});
