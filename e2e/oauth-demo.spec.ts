import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { prescribingDoctorThroughApi } from './support/accounts-api.ts';
import { authenticatorCode, wrongAuthenticatorCode } from './support/authenticator.ts';
import { saveScreenshot, useBrowser, viewports } from './support/browser.ts';
import { makePdf } from './support/documents.ts';
import { makeDoctor, type TestDoctor } from './support/doctors.ts';
import { overflowsHorizontally, signInAs, waitForToast } from './support/sign-in.ts';

const run = promisify(execFile);
const browser = useBrowser();
const admin = inject('admin');
const pin = '2580';

let doctor: TestDoctor;
/**
 * The doctor of the journey that signs in twice: an account signs in at most once per 30-second
 * step of its authenticator, and a third sign-in of one doctor would wait for the next step.
 */
let refusingDoctor: TestDoctor;
let demoSecret: string;

/** Saves what a click downloads and answers its bytes. */
async function download(page: Page, click: () => Promise<void>): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = join(await mkdtemp(join(tmpdir(), 'receta-oauth-')), file.suggestedFilename());
  await file.saveAs(path);
  return readFile(path);
}

async function pdfsig(pdf: Buffer): Promise<string> {
  const path = join(await mkdtemp(join(tmpdir(), 'receta-pdfsig-')), 'firmado.pdf');
  await writeFile(path, pdf);
  const { stdout } = await run('pdfsig', [path]);
  return stdout;
}

async function expectNoSidewaysScrolling(page: Page, screenshot: string) {
  expect(await overflowsHorizontally(page), screenshot).toBe(false);
  await saveScreenshot(page, screenshot);
}

/** The demo connects as an app would, and the doctor signs in on the product's page. */
async function connectAndSignIn(
  page: Page, { clientId = 'demo-sandbox', secret = demoSecret, screenshots = '', as = doctor } = {},
) {
  await page.goto('/oauth2/demo');
  await page.getByRole('heading', { level: 1, name: 'Demo de integración OAuth2' }).waitFor();
  if (screenshots) await expectNoSidewaysScrolling(page, `oauth-demo-${screenshots}`);
  await page.getByLabel('Client id').fill(clientId);
  await page.getByLabel('Client secret').fill(secret);
  await page.getByRole('button', { name: 'Conectar' }).click();
  await page.waitForURL('**/oauth2/sign-in?**');
  await page.getByRole('heading', { level: 1, name: 'Ingresar' }).waitFor();
  expect(new URL(page.url()).searchParams.get('state')).toMatch(/^\d{16}$/);
  if (screenshots) await expectNoSidewaysScrolling(page, `oauth-sign-in-${screenshots}`);
  await page.getByLabel('Email').fill(as.email);
  await page.getByLabel('Contraseña', { exact: false }).first().fill(as.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
}

/** The sign-in's second step: the code of the doctor's authenticator, as on the web login. */
async function enterAuthenticatorCode(page: Page, screenshots = '', as = doctor) {
  await page.getByRole('heading', { level: 1, name: 'Verificación en dos pasos' }).waitFor();
  if (screenshots) await expectNoSidewaysScrolling(page, `oauth-sign-in-code-${screenshots}`);
  await page.getByLabel('Código de verificación').fill(await authenticatorCode(as.email));
  await page.getByRole('button', { name: 'Verificar' }).click();
}

/** Consent given: the demo exchanges the code and shows the token. */
async function allowAccess(page: Page, screenshots = '') {
  await page.waitForURL('**/oauth2/authorize?**');
  await page.getByRole('button', { name: 'Permitir' }).waitFor();
  await page.getByText('Sandbox', { exact: true }).waitFor();
  if (screenshots) await expectNoSidewaysScrolling(page, `oauth-authorize-${screenshots}`);
  await page.getByRole('button', { name: 'Permitir' }).click();
  await page.waitForURL((url) => url.pathname === '/oauth2/demo');
  await page.getByText('Conexión establecida: la aplicación recibió su token.').waitFor();
}

/** A PDF chosen, 'Firmar', and the PIN page for it. */
async function askToSign(page: Page, screenshots = '', as = doctor) {
  await page.locator('input[type=file][name=file_content]').setInputFiles(makePdf('informe.pdf', 'Informe de laboratorio'));
  await page.getByText('informe.pdf').waitFor();
  if (screenshots) await expectNoSidewaysScrolling(page, `oauth-demo-connected-${screenshots}`);
  await page.getByRole('button', { name: 'Firmar' }).click();
  await page.waitForURL('**/oauth2/pin-2fa?**');
  await page.getByRole('button', { name: 'Confirmar firma' }).waitFor();
  await page.getByText(as.email).waitFor();
  // The doctor is told what they sign: the file's name and size.
  await page.getByText(/^informe\.pdf \(\d+(,\d)? (B|kB)\)$/).waitFor();
  if (screenshots) await expectNoSidewaysScrolling(page, `oauth-pin-${screenshots}`);
}

describe('the OAuth2 demo client', () => {
  beforeAll(async () => {
    doctor = makeDoctor();
    await prescribingDoctorThroughApi(doctor, admin, pin);
    refusingDoctor = makeDoctor();
    await prescribingDoctorThroughApi(refusingDoctor, admin, pin);
  });

  it('the superadmin generates the demo app\'s secret in the app registry', async () => {
    const page = await browser.newPage();
    await signInAs(page, admin);
    await page.goto('/oauthClients');
    await page.getByRole('heading', { level: 1, name: 'Aplicaciones OAuth2' }).waitFor();
    await page.getByText('demo-sandbox').waitFor();
    await expectNoSidewaysScrolling(page, 'oauth-clients-desktop');
    await page.getByRole('button', { name: 'Secreto de Demo de integración' }).click();
    await page.getByRole('dialog').getByRole('button', { name: /^Generar/ }).click();
    const secretDialog = page.getByRole('dialog', { name: 'Secreto de la aplicación' });
    await secretDialog.getByText('no se volverá a mostrar', { exact: false }).waitFor();
    await saveScreenshot(page, 'oauth-client-secret-desktop');
    demoSecret = await secretDialog.locator('code').nth(1).innerText();
    expect(demoSecret).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    await secretDialog.getByRole('button', { name: 'Ya lo copié' }).click();

    await page.getByRole('button', { name: 'Nueva aplicación' }).click();
    const form = page.getByRole('dialog', { name: 'Nueva aplicación' });
    await form.getByRole('textbox', { name: 'Nombre' }).waitFor();
    await saveScreenshot(page, 'oauth-client-form-desktop');
    await page.setViewportSize(viewports.mobile);
    await saveScreenshot(page, 'oauth-client-form-mobile');

    // A pharmacy system uses client credentials only: it has no redirect URI to give (decision 043).
    // The secret's notice would cover the dialog in the screenshots.
    await page.getByText('¡Nuevo secreto generado!', { exact: false }).waitFor({ state: 'hidden' });
    const redirectUris = form.getByRole('textbox', { name: 'URI de redirección' });
    expect(await redirectUris.getAttribute('required')).not.toBeNull();
    await form.getByRole('textbox', { name: 'Nombre' }).fill('Sistema Farmacia Sur');
    await form.getByRole('checkbox', { name: /^Consultar y registrar dispensas/ }).check();
    const pharmacyAccount = form.getByRole('textbox', { name: 'Email de la cuenta de farmacia' });
    await pharmacyAccount.fill('sur@farmacia.example.com');
    expect(await redirectUris.getAttribute('required')).toBeNull();
    await redirectUris.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'oauth-client-form-pharmacy-mobile');
    await pharmacyAccount.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'oauth-client-form-pharmacy-account-mobile');
    await page.setViewportSize(viewports.desktop);
    await redirectUris.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'oauth-client-form-pharmacy-desktop');
    await page.setViewportSize(viewports.mobile);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expectNoSidewaysScrolling(page, 'oauth-clients-mobile');
    await page.context().close();
  });

  it('a doctor authorises it, confirms with the PIN, and the PDF comes back signed', async () => {
    const page = await browser.newPage();
    await connectAndSignIn(page, { screenshots: 'desktop' });
    // A wrong code keeps the page on the code, with the web login's message.
    await page.getByRole('heading', { level: 1, name: 'Verificación en dos pasos' }).waitFor();
    await page.getByLabel('Código de verificación').fill(await wrongAuthenticatorCode(doctor.email));
    await page.getByRole('button', { name: 'Verificar' }).click();
    await waitForToast(page, 'El código no es válido o ya fue utilizado.');
    await page.getByLabel('Código de verificación').clear();
    await enterAuthenticatorCode(page, 'desktop');
    await allowAccess(page, 'desktop');
    await page.getByText('access_token').waitFor();
    await askToSign(page, 'desktop');

    await page.getByLabel('PIN de firma').fill('1111');
    await page.getByRole('button', { name: 'Confirmar firma' }).click();
    await waitForToast(page, 'Su Pin es incorrecto.');
    await page.getByLabel('PIN de firma').fill(pin);
    const signed = await download(page, () => page.getByRole('button', { name: 'Confirmar firma' }).click());

    expect(signed.subarray(0, 5).toString()).toBe('%PDF-');
    const report = await pdfsig(signed);
    expect(report).toContain('Signature #1');
    expect(report).toContain('Signature is Valid');
    await page.getByText('Documento firmado: la descarga comenzó.').waitFor();
    await saveScreenshot(page, 'oauth-demo-signed-desktop');
    await page.context().close();
  });

  it('shows the rejection when the doctor refuses, and the PIN step cancelled, on a phone', async () => {
    const page = await browser.newPage('mobile');
    await connectAndSignIn(page, { screenshots: 'mobile', as: refusingDoctor });
    await enterAuthenticatorCode(page, 'mobile', refusingDoctor);
    await page.waitForURL('**/oauth2/authorize?**');
    await page.getByRole('button', { name: 'Rechazar' }).click();
    await page.waitForURL((url) => url.pathname === '/oauth2/demo');
    await page.getByText('El profesional rechazó el acceso de la aplicación (cancel_authorize).').waitFor();
    await expectNoSidewaysScrolling(page, 'oauth-demo-rejected-mobile');

    await connectAndSignIn(page, { as: refusingDoctor });
    await enterAuthenticatorCode(page, '', refusingDoctor);
    await allowAccess(page, 'mobile');
    await askToSign(page, 'mobile', refusingDoctor);
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await page.waitForURL((url) => url.pathname === '/oauth2/demo');
    await page.getByText('El profesional canceló la confirmación con PIN', { exact: false }).waitFor();
    await page.context().close();
  }, 120_000);

  it('says \'Client id inválido.\' for an app that does not exist', async () => {
    const page = await browser.newPage();
    await connectAndSignIn(page, { clientId: 'app-inexistente', secret: '' });
    await page.waitForURL((url) => url.pathname === '/oauth2/demo');
    await page.getByText('Client id inválido.').waitFor();
    await page.context().close();
  });

  it('never sends the browser to an address the app did not register, and says why on the page', async () => {
    const elsewhere = 'https://atacante.example.net/callback';
    const pkce = { code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code_challenge_method: 'S256' };
    const page = await browser.newPage();
    const signInFor = async (clientId: string) => {
      await page.goto(`/oauth2/sign-in?${new URLSearchParams({
        client_id: clientId, scope: 'accounts-profiles', redirect_uri: elsewhere, state: 'estado', ...pkce, response_type: 'code',
      }).toString()}`);
      await page.getByLabel('Email').fill(doctor.email);
      await page.getByLabel('Contraseña', { exact: false }).first().fill(doctor.password);
      await page.getByRole('button', { name: 'Ingresar' }).click();
    };

    // An unknown app: the server knows no address of it.
    await signInFor('app-inexistente');
    await page.getByRole('alert').filter({ hasText: 'Client id inválido.' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/oauth2/sign-in');
    await expectNoSidewaysScrolling(page, 'oauth-sign-in-unknown-app-desktop');

    // A known app, with an address it did not register: no Permitir, no Rechazar.
    await signInFor('demo-sandbox');
    await enterAuthenticatorCode(page);
    await page.waitForURL('**/oauth2/authorize?**');
    await page.getByText('La URI de redirección no está registrada para esta aplicación.').waitFor();
    expect(await page.getByRole('button', { name: 'Rechazar' }).count()).toBe(0);
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoSidewaysScrolling(page, 'oauth-authorize-unregistered-mobile');

    // A token the server refuses on the PIN page.
    await page.goto(`/oauth2/pin-2fa?${new URLSearchParams({
      action: 'sign', access_token: 'token-inexistente', redirect_uri: elsewhere, state: 'estado', ...pkce,
    }).toString()}`);
    await page.getByRole('alert').filter({ hasText: 'Su sesión ya no es válida. Ingrese de nuevo.' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/oauth2/pin-2fa');
    await expectNoSidewaysScrolling(page, 'oauth-pin-refused-token-mobile');
    await page.context().close();
  });

  it('the doctor sees the demo among the integrations and revokes its access', async () => {
    const page = await browser.newPage();
    await signInAs(page, doctor);
    await page.goto('/myIntegrations');
    await page.getByRole('heading', { level: 1, name: 'Mis integraciones' }).waitFor();
    await page.getByRole('heading', { name: 'Demo de integración' }).waitFor();
    await page.getByText('Usar el firmador de documentos').waitFor();
    await expectNoSidewaysScrolling(page, 'my-integrations-desktop');
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoSidewaysScrolling(page, 'my-integrations-mobile');

    await page.getByRole('button', { name: 'Revocar el acceso de Demo de integración' }).click();
    await page.getByRole('dialog', { name: 'Revocar el acceso' }).getByRole('button', { name: 'Revocar acceso' }).click();
    await waitForToast(page, 'Se revocó el acceso de la aplicación.');
    await page.getByText('Todavía no autorizó ninguna aplicación.').waitFor();
    await page.context().close();
  });
});
