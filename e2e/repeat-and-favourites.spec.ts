import { randomInt } from 'node:crypto';
import { messages, type Prescription } from '@receta/domain';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { call, prescribingDoctorThroughApi } from './support/accounts-api.ts';
import { saveScreenshot, useBrowser } from './support/browser.ts';
import { cuitFor, makeDoctor } from './support/doctors.ts';
import { overflowsHorizontally, signInAs, waitForToast } from './support/sign-in.ts';

const browser = useBrowser();
const admin = inject('admin');
const pin = '4826';

interface Insurer { id: string; slug: string; name: string; acronym: string | null }

/** Types into a search-as-you-type picker and chooses the first suggestion matching `option`. */
async function pick(page: Page, label: string | RegExp, text: string, option: RegExp) {
  const combobox = page.getByRole('combobox', { name: label });
  await combobox.click();
  await combobox.pressSequentially(text, { delay: 20 });
  await page.getByRole('option', { name: option }).first().click();
}

/** The insurer the prescription form shows, as its picker reads it. */
const insurerShown = (page: Page) => page.getByRole('combobox', { name: /^Obra social o prepaga/ }).inputValue();

/** A chronic patient covered by PAMI with a signed prescription of enalapril, through the API. */
async function chronicPatientWithSignedPrescription(token: string) {
  const session = await call<{ workspaces: { id: string }[] }>('/api/auth/session', { token });
  const headers = { 'x-workspace': session.workspaces[0]?.id ?? '' };
  const insurers = await call<{ payload: Insurer[] }>('/api/insurers?q=pami', { token, headers });
  const insurer = insurers.payload[0];
  if (!insurer) throw new Error('No insurer answers "pami"');
  const dni = String(randomInt(20_000_000, 45_000_000));
  const patient = await call<{ id: string }>('/api/patients', {
    method: 'POST', token, headers,
    json: {
      name: 'Hugo', lastName: 'Arregui', dni, cuil: cuitFor(dni), sex: 'M', dateOfBirth: '1949-03-21',
      insurerId: insurer.id, affiliateNumber: '150123456789',
    },
  });
  const created = await call<{ prescriptions: { id: string; number: number }[] }>('/api/prescriptions', {
    method: 'POST', token, headers,
    json: {
      patientId: patient.id, diagnosisCode: 'I10', type: 'classic',
      items: [{ genericName: 'Enalapril Maleato', strength: '10 mg', presentation: 'Envase por 30 comprimidos', quantity: 1, dosage: '1 comprimido por día' }],
    },
  });
  const [signed] = created.prescriptions;
  if (!signed) throw new Error('No prescription was created');
  await call(`/api/prescriptions/${signed.id}/sign`, { method: 'POST', token, headers, json: { pin } });
  return { headers, insurer, patient, signed };
}

describe('repeat and favourites', () => {
  it('a doctor repeats a chronic patient\'s last prescription from their page, saves a line as a favourite and adds it to a new prescription in one click; the coverage follows the patient', async () => {
    const doctor = makeDoctor();
    const token = await prescribingDoctorThroughApi(doctor, admin, pin);
    const { headers, insurer, patient, signed } = await chronicPatientWithSignedPrescription(token);

    const page = await browser.newPage();
    await signInAs(page, doctor);
    await page.goto(`/patients/${patient.id}`);
    const list = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Prescripciones del paciente' }) });
    await list.getByText(String(signed.number), { exact: true }).first().waitFor();
    await list.getByText('I10').first().waitFor();
    expect(await overflowsHorizontally(page)).toBe(false);
    await saveScreenshot(page, 'patient-prescriptions-desktop');

    await page.getByRole('link', { name: `Repetir la receta ${signed.number}` }).click();
    await page.getByRole('heading', { level: 1, name: 'Nueva receta' }).waitFor();
    await page.waitForURL(new RegExp(`/prescriptions/${insurer.slug}/new\\?repeat=${signed.id}`));
    await page.getByRole('combobox', { name: /^Medicamento \(nombre genérico\)/ }).first().waitFor();
    expect(await page.getByRole('combobox', { name: /^Medicamento \(nombre genérico\)/ }).first().inputValue()).toMatch(/enalapril/i);
    await expect.poll(() => insurerShown(page), { timeout: 15_000 }).toContain(insurer.name);
    expect(await page.getByText('Se emitirá como Particular (sin cobertura).').count()).toBe(0);
    await page.getByRole('button', { name: 'Emitir' }).click();
    const warning = page.getByRole('dialog', { name: 'Medicamento repetido' });
    await warning.getByText(new RegExp(`Receta ${signed.number}`)).waitFor();
    await warning.getByRole('button', { name: 'Emitir de todos modos' }).click();
    await waitForToast(page, messages.prescriptions.created);
    await page.getByRole('heading', { level: 1, name: /^Receta \d+/ }).waitFor();
    const repeatedId = /\/prescriptions\/([0-9a-f-]{36})/.exec(page.url())?.[1];
    if (!repeatedId) throw new Error(`Not on a prescription page: ${page.url()}`);
    const repeated = await call<Prescription>(`/api/prescriptions/${repeatedId}`, { token, headers });
    expect(repeated.state).toBe('draft');
    expect(repeated.patient.id).toBe(patient.id);
    expect(repeated.insurer?.slug).toBe(insurer.slug);
    expect(repeated.items[0]?.genericName).toMatch(/enalapril/i);

    await page.goto(`/prescriptions/${insurer.slug}/new?repeat=${signed.id}`);
    await page.getByRole('combobox', { name: /^Medicamento \(nombre genérico\)/ }).first().waitFor();
    await page.getByRole('button', { name: 'Guardar como favorito' }).first().click();
    const save = page.getByRole('dialog', { name: 'Guardar el medicamento como favorito' });
    await save.getByLabel(/^Nombre del favorito/).fill('Enalapril de mantenimiento');
    await save.getByRole('button', { name: 'Guardar' }).click();
    await waitForToast(page, messages.favourites.saved);

    await page.goto('/myPrescriptions');
    await page.getByRole('link', { name: 'Nueva receta' }).click();
    await page.getByRole('heading', { level: 1, name: 'Nueva receta' }).waitFor();
    await pick(page, /^Paciente/, 'Arregui', /Arregui, Hugo/);
    await page.waitForURL(new RegExp(`/prescriptions/${insurer.slug}/new`));
    await expect.poll(() => insurerShown(page), { timeout: 15_000 }).toContain(insurer.name);
    await page.getByRole('button', { name: 'Favoritos' }).click();
    const favourites = page.getByRole('dialog', { name: 'Sus favoritos' });
    await favourites.getByText('Enalapril de mantenimiento').waitFor();
    expect(await overflowsHorizontally(page)).toBe(false);
    await saveScreenshot(page, 'prescription-favourites-menu-desktop');
    await favourites.getByRole('button', { name: /^Enalapril de mantenimiento/ }).click();
    await favourites.waitFor({ state: 'hidden' });
    expect(await page.getByRole('combobox', { name: /^Medicamento \(nombre genérico\)/ }).first().inputValue()).toMatch(/enalapril/i);
    expect(await page.getByLabel('Posología').first().inputValue()).toBe('1 comprimido por día');

    await pick(page, /^Obra social o prepaga/, 'particular', /^Particular/);
    await page.getByText('Se emitirá como Particular (sin cobertura).').waitFor();
    await expect.poll(() => insurerShown(page), { timeout: 15_000 }).toMatch(/^Particular/);
    await page.context().close();

    const phone = await browser.newPage('mobile');
    await signInAs(phone, doctor);
    await phone.goto(`/patients/${patient.id}`);
    await phone.getByText(String(signed.number), { exact: true }).first().waitFor();
    expect(await overflowsHorizontally(phone)).toBe(false);
    // The list scrolls sideways inside its card, so "Repetir" must fit without scrolling.
    const repeat = await phone.getByRole('link', { name: `Repetir la receta ${signed.number}` }).boundingBox();
    expect((repeat?.x ?? Infinity) + (repeat?.width ?? 0)).toBeLessThanOrEqual(375 - 16);
    await saveScreenshot(phone, 'patient-prescriptions-mobile');
    await phone.goto(`/prescriptions/${insurer.slug}/new?repeat=${signed.id}`);
    await phone.getByRole('button', { name: 'Guardar como favorito' }).first().waitFor();
    await phone.getByRole('button', { name: 'Agregar un medicamento' }).click();
    await phone.getByRole('button', { name: 'Guardar como favorito' }).nth(1).waitFor();
    expect(await overflowsHorizontally(phone)).toBe(false);
    await saveScreenshot(phone, 'prescription-line-header-mobile');
    await phone.getByRole('button', { name: 'Favoritos' }).click();
    await phone.getByRole('dialog', { name: 'Sus favoritos' }).getByText('Enalapril de mantenimiento').waitFor();
    expect(await overflowsHorizontally(phone)).toBe(false);
    await saveScreenshot(phone, 'prescription-favourites-menu-mobile');
    await phone.context().close();
  }, 240_000);
});
