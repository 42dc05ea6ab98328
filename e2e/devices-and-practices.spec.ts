import { execFile } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
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
import { currentLane } from './support/lanes.ts';
import { overflowsHorizontally, signInAs, waitForToast } from './support/sign-in.ts';

const browser = useBrowser();
const admin = inject('admin');
const pin = '2580';
const run = promisify(execFile);

/** The text of a signed prescription's PDF, as the doctor downloads it. */
async function pdfTextOf(doctorToken: string, workspaceId: string, prescriptionId: string): Promise<string> {
  const response = await fetch(`${currentLane().baseUrl}/api/prescriptions/${prescriptionId}/pdf`, {
    headers: { 'x-workspace': workspaceId, authorization: `Bearer ${doctorToken}` },
  });
  const path = join(await mkdtemp(join(tmpdir(), 'receta-pdf-')), 'receta.pdf');
  await writeFile(path, Buffer.from(await response.arrayBuffer()));
  const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', path, '-']);
  return stdout.replace(/\s+/g, ' ');
}

/** Chooses the patient, the kind and the diagnosis of a new prescription. */
async function startPrescription(page: Page, kind: string) {
  await page.goto('/prescriptions/particular/new');
  await page.getByRole('heading', { level: 1, name: 'Nueva receta' }).waitFor();
  const patient = page.getByRole('combobox', { name: /^Paciente/ });
  await patient.click();
  await patient.pressSequentially('Benítez', { delay: 20 });
  await page.getByRole('option', { name: /Benítez, Ramón/ }).first().click();
  await page.getByRole('radio', { name: kind }).check();
  const diagnosis = page.getByRole('combobox', { name: /^Diagnóstico \(CIE 10\)/ });
  await diagnosis.click();
  await diagnosis.pressSequentially('M17', { delay: 20 });
  await page.getByRole('option', { name: /^M17/ }).first().click();
}

/** Issues the form's prescription and signs it with the PIN; answers its id. */
async function issueAndSign(page: Page, screenshot: string): Promise<string> {
  await page.getByRole('button', { name: 'Emitir' }).click();
  await waitForToast(page, '¡Prescripción creada!');
  await page.waitForURL(/\/prescriptions\/[0-9a-f-]{36}$/);
  const id = new URL(page.url()).pathname.split('/').pop()!;
  await page.getByRole('button', { name: 'Firmar' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Firmar la prescripción' });
  await dialog.getByLabel('PIN de firma').fill(pin);
  await dialog.getByRole('button', { name: 'Firmar' }).click();
  await waitForToast(page, '¡Prescripción firmada!');
  await page.getByRole('button', { name: 'Descargar PDF' }).waitFor();
  expect(await overflowsHorizontally(page), screenshot).toBe(false);
  await saveScreenshot(page, `${screenshot}-desktop`);
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await overflowsHorizontally(page), screenshot).toBe(false);
  await saveScreenshot(page, `${screenshot}-mobile`);
  await page.setViewportSize({ width: 1280, height: 800 });
  return id;
}

describe('devices and studies', () => {
  it('a doctor orders a laboratory panel with sessions and a pair of glasses, signs both, and an optician records the delivery', async () => {
    const doctor = makeDoctor();
    const doctorToken = await prescribingDoctorThroughApi(doctor, admin, pin);
    const session = await call<{ workspaces: { id: string }[] }>('/api/auth/session', { token: doctorToken });
    const workspaceId = session.workspaces[0]?.id ?? '';
    const dni = String(randomInt(20_000_000, 45_000_000));
    await call('/api/patients', {
      method: 'POST', token: doctorToken, headers: { 'x-workspace': workspaceId },
      json: { name: 'Ramón', lastName: 'Benítez', dni, cuil: cuitFor(dni), sex: 'M', dateOfBirth: '1958-02-03', insurerId: null },
    });

    const page = await browser.newPage();
    await signInAs(page, doctor);

    await startPrescription(page, 'Estudios, prácticas y procedimientos');
    expect(await page.getByRole('radio', { name: 'Receta Crónica' }).count()).toBe(0);
    const practices = page.getByRole('combobox', { name: /^Estudio, práctica o procedimiento/ });
    await practices.first().click();
    await practices.first().pressSequentially('hemograma', { delay: 20 });
    await page.getByRole('option', { name: /Hemograma completo/ }).first().click();
    await page.getByText(/Código del catálogo: LAB-\d{3}/).waitFor();
    await page.getByRole('button', { name: 'Agregar un estudio o práctica' }).click();
    await practices.nth(1).fill('Kinesiología motora de rodilla');
    await page.getByLabel('Cantidad o sesiones').nth(1).fill('10');
    await page.getByLabel('Indicaciones').nth(1).fill('Rehabilitación postoperatoria');
    await page.getByText(/durante 60 días/).first().waitFor();
    await saveScreenshot(page, 'practice-order-new-desktop');
    const orderId = await issueAndSign(page, 'practice-order-signed');
    // Receta Única or Crónica is a distinction of medicines only.
    expect(await page.getByText('Tipo de receta').count()).toBe(0);
    const order = await pdfTextOf(doctorToken, workspaceId, orderId);
    expect(order).toContain('Orden electrónica de estudios, prácticas y procedimientos');
    expect(order).toContain('Hemograma completo');
    expect(order).toContain('Cantidad o sesiones: diez (10)');

    await startPrescription(page, 'Dispositivos médicos e insumos');
    await page.getByLabel('Dispositivo o insumo').fill('Anteojos monofocales para lejos');
    await page.getByLabel('Cantidad').fill('1');
    await page.getByLabel('Indicaciones').fill('OD −1,50 esf; OI −1,25 esf');
    await page.setViewportSize({ width: 375, height: 812 });
    expect(await overflowsHorizontally(page)).toBe(false);
    await saveScreenshot(page, 'device-prescription-new-mobile');
    await page.setViewportSize({ width: 1280, height: 800 });
    const glassesId = await issueAndSign(page, 'device-prescription-signed');
    const glasses = await pdfTextOf(doctorToken, workspaceId, glassesId);
    expect(glasses).toContain('Receta electrónica de dispositivos médicos e insumos');
    const code = /\/verify\/([0-9A-Z]{16})/.exec(glasses.replace(/\s+/g, ''))?.[1];
    expect(code).toBeDefined();
    await page.context().close();

    const opticianEmail = `optica.${randomInt(1_000_000)}@example.com`;
    const opticianPassword = 'Optica-segura-2026';
    await call('/api/administrators', {
      method: 'POST',
      token: await logInThroughApi(admin.email, admin.password),
      json: { email: opticianEmail, displayName: 'Óptica Central', roles: ['pharmacy'] },
    });
    await acceptInvitationThroughApi(opticianEmail, opticianPassword);
    const optician = await browser.newPage();
    await signInAs(optician, { email: opticianEmail, password: opticianPassword });
    await optician.goto(`/scanner?code=${code}`);
    await optician.getByText('Firma electrónica válida.').waitFor();
    await optician.getByText('Anteojos monofocales para lejos').first().waitFor();
    expect(await optician.getByRole('button', { name: /^Dispensar/ }).count()).toBe(0);
    await optician.getByRole('button', { name: 'Registrar entrega de todo' }).click();
    await optician.getByRole('dialog', { name: '¿Registrar entrega de todo?' })
      .getByRole('button', { name: 'Registrar entrega de todo' }).click();
    await waitForToast(optician, '¡Entrega registrada!');
    await optician.getByText(/Ya se registró la entrega de todo el/).waitFor();
    await optician.getByRole('heading', { level: 2, name: 'Entregas registradas' }).waitFor();
    await optician.getByText('Entregado', { exact: true }).first().waitFor();
    await saveScreenshot(optician, 'device-delivered-desktop');
    await optician.setViewportSize({ width: 375, height: 812 });
    expect(await overflowsHorizontally(optician)).toBe(false);
    await saveScreenshot(optician, 'device-delivered-mobile');
    await optician.context().close();
  }, 180_000);
});
