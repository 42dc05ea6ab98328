import { execFile } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import {
  acceptInvitationThroughApi, call, logInThroughApi, prescribingDoctorThroughApi,
} from './support/accounts-api.ts';
import { saveScreenshot, useBrowser } from './support/browser.ts';
import { cuitFor, makeDoctor } from './support/doctors.ts';
import { currentLane } from './support/lanes.ts';
import { waitForMailedLink } from './support/mailbox.ts';
import { overflowsHorizontally, signInAs, waitForToast } from './support/sign-in.ts';

const browser = useBrowser();
const admin = inject('admin');
const pin = '2580';
const reason = 'Dosis equivocada';
const run = promisify(execFile);

/** The verification code the PDF prints under its QR code. */
async function verificationCodeIn(pdf: Buffer): Promise<string> {
  const path = join(await mkdtemp(join(tmpdir(), 'receta-pdf-')), 'receta.pdf');
  await writeFile(path, pdf);
  const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', path, '-']);
  const code = /\/verify\/([0-9A-Z]{16})/.exec(stdout.replace(/\s+/g, ''))?.[1];
  if (!code) throw new Error('The PDF prints no verification address');
  return code;
}

/** A patient with an email and a signed Receta Única for them, through the API. */
async function signedFor(doctorToken: string, patientEmail: string) {
  const session = await call<{ workspaces: { id: string }[] }>('/api/auth/session', { token: doctorToken });
  const headers = { 'x-workspace': session.workspaces[0]?.id ?? '' };
  const dni = String(randomInt(20_000_000, 45_000_000));
  const patient = await call<{ id: string }>('/api/patients', {
    method: 'POST', token: doctorToken, headers,
    json: {
      name: 'Marta', lastName: 'Quiroga', dni, cuil: cuitFor(dni), sex: 'F',
      dateOfBirth: '1950-05-12', insurerId: null, email: patientEmail,
    },
  });
  const created = await call<{ prescriptions: { id: string; number: number }[] }>('/api/prescriptions', {
    method: 'POST', token: doctorToken, headers,
    json: {
      patientId: patient.id, insurerSlug: 'particular', diagnosisCode: 'I10', type: 'classic',
      items: [{ genericName: 'Enalapril Maleato', strength: '10 mg', presentation: 'Envase por 30 comprimidos', quantity: 1, dosage: '1 comprimido por día' }],
    },
  });
  const [draft] = created.prescriptions;
  if (!draft) throw new Error('No prescription was created');
  await call(`/api/prescriptions/${draft.id}/sign`, { method: 'POST', token: doctorToken, headers, json: { pin } });
  const pdf = await fetch(`${currentLane().baseUrl}/api/prescriptions/${draft.id}/pdf`, {
    headers: { ...headers, authorization: `Bearer ${doctorToken}` },
  });
  return { ...draft, code: await verificationCodeIn(Buffer.from(await pdf.arrayBuffer())) };
}

describe('a cancelled prescription', () => {
  it('reads as cancelled, with its reason, to a pharmacist on the verification page and the scanner, and the patient cannot download it', async () => {
    const doctor = makeDoctor();
    const doctorToken = await prescribingDoctorThroughApi(doctor, admin, pin);
    const patientEmail = `anulada.${randomInt(1_000_000)}@example.com`;
    const prescription = await signedFor(doctorToken, patientEmail);
    const patientLink = await waitForMailedLink(patientEmail, '/p/');

    const anyone = await browser.newPage();
    await anyone.goto(`/verify/${prescription.code}`);
    await anyone.getByText('Receta auténtica').waitFor();
    await saveScreenshot(anyone, 'verification-valid-desktop');
    await anyone.setViewportSize({ width: 375, height: 812 });
    await saveScreenshot(anyone, 'verification-valid-mobile');
    await anyone.context().close();

    const page = await browser.newPage();
    await signInAs(page, doctor);
    await page.goto(`/prescriptions/${prescription.id}`);
    await page.getByRole('heading', { level: 1, name: `Receta ${prescription.number}` }).waitFor();
    await page.getByRole('button', { name: 'Anular' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Motivo de la anulación').fill(reason);
    await dialog.getByRole('button', { name: 'Anular' }).click();
    await waitForToast(page, '¡Prescripción anulada!');
    await page.context().close();

    const pharmacyEmail = `farmacia.${randomInt(1_000_000)}@example.com`;
    const pharmacyPassword = 'Farmacia-segura-2026';
    await call('/api/administrators', {
      method: 'POST',
      token: await logInThroughApi(admin.email, admin.password),
      json: { email: pharmacyEmail, displayName: 'Farmacia del Centro', roles: ['pharmacy'] },
    });
    await acceptInvitationThroughApi(pharmacyEmail, pharmacyPassword);
    const pharmacy = await browser.newPage();
    await signInAs(pharmacy, { email: pharmacyEmail, password: pharmacyPassword });

    await pharmacy.goto(`/verify/${prescription.code}`);
    await pharmacy.getByText('Anulada', { exact: true }).waitFor();
    await pharmacy.getByText(`Motivo: ${reason}`).waitFor();
    expect(await pharmacy.getByText('Receta auténtica').count()).toBe(0);
    await saveScreenshot(pharmacy, 'verification-cancelled-desktop');
    await pharmacy.setViewportSize({ width: 375, height: 812 });
    expect(await overflowsHorizontally(pharmacy)).toBe(false);
    await saveScreenshot(pharmacy, 'verification-cancelled-mobile');
    await pharmacy.setViewportSize({ width: 1280, height: 800 });

    await pharmacy.goto(`/scanner?code=${prescription.code}`);
    await pharmacy.getByText(`No se puede dispensar: fue anulada: ${reason}`).waitFor();
    expect(await pharmacy.getByRole('button', { name: 'Dispensar todo' }).isDisabled()).toBe(true);
    await saveScreenshot(pharmacy, 'scanner-cancelled-desktop');
    await pharmacy.setViewportSize({ width: 375, height: 812 });
    expect(await overflowsHorizontally(pharmacy)).toBe(false);
    await saveScreenshot(pharmacy, 'scanner-cancelled-mobile');
    await pharmacy.context().close();

    const patient = await browser.newPage('mobile');
    await patient.goto(patientLink);
    await patient.getByText('Receta anulada').waitFor();
    await patient.getByText(`Motivo: ${reason}`).waitFor();
    expect(await patient.getByRole('button', { name: 'Descargar receta (PDF)' }).count()).toBe(0);
    expect(await patient.getByRole('button', { name: 'Aceptar y ver mi receta' }).count()).toBe(0);
    expect(await overflowsHorizontally(patient)).toBe(false);
    await saveScreenshot(patient, 'patient-link-cancelled-mobile');
    await patient.setViewportSize({ width: 1280, height: 800 });
    await saveScreenshot(patient, 'patient-link-cancelled-desktop');
    await patient.context().close();
  });
});
