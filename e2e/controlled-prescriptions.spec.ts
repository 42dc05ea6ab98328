import { randomInt } from 'node:crypto';
import { decomposeCuir, messages, type Prescription } from '@receta/domain';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  acceptInvitationThroughApi, call, findMedicIdThroughApi, logInThroughApi, prescribingDoctorThroughApi,
} from './support/accounts-api.ts';
import { saveScreenshot, useBrowser } from './support/browser.ts';
import { cuitFor, makeDoctor } from './support/doctors.ts';
import { makePdf } from './support/documents.ts';
import { overflowsHorizontally, signInAs, waitForToast } from './support/sign-in.ts';

const browser = useBrowser();
const admin = inject('admin');
const pin = '2580';

/** Types into a search-as-you-type picker and chooses the first suggestion matching `option`. */
async function pick(page: Page, label: string | RegExp, text: string, option: RegExp) {
  const combobox = page.getByRole('combobox', { name: label });
  await combobox.click();
  await combobox.pressSequentially(text, { delay: 20 });
  await page.getByRole('option', { name: option }).first().click();
}

/**
 * Writes a Receta Única of one medicine in the form, checks the subtype the form shows for the
 * presentation picked, issues and signs it; answers the prescription's id.
 */
async function issueAndSign(
  page: Page, medicine: { search: string; option: RegExp; subtype: string }, screenshot: string,
): Promise<string> {
  await page.goto('/prescriptions/particular/new');
  await page.getByRole('heading', { level: 1, name: 'Nueva receta' }).waitFor();
  await pick(page, /^Paciente/, 'Ledesma', /Ledesma, Rosa/);
  await pick(page, /^Medicamento \(nombre genérico\)/, medicine.search, medicine.option);
  await page.getByText(medicine.subtype, { exact: true }).first().waitFor();
  await page.getByLabel('Cantidad').fill('1');
  await page.getByLabel('Posología').fill('1 por día, según indicación');
  await pick(page, /^Diagnóstico \(CIE 10\)/, 'F41', /^F41/);
  expect(await overflowsHorizontally(page)).toBe(false);
  await saveScreenshot(page, screenshot);
  await page.getByRole('button', { name: 'Emitir' }).click();
  await waitForToast(page, '¡Prescripción creada!');
  await page.getByRole('heading', { level: 1, name: /^Receta \d+/ }).waitFor();
  const id = /\/prescriptions\/([0-9a-f-]{36})/.exec(page.url())?.[1];
  if (!id) throw new Error(`Not on a prescription page: ${page.url()}`);
  await page.getByRole('button', { name: 'Firmar' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Firmar la prescripción' });
  await dialog.getByLabel('PIN de firma').fill(pin);
  await dialog.getByRole('button', { name: 'Firmar' }).click();
  await waitForToast(page, '¡Prescripción firmada!');
  return id;
}

describe('archived and restricted medicines (Res. 2214/2025)', () => {
  it('a moderator authorises a doctor, who signs an archived and a restricted prescription; a pharmacy finds one by its CUIR', async () => {
    const doctor = makeDoctor();
    const doctorToken = await prescribingDoctorThroughApi(doctor, admin, pin);
    const adminToken = await logInThroughApi(admin.email, admin.password);
    const medicId = await findMedicIdThroughApi(adminToken, doctor.email);

    const moderator = await browser.newPage();
    await signInAs(moderator, admin);
    await moderator.goto(`/medicals/${medicId}/preview`);
    await moderator.getByText('Sin autorización registrada').waitFor();
    await moderator.getByRole('button', { name: 'Registrar autorización' }).click();
    const dialog = moderator.getByRole('dialog', { name: 'Registrar autorización' });
    await dialog.getByLabel('Autorizado por la jurisdicción el').pressSequentially('02032026');
    const evidence = makePdf('autorizacion.pdf', 'Autorizacion para prescribir estupefacientes');
    await dialog.getByLabel('Constancia de la autorización').setInputFiles({
      name: evidence.name, mimeType: evidence.mimeType, buffer: evidence.buffer,
    });
    await dialog.getByText('autorizacion.pdf').waitFor();
    await saveScreenshot(moderator, 'restricted-authorisation-desktop');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await waitForToast(moderator, messages.medicals.restrictedRecorded);
    await moderator.getByText('02/03/2026').waitFor();
    await moderator.context().close();

    const session = await call<{ workspaces: { id: string }[] }>('/api/auth/session', { token: doctorToken });
    const dni = String(randomInt(20_000_000, 45_000_000));
    await call('/api/patients', {
      method: 'POST',
      token: doctorToken,
      headers: { 'x-workspace': session.workspaces[0]?.id ?? '' },
      json: {
        name: 'Rosa', lastName: 'Ledesma', dni, cuil: cuitFor(dni), sex: 'F', dateOfBirth: '1961-04-09',
        insurerId: null, address: 'Bv. San Juan 845, Córdoba',
      },
    });

    const page = await browser.newPage();
    await signInAs(page, doctor);
    const archivedId = await issueAndSign(
      page, { search: 'alprazolam', option: /alprazolam/i, subtype: 'Expendio bajo receta archivada' }, 'prescription-archived-desktop',
    );
    const restrictedId = await issueAndSign(
      page, { search: 'metilfenidato', option: /metilfenidato/i, subtype: 'Expendio legalmente restringido' }, 'prescription-restricted-desktop',
    );
    const [archived, restricted] = await Promise.all([archivedId, restrictedId].map((id) => (
      call<Prescription>(`/api/prescriptions/${id}`, { token: doctorToken, headers: { 'x-workspace': session.workspaces[0]?.id ?? '' } })
    )));
    expect(decomposeCuir(archived?.items[0]?.cuir ?? '')).toMatchObject({ type: '01', subtype: '03', item: '01' });
    const cuir = restricted?.items[0]?.cuir ?? '';
    expect(decomposeCuir(cuir)).toMatchObject({ jurisdiction: '02', type: '01', subtype: '04', item: '01' });
    await page.getByText('Expendio legalmente restringido').first().waitFor();
    await saveScreenshot(page, 'prescription-restricted-signed-desktop');
    await page.context().close();

    const pharmacyEmail = `farmacia.${randomInt(1_000_000)}@example.com`;
    const pharmacyPassword = 'Farmacia-segura-2026';
    await call('/api/administrators', {
      method: 'POST', token: adminToken, json: { email: pharmacyEmail, displayName: 'Farmacia del Centro', roles: ['pharmacy'] },
    });
    await acceptInvitationThroughApi(pharmacyEmail, pharmacyPassword);
    const pharmacy = await browser.newPage('mobile');
    await signInAs(pharmacy, { email: pharmacyEmail, password: pharmacyPassword });
    await pharmacy.goto('/scanner');
    await pharmacy.getByRole('heading', { level: 1, name: 'Escáner QR' }).waitFor();
    await pharmacy.getByLabel('Código de verificación o CUIR').fill(cuir.replace(/(\d{4})(?=\d)/g, '$1 '));
    await pharmacy.getByRole('button', { name: 'Buscar receta' }).click();
    await pharmacy.getByText('Firma electrónica válida.').waitFor();
    await pharmacy.getByText(`Receta ${restricted?.number}`, { exact: false }).first().waitFor();
    expect(await overflowsHorizontally(pharmacy)).toBe(false);
    await saveScreenshot(pharmacy, 'scanner-by-cuir-mobile');
    await pharmacy.context().close();
  }, 240_000);
});
