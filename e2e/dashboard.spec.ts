import { randomInt } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { call, prescribingDoctorThroughApi } from './support/accounts-api.ts';
import { saveScreenshot, useBrowser } from './support/browser.ts';
import { cuitFor, makeDoctor } from './support/doctors.ts';
import { overflowsHorizontally, signInAs } from './support/sign-in.ts';

const browser = useBrowser();
const admin = inject('admin');
const pin = '2580';

const enalapril = { genericName: 'Enalapril Maleato', strength: '10 mg', presentation: 'Envase por 30 comprimidos', quantity: 1, dosage: '1 comprimido por día' };
const metformin = { genericName: 'Metformina Clorhidrato', strength: '850 mg', presentation: 'Envase por 30 comprimidos', quantity: 1, dosage: '1 comprimido con el almuerzo' };
const amoxicillin = { genericName: 'Amoxicilina', strength: '500 mg', presentation: 'Envase por 21 cápsulas', quantity: 1, dosage: '1 cápsula cada 8 horas' };

/**
 * What the doctor wrote, through the API: for Ortiz a signed Receta Única of enalapril and a
 * draft of amoxicillin; for Ruiz a signed Receta Crónica of two metformin (the second starts
 * in 30 days) and a signed Receta Única of enalapril.
 */
async function writePrescriptions(token: string): Promise<void> {
  const session = await call<{ workspaces: { id: string }[] }>('/api/auth/session', { token });
  const headers = { 'x-workspace': session.workspaces[0]?.id ?? '' };
  const patient = (lastName: string) => {
    const dni = String(randomInt(20_000_000, 45_000_000));
    return call<{ id: string }>('/api/patients', {
      method: 'POST',
      token,
      headers,
      json: { name: 'Julián', lastName, dni, cuil: cuitFor(dni), sex: 'M', dateOfBirth: '1975-08-30', insurerId: null },
    });
  };
  const issue = async (json: Record<string, unknown>) => (await call<{ prescriptions: { id: string }[] }>('/api/prescriptions', {
    method: 'POST', token, headers, json: { insurerSlug: 'particular', type: 'classic', confirmDuplicates: true, ...json },
  })).prescriptions.map((prescription) => prescription.id);
  const ortiz = await patient('Ortiz');
  const ruiz = await patient('Ruiz');
  const toSign = [
    ...await issue({ patientId: ortiz.id, diagnosisCode: 'I10', items: [enalapril] }),
    ...await issue({ patientId: ruiz.id, diagnosisCode: 'E11.9', type: 'chronic', seriesLength: 2, items: [metformin] }),
    ...await issue({ patientId: ruiz.id, diagnosisCode: 'I10', items: [enalapril] }),
  ];
  await issue({ patientId: ortiz.id, diagnosisCode: 'I10', items: [amoxicillin] });
  await call('/api/prescriptions/sign', { method: 'POST', token, headers, json: { ids: toSign, pin } });
}

async function figure(page: Page, label: string): Promise<string> {
  const card = page.locator('.MuiCard-root').filter({ hasText: label });
  return card.locator('p').last().innerText();
}

function rowsOf(table: Locator): Promise<string[]> {
  return table.getByRole('row').evaluateAll((rows) => rows.map((row) => (row.textContent ?? '').trim()));
}

describe('the dashboard', () => {
  it("a doctor sees their prescriptions' figures and the monthly chart, loaded only on the dashboard", async () => {
    const doctor = makeDoctor();
    await writePrescriptions(await prescribingDoctorThroughApi(doctor, admin, pin));

    const page = await browser.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await signInAs(page, doctor);
    await page.goto('/');
    const navigation = page.getByRole('navigation', { name: 'Navegación principal' });
    await navigation.waitFor();
    // The charts library is loaded by the dashboard alone.
    expect(scripts.filter((url) => url.includes('prescription-charts'))).toEqual([]);

    await navigation.getByRole('link', { name: 'Indicadores' }).click();
    await page.getByRole('heading', { level: 1, name: 'Indicadores' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Mis prescripciones' }).waitFor();
    await page.locator('.MuiCard-root').first().waitFor();
    expect(await figure(page, 'Prescripciones emitidas')).toBe('5');
    expect(await figure(page, 'Prescripciones firmadas')).toBe('4');
    expect(await figure(page, 'Pacientes')).toBe('2');

    const chart = page.getByRole('figure', { name: 'Prescripciones por mes' });
    await chart.locator('.MuiChartsSurface-root').waitFor();
    expect(scripts.some((url) => url.includes('prescription-charts'))).toBe(true);
    expect(await chart.getByText(/^5 prescripciones emitidas y 4 firmadas/).count()).toBe(1);

    expect(await rowsOf(page.getByRole('table', { name: 'Por estado' }))).toEqual([
      'EstadoPrescripciones', 'Borrador1', 'Firmado, vigente desde su fecha de inicio1', 'Firmado, vigente3',
      'Dispensado parcialmente0', 'Dispensado0', 'Anulado0', 'Vencido0',
    ]);
    expect(await rowsOf(page.getByRole('table', { name: 'Por tipo' })))
      .toEqual(['TipoPrescripciones', 'Receta Única3', 'Receta Crónica2']);
    expect(await rowsOf(page.getByRole('table', { name: 'Medicamentos más recetados' })))
      .toEqual(['Medicamento (nombre genérico)Prescripciones', 'Enalapril Maleato2', 'Metformina Clorhidrato2']);
    const diagnoses = await rowsOf(page.getByRole('table', { name: 'Diagnósticos más frecuentes' }));
    expect(diagnoses.map((row) => row.replace(/ — .*?(\d+)$/, ' $1'))).toEqual(['Diagnóstico (CIE-10)Prescripciones', 'E11.9 2', 'I10 2']);

    expect(await overflowsHorizontally(page)).toBe(false);
    await saveScreenshot(page, 'dashboard-desktop');

    await page.getByRole('button', { name: 'Este mes' }).click();
    await page.waitForURL(/from=\d{4}-\d{2}-01/);
    await chart.getByText(/^5 prescripciones emitidas/).waitFor();

    await page.setViewportSize({ width: 375, height: 812 });
    await chart.locator('.MuiChartsSurface-root').waitFor();
    expect(await overflowsHorizontally(page)).toBe(false);
    await saveScreenshot(page, 'dashboard-mobile');
    await page.context().close();
  });

  it("the superadmin sees the accounts to authorize, the active doctors and the platform's prescriptions per day", async () => {
    const page = await browser.newPage();
    await signInAs(page, admin);
    await page.goto('/');
    const navigation = page.getByRole('navigation', { name: 'Navegación principal' });
    await navigation.getByRole('link', { name: 'Indicadores' }).click();
    await page.getByRole('heading', { level: 2, name: 'Toda la plataforma' }).waitFor();
    await page.locator('.MuiCard-root').first().waitFor();
    // Other journeys of the run add doctors and prescriptions: this one's doctor and five at least.
    expect(Number(await figure(page, 'Médicos activos'))).toBeGreaterThanOrEqual(1);
    expect(Number(await figure(page, 'Prescripciones emitidas'))).toBeGreaterThanOrEqual(5);
    const chart = page.getByRole('figure', { name: 'Prescripciones por día' });
    await chart.locator('.MuiChartsSurface-root').waitFor();
    await chart.getByText(/el día con más fue el \d{2}\/\d{2}\/\d{4}/).waitFor();
    expect(await overflowsHorizontally(page)).toBe(false);
    await saveScreenshot(page, 'dashboard-admin-desktop');
    await page.getByRole('link', { name: 'Revisar' }).click();
    await page.waitForURL('**/users/notAuthorized');
    await page.context().close();
  });
});
