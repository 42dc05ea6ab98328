import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { call, logInThroughApi, prescribingDoctorThroughApi, registerDoctorThroughApi } from './support/accounts-api.ts';
import { saveScreenshot, useBrowser } from './support/browser.ts';
import { cuitFor, makeDoctor } from './support/doctors.ts';
import { overflowsHorizontally, signInWithToken } from './support/sign-in.ts';

const browser = useBrowser();
const admin = inject('admin');
const pin = '3917';
const enalapril = {
  genericName: 'Enalapril Maleato', strength: '10 mg', presentation: 'Envase por 30 comprimidos', quantity: 1, dosage: '1 comprimido por día',
};
const amoxicillin = {
  genericName: 'Amoxicilina', strength: '500 mg', presentation: 'Envase por 21 comprimidos', quantity: 1, dosage: '1 comprimido cada 8 horas',
};

/** A doctor's patients with long names, and their prescriptions: drafts, a signed one and a chronic series. */
async function doctorWithPrescriptions(token: string): Promise<number[]> {
  const session = await call<{ workspaces: { id: string }[] }>('/api/auth/session', { token });
  const headers = { 'x-workspace': session.workspaces[0]?.id ?? '' };
  const patientOf = async (name: string, lastName: string) => {
    const dni = String(randomInt(20_000_000, 45_000_000));
    return call<{ id: string }>('/api/patients', {
      method: 'POST', token, headers, json: { name, lastName, dni, cuil: cuitFor(dni), sex: 'F', dateOfBirth: '1958-07-14' },
    });
  };
  const issue = async (json: Record<string, unknown>) => {
    const answer = await call<{ prescriptions: { id: string; number: number }[] }>('/api/prescriptions', {
      method: 'POST', token, headers, json: { diagnosisCode: 'I10', items: [enalapril], ...json },
    });
    return answer.prescriptions;
  };
  const guadalupe = await patientOf('María Guadalupe', 'Fernández Santisteban de Echeverría');
  const ignacio = await patientOf('Juan Ignacio', 'Zubizarreta Goicoechea');
  const [signed] = await issue({ patientId: guadalupe.id, type: 'classic' });
  await call(`/api/prescriptions/${signed?.id ?? ''}/sign`, { method: 'POST', token, headers, json: { pin } });
  const series = await issue({ patientId: ignacio.id, type: 'chronic', seriesLength: 3 });
  const [draft] = await issue({ patientId: guadalupe.id, type: 'classic', items: [amoxicillin] });
  return [signed, ...series, draft].map((prescription) => prescription?.number ?? 0);
}

/** The prescription numbers of the rows or cards, top to bottom. */
async function numbersShown(page: Page, container: string): Promise<number[]> {
  const links = await page.locator(container).getByRole('link', { name: /^Ver la receta \d+$/ }).all();
  return Promise.all(links.map(async (link) => Number((await link.getAttribute('aria-label') ?? '').replace(/\D/g, ''))));
}

describe('lists a doctor can use', () => {
  it('shows a doctor\'s prescriptions newest first: on a desktop with the actions always in view, on a phone as cards', async () => {
    const doctor = makeDoctor();
    const token = await prescribingDoctorThroughApi(doctor, admin, pin);
    const written = await doctorWithPrescriptions(token);
    const newestFirst = [...written].sort((a, b) => b - a);

    const desktop = await browser.newPage('desktop');
    await signInWithToken(desktop, token);
    await desktop.goto('/myPrescriptions');
    const table = desktop.getByRole('table', { name: 'Mis prescripciones' });
    await table.getByRole('link', { name: `Ver la receta ${newestFirst[0]}` }).waitFor();
    expect(await numbersShown(desktop, 'table')).toEqual(newestFirst);
    // Sixteen columns do not fit in 1280 px: the table scrolls inside its card, the page does not,
    // and each row's buttons stay at the visible end of the row.
    expect(await overflowsHorizontally(desktop)).toBe(false);
    const container = await table.locator('xpath=..').boundingBox();
    const view = await table.getByRole('link', { name: `Ver la receta ${newestFirst[0]}` }).boundingBox();
    expect(view && container && view.x + view.width <= container.x + container.width).toBe(true);
    // A long last name wraps between its words, never inside one.
    const lastName = table.getByRole('cell', { name: 'Fernández Santisteban de Echeverría' }).first();
    expect(await lastName.evaluate((cell) => getComputedStyle(cell).overflowWrap)).toBe('normal');
    await saveScreenshot(desktop, 'lists-prescriptions-desktop');
    await table.locator('xpath=..').evaluate((scroller) => scroller.scrollBy({ left: 2000 }));
    await saveScreenshot(desktop, 'lists-prescriptions-desktop-scrolled');
    await desktop.goto('/myPatients');
    await desktop.getByRole('table', { name: 'Mis pacientes' }).getByRole('cell', { name: /Zubizarreta/ }).first().waitFor();
    await saveScreenshot(desktop, 'lists-patients-desktop');
    await desktop.context().close();

    const phone = await browser.newPage('mobile');
    await signInWithToken(phone, token);
    await phone.goto('/myPrescriptions');
    const cards = phone.getByRole('list', { name: 'Mis prescripciones' });
    await cards.getByRole('link', { name: `Ver la receta ${newestFirst[0]}` }).waitFor();
    expect(await phone.getByRole('table').count()).toBe(0);
    expect(await numbersShown(phone, 'ul')).toEqual(newestFirst);
    const newest = cards.getByRole('listitem').first();
    for (const shown of ['Paciente', 'Apellido', 'Estado', 'Vigencia', 'Vencimiento', 'María Guadalupe', 'Borrador']) {
      expect(await newest.getByText(shown, { exact: true }).count(), shown).toBeGreaterThan(0);
    }
    expect(await overflowsHorizontally(phone)).toBe(false);
    await saveScreenshot(phone, 'lists-prescriptions-phone');
    await phone.goto('/myPatients');
    await phone.getByRole('list', { name: 'Mis pacientes' }).getByText(/Zubizarreta/).first().waitFor();
    expect(await overflowsHorizontally(phone)).toBe(false);
    await saveScreenshot(phone, 'lists-patients-phone');
    await phone.context().close();
  });

  it('shows the superadmin\'s lists of administrators and doctors waiting for approval at both widths', async () => {
    await registerDoctorThroughApi(makeDoctor({ name: 'Bartolomé Maximiliano', lastName: 'Hernández Villavicencio' }));
    const token = await logInThroughApi(admin.email, admin.password);
    for (const viewport of ['desktop', 'mobile'] as const) {
      const page = await browser.newPage(viewport);
      await signInWithToken(page, token);
      await page.goto('/administrators');
      await page.getByRole('heading', { level: 1, name: 'Administradores' }).waitFor();
      await page.getByRole('main').getByText(admin.email).first().waitFor();
      expect(await overflowsHorizontally(page)).toBe(false);
      await saveScreenshot(page, `lists-administrators-${viewport}`);
      await page.goto('/users/notAuthorized');
      await page.getByRole('main').getByText(/Hernández Villavicencio/).first().waitFor();
      expect(await overflowsHorizontally(page)).toBe(false);
      await saveScreenshot(page, `lists-not-authorized-${viewport}`);
      await page.context().close();
    }
  });
});
