import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { prescribingDoctorThroughApi } from './support/accounts-api.ts';
import { saveScreenshot, showPage, useBrowser } from './support/browser.ts';
import { makeDoctor } from './support/doctors.ts';
import { overflowsHorizontally, signInAs, waitForToast } from './support/sign-in.ts';

const browser = useBrowser();
const admin = inject('admin');

/** Types into a search-as-you-type picker and chooses the first suggestion matching `option`. */
async function pick(page: Page, label: string | RegExp, text: string, option: RegExp) {
  const combobox = page.getByRole('combobox', { name: label });
  await combobox.click();
  await combobox.pressSequentially(text, { delay: 20 });
  await page.getByRole('option', { name: option }).first().click();
}

async function expectNoSidewaysScroll(page: Page, screenshot: string) {
  await page.getByRole('progressbar').waitFor({ state: 'detached' });
  expect(await overflowsHorizontally(page), screenshot).toBe(false);
  await saveScreenshot(page, screenshot);
}

describe('prescribing', () => {
  it('a doctor registers a patient, writes a Receta Crónica of two and a Receta Única, finds them and edits a draft', async () => {
    const doctor = makeDoctor();
    await prescribingDoctorThroughApi(doctor, admin);
    const page = await browser.newPage();
    await signInAs(page, doctor);
    await page.goto('/');

    await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Mis pacientes' }).click();
    await page.getByRole('heading', { level: 1, name: 'Mis pacientes' }).waitFor();
    await page.getByRole('button', { name: 'Nuevo paciente' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo paciente' });
    await dialog.getByLabel('Nombre').fill('Lucía');
    await dialog.getByLabel('Apellido').fill('Fernández');
    await dialog.getByLabel('DNI').fill('30123456');
    await dialog.getByRole('textbox', { name: 'CUIL' }).fill('27301234568');
    await dialog.getByLabel('Sexo').click();
    await page.getByRole('option', { name: 'Femenino' }).click();
    await dialog.getByLabel('Fecha de nacimiento').pressSequentially('12041980');
    await pick(page, 'Obra social o prepaga', 'osde', /OSDE/);
    await dialog.getByLabel('Número de afiliado').fill('61234567801');
    await saveScreenshot(page, 'patient-new-desktop');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await waitForToast(page, '¡Paciente creado!');

    await page.getByLabel('Buscar por apellido, nombre o DNI').fill('fernandez');
    await page.getByRole('link', { name: /Fernández, Lucía/ }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Fernández, Lucía' }).waitFor();
    await expectNoSidewaysScroll(page, 'patient-desktop');
    await page.getByRole('link', { name: 'Nueva receta' }).click();

    await page.getByRole('heading', { level: 1, name: 'Nueva receta' }).waitFor();
    await expect.poll(() => page.getByRole('combobox', { name: /^Paciente/ }).inputValue()).toContain('Fernández');
    await expect.poll(() => page.getByLabel('N.º de afiliado').inputValue()).toBe('61234567801');
    await pick(page, /^Medicamento \(nombre genérico\)/, 'enalapril', /enalapril/i);
    await expect.poll(() => page.getByLabel('Presentación', { exact: false }).first().inputValue()).not.toBe('');
    await page.getByLabel('Cantidad').fill('2');
    await page.getByLabel('Posología').fill('1 comprimido cada 12 horas');
    await pick(page, /^Diagnóstico \(CIE 10\)/, 'I10', /^I10/);
    await page.getByRole('radio', { name: 'Receta Crónica' }).check();
    await page.getByRole('radio', { name: '2 recetas mensuales' }).check();
    await saveScreenshot(page, 'prescription-new-desktop');
    await page.getByRole('button', { name: 'Emitir' }).click();
    await waitForToast(page, '¡Prescripción creada!');

    await page.getByText('Receta 1 de 2').first().waitFor();
    await expectNoSidewaysScroll(page, 'prescription-desktop');

    await page.goto('/myPrescriptions');
    await page.getByRole('heading', { level: 1, name: 'Mis prescripciones' }).waitFor();
    await page.getByRole('link', { name: 'Nueva receta' }).or(page.getByRole('button', { name: 'Nueva receta' })).first().click();
    await page.getByRole('heading', { level: 1, name: 'Nueva receta' }).waitFor();
    await pick(page, /^Paciente/, 'Fernández', /Fernández, Lucía/);
    // The coverage follows the chosen patient: the form moves to their insurer and fills the affiliate number.
    await expect.poll(() => page.getByLabel('N.º de afiliado').inputValue()).toBe('61234567801');
    await pick(page, /^Medicamento \(nombre genérico\)/, 'amoxicilina', /amoxicilina/i);
    await page.getByLabel('Cantidad').fill('1');
    await page.getByLabel('Posología').fill('1 cápsula cada 8 horas durante 7 días');
    await pick(page, /^Diagnóstico \(CIE 10\)/, 'faringitis aguda', /faringitis aguda/i);
    await page.getByRole('button', { name: 'Emitir' }).click();
    await waitForToast(page, '¡Prescripción creada!');
    await page.getByText('Receta Única').first().waitFor();

    await page.getByRole('link', { name: 'Editar' }).or(page.getByRole('button', { name: 'Editar' })).first().click();
    await page.getByRole('heading', { level: 1, name: /^Editar la receta/ }).waitFor();
    await page.getByLabel('Cantidad').fill('2');
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await waitForToast(page, '¡Prescripción editada!');

    await page.goto('/myPrescriptions');
    await page.getByRole('heading', { level: 1, name: 'Mis prescripciones' }).waitFor();
    await expect.poll(() => page.getByRole('row').filter({ hasText: '30123456' }).count()).toBe(3);
    await expectNoSidewaysScroll(page, 'my-prescriptions-desktop');
    await page.context().close();
  });

  it('shows the patient and prescription pages on a phone without sideways scrolling', async () => {
    const doctor = makeDoctor();
    await prescribingDoctorThroughApi(doctor, admin);
    const page = await browser.newPage('mobile');
    await signInAs(page, doctor);

    for (const [path, heading, screenshot] of [
      ['/myPatients', 'Mis pacientes', 'my-patients-mobile'],
      ['/myPrescriptions', 'Mis prescripciones', 'my-prescriptions-mobile'],
      ['/prescriptions/particular/new', 'Nueva receta', 'prescription-new-mobile'],
    ] as const) {
      await showPage(page, path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await expectNoSidewaysScroll(page, screenshot);
    }
    await page.goto('/prescriptions/no-such-insurer/new');
    await page.getByText('No existe la obra social seleccionada!').waitFor();
    await page.context().close();
  });
});
