import { randomInt } from 'node:crypto';
import { messages } from '@receta/domain';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { call, prescribingDoctorThroughApi } from './support/accounts-api.ts';
import { saveScreenshot, useBrowser } from './support/browser.ts';
import { cuitFor, makeDoctor } from './support/doctors.ts';
import { overflowsHorizontally, signInAs, waitForToast } from './support/sign-in.ts';

const browser = useBrowser();
const admin = inject('admin');
const pin = '3691';

/** Types into a search-as-you-type picker and chooses the first suggestion matching `option`. */
async function pick(page: Page, label: string | RegExp, text: string, option: RegExp) {
  const combobox = page.getByRole('combobox', { name: label });
  await combobox.click();
  await combobox.pressSequentially(text, { delay: 20 });
  await page.getByRole('option', { name: option }).first().click();
}

describe('allergies', () => {
  it('a doctor records a patient\'s allergy, sees it while prescribing and is warned before issuing a medicine it forbids', async () => {
    const doctor = makeDoctor();
    const token = await prescribingDoctorThroughApi(doctor, admin, pin);
    const session = await call<{ workspaces: { id: string }[] }>('/api/auth/session', { token });
    const dni = String(randomInt(20_000_000, 45_000_000));
    const patient = await call<{ id: string }>('/api/patients', {
      method: 'POST',
      token,
      headers: { 'x-workspace': session.workspaces[0]?.id ?? '' },
      json: { name: 'Elena', lastName: 'Quiroga', dni, cuil: cuitFor(dni), sex: 'F', dateOfBirth: '1958-11-02', insurerId: null },
    });

    const page = await browser.newPage();
    await signInAs(page, doctor);
    await page.goto(`/patients/${patient.id}`);
    await page.getByText('Sin alergias ni intolerancias registradas.').waitFor();
    await page.getByRole('button', { name: 'Editar' }).click();
    const dialog = page.getByRole('dialog');
    await pick(page, /^Principio activo o sustancia/, 'amoxicilina', /^Amoxicilina$/i);
    await dialog.getByRole('button', { name: 'Agregar' }).click();
    await dialog.getByRole('combobox', { name: /^Principio activo o sustancia/ }).fill('Lactosa');
    await dialog.getByRole('combobox', { name: /^Tipo$/ }).click();
    await page.getByRole('option', { name: 'Intolerancia' }).click();
    await dialog.getByRole('button', { name: 'Agregar' }).click();
    await dialog.getByText('Lactosa (Intolerancia)').waitFor();
    await saveScreenshot(page, 'patient-allergies-form-desktop');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await waitForToast(page, messages.patients.edited);
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(/^Amoxicilina \(Alergia\)$/i).waitFor();
    await saveScreenshot(page, 'patient-allergies-desktop');

    await page.getByRole('link', { name: 'Nueva receta' }).click();
    await page.getByRole('heading', { level: 1, name: 'Nueva receta' }).waitFor();
    await page.getByRole('note').getByText('Lactosa (Intolerancia)').waitFor();
    await pick(page, /^Medicamento \(nombre genérico\)/, 'amoxicilina', /amoxicilina/i);
    await page.getByLabel('Cantidad').fill('1');
    await page.getByLabel('Posología').fill('1 comprimido cada 8 horas');
    await pick(page, /^Diagnóstico \(CIE 10\)/, 'J02', /^J02/);
    await page.getByRole('button', { name: 'Emitir' }).click();
    const warning = page.getByRole('dialog', { name: 'Alergia o intolerancia del paciente' });
    await warning.getByText(messages.prescriptions.allergyWarning).waitFor();
    expect(await overflowsHorizontally(page)).toBe(false);
    await saveScreenshot(page, 'prescription-allergy-warning-desktop');
    await warning.getByRole('button', { name: 'Emitir de todos modos' }).click();
    await waitForToast(page, messages.prescriptions.created);
    await page.getByRole('heading', { level: 1, name: /^Receta \d+/ }).waitFor();
    await page.context().close();

    const phone = await browser.newPage('mobile');
    await signInAs(phone, doctor);
    await phone.goto(`/patients/${patient.id}`);
    await phone.getByText(/^Amoxicilina \(Alergia\)$/i).waitFor();
    expect(await overflowsHorizontally(phone)).toBe(false);
    await saveScreenshot(phone, 'patient-allergies-mobile');
    await phone.context().close();
  }, 180_000);
});
