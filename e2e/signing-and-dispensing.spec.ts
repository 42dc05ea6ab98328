import { execFile } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  acceptInvitationThroughApi, call, logInThroughApi, prescribingDoctorThroughApi,
} from './support/accounts-api.ts';
import { saveScreenshot, useBrowser } from './support/browser.ts';
import { cuitFor, makeDoctor } from './support/doctors.ts';
import { waitForMailedLink } from './support/mailbox.ts';
import { overflowsHorizontally, signInAs, waitForToast } from './support/sign-in.ts';

const run = promisify(execFile);
const browser = useBrowser();
const admin = inject('admin');
const pin = '2580';

/** A patient with an email and a draft Receta Única for them, written through the API. */
async function draftFor(doctorToken: string, patientEmail: string): Promise<{ id: string; number: number }> {
  const session = await call<{ workspaces: { id: string }[] }>('/api/auth/session', { token: doctorToken });
  const headers = { 'x-workspace': session.workspaces[0]?.id ?? '' };
  const dni = String(randomInt(20_000_000, 45_000_000));
  const patient = await call<{ id: string }>('/api/patients', {
    method: 'POST',
    token: doctorToken,
    headers,
    json: {
      name: 'Julián', lastName: 'Ortiz', dni, cuil: cuitFor(dni), sex: 'M',
      dateOfBirth: '1975-08-30', insurerId: null, email: patientEmail,
    },
  });
  const created = await call<{ prescriptions: { id: string; number: number }[] }>('/api/prescriptions', {
    method: 'POST',
    token: doctorToken,
    headers,
    json: {
      patientId: patient.id, insurerSlug: 'particular', diagnosisCode: 'I10', type: 'classic',
      items: [{ genericName: 'Enalapril Maleato', strength: '10 mg', presentation: 'Envase por 30 comprimidos', quantity: 1, dosage: '1 comprimido por día' }],
    },
  });
  const [draft] = created.prescriptions;
  if (!draft) throw new Error('No prescription was created');
  return draft;
}

/** Saves what a click downloads and answers its bytes. */
async function download(page: Page, click: () => Promise<void>): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = join(await mkdtemp(join(tmpdir(), 'receta-download-')), file.suggestedFilename());
  await file.saveAs(path);
  return readFile(path);
}

/** The verification code the PDF prints under its QR code. */
async function verificationCodeIn(pdf: Buffer): Promise<string> {
  const path = join(await mkdtemp(join(tmpdir(), 'receta-pdf-')), 'receta.pdf');
  await writeFile(path, pdf);
  const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', path, '-']);
  const code = /\/verify\/([0-9A-Z]{16})/.exec(stdout.replace(/\s+/g, ''))?.[1];
  if (!code) throw new Error('The PDF prints no verification address');
  return code;
}

/** What pdfsig says of `pdf` once its NSS database trusts `authority` (DER), as a pharmacy's reader would. */
async function pdfsigTrusting(authority: Buffer, pdf: Buffer): Promise<string> {
  const directory = await mkdtemp(join(tmpdir(), 'receta-reader-'));
  await writeFile(join(directory, 'ca.cer'), authority);
  await writeFile(join(directory, 'receta.pdf'), pdf);
  await run('certutil', ['-N', '-d', `sql:${directory}`, '--empty-password']);
  await run('certutil', ['-A', '-d', `sql:${directory}`, '-n', 'receta-ca', '-t', 'CT,C,C', '-i', join(directory, 'ca.cer')]);
  const { stdout } = await run('pdfsig', ['-nssdir', `sql:${directory}`, join(directory, 'receta.pdf')]);
  return stdout;
}

describe('signing, sending, verifying and dispensing', () => {
  it('a doctor signs with the PIN, the patient downloads it, anyone verifies it and a pharmacy dispenses it', async () => {
    const doctor = makeDoctor();
    const doctorToken = await prescribingDoctorThroughApi(doctor, admin, pin);
    const patientEmail = `paciente.${randomInt(1_000_000)}@example.com`;
    const draft = await draftFor(doctorToken, patientEmail);

    const page = await browser.newPage();
    await signInAs(page, doctor);
    await page.goto(`/prescriptions/${draft.id}`);
    await page.getByRole('heading', { level: 1, name: `Receta ${draft.number}` }).waitFor();
    await page.getByRole('button', { name: 'Firmar' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Firmar la prescripción' });
    await dialog.getByLabel('PIN de firma').fill('1111');
    await dialog.getByRole('button', { name: 'Firmar' }).click();
    await dialog.getByText('El PIN es incorrecto.').waitFor();
    await dialog.getByLabel('PIN de firma').fill(pin);
    await saveScreenshot(page, 'sign-dialog-desktop');
    await dialog.getByRole('button', { name: 'Firmar' }).click();
    await waitForToast(page, '¡Prescripción firmada!');
    // The wrong PIN's message gave way to the right one's at once.
    expect(await page.getByRole('alert').filter({ hasText: '¡No se pudo firmar la prescripción!' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Descargar PDF' }).waitFor();
    expect(await overflowsHorizontally(page)).toBe(false);
    await saveScreenshot(page, 'prescription-signed-desktop');
    const signedPdf = await download(page, () => page.getByRole('button', { name: 'Descargar PDF' }).click());
    expect(signedPdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(signedPdf.includes('/ETSI.CAdES.detached')).toBe(true);
    const code = await verificationCodeIn(signedPdf);
    await page.context().close();

    const patientLink = await waitForMailedLink(patientEmail, '/p/');
    const patient = await browser.newPage('mobile');
    await patient.goto(patientLink);
    await patient.getByRole('heading', { level: 1, name: `Su receta ${draft.number}` }).waitFor();
    for (const checkbox of await patient.getByRole('checkbox').all()) await checkbox.check();
    await saveScreenshot(patient, 'patient-link-mobile');
    await patient.getByRole('button', { name: 'Aceptar y ver mi receta' }).click();
    const patientPdf = await download(patient, () => patient.getByRole('button', { name: 'Descargar receta (PDF)' }).click());
    expect(patientPdf.equals(signedPdf)).toBe(true);
    expect(await overflowsHorizontally(patient)).toBe(false);
    await patient.context().close();

    const pharmacyEmail = `farmacia.${randomInt(1_000_000)}@example.com`;
    const pharmacyPassword = 'Farmacia-segura-2026';
    await call('/api/administrators', {
      method: 'POST',
      token: await logInThroughApi(admin.email, admin.password),
      json: { email: pharmacyEmail, displayName: 'Farmacia Central', roles: ['pharmacy'] },
    });
    await acceptInvitationThroughApi(pharmacyEmail, pharmacyPassword);
    const pharmacy = await browser.newPage();
    await signInAs(pharmacy, { email: pharmacyEmail, password: pharmacyPassword });
    await pharmacy.goto('/scanner');
    await pharmacy.getByRole('heading', { level: 1, name: 'Escáner QR' }).waitFor();
    await pharmacy.getByLabel('Código de verificación').fill(code);
    await pharmacy.getByRole('button', { name: 'Buscar receta' }).click();
    await pharmacy.getByText('Firma electrónica válida.').waitFor();
    await saveScreenshot(pharmacy, 'scanner-desktop');
    await pharmacy.getByRole('button', { name: 'Dispensar todo' }).click();
    await pharmacy.getByRole('dialog', { name: '¿Dispensar todo?' }).getByRole('button', { name: 'Dispensar todo' }).click();
    await waitForToast(pharmacy, '¡Prescripción dispensada!');
    await pharmacy.getByText('Dispensas registradas').waitFor();
    await pharmacy.setViewportSize({ width: 375, height: 812 });
    expect(await overflowsHorizontally(pharmacy)).toBe(false);
    await saveScreenshot(pharmacy, 'scanner-mobile');
    await pharmacy.context().close();

    const anyone = await browser.newPage('mobile');
    await anyone.goto(`/verify/${code}`);
    // Wholly dispensed: the page leads with it, and says nothing green.
    await anyone.getByText('Dispensada', { exact: true }).waitFor();
    await anyone.getByText('Dispensado', { exact: true }).waitFor();
    expect(await anyone.getByText('Receta auténtica').count()).toBe(0);
    expect(await anyone.getByText('Ortiz').count()).toBe(0);
    expect(await overflowsHorizontally(anyone)).toBe(false);
    await saveScreenshot(anyone, 'verification-mobile');
    await anyone.context().close();

    // A pharmacy trusts the platform's CA, downloaded from the same page, and its PDF reader
    // (poppler's pdfsig here) then takes the signature as valid and trusted.
    const desk = await browser.newPage();
    await desk.goto(`/verify/${code}`);
    await desk.getByText('Dispensada', { exact: true }).waitFor();
    expect(await overflowsHorizontally(desk)).toBe(false);
    await saveScreenshot(desk, 'verification-desktop');
    const authority = await download(desk, () => desk.getByRole('link', { name: 'Descargar el certificado' }).click());
    const report = await pdfsigTrusting(authority, signedPdf);
    expect(report).toContain('Signature is Valid.');
    expect(report).toContain('Certificate is Trusted.');
    await desk.context().close();
  });
});
