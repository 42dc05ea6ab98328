import { randomInt } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { acceptInvitationThroughApi, createOwnerThroughApi, logInThroughApi } from './support/accounts-api.ts';
import { saveScreenshot, useBrowser } from './support/browser.ts';
import { cuitFor } from './support/doctors.ts';
import { overflowsHorizontally, signInAs, waitForToast } from './support/sign-in.ts';

const browser = useBrowser();
const admin = inject('admin');

const csv = [
  'apellido;nombre;dni;fecha_nacimiento;email;telefono;puesto',
  'Pérez;Juan;28111222;05/06/1980;;;Operario',
  'Sosa;María;29333444;1990-01-20;maria.sosa@example.com;1155556666;Administración',
  'Sin DNI;Pedro;;01/01/1985;;;',
].join('\n');

describe('antigens', () => {
  it('an owner imports employees from a CSV, records a result and filters the list by it', async () => {
    const email = `duenio.${randomInt(1_000_000)}@example.com`;
    const password = 'Clave-segura-2026';
    await createOwnerThroughApi(await logInThroughApi(admin.email, admin.password), {
      name: 'Colegio San Martín',
      cuit: cuitFor(String(randomInt(20_000_000, 45_000_000))),
      email,
    });
    await acceptInvitationThroughApi(email, password);

    const page = await browser.newPage();
    await signInAs(page, { email, password });
    await page.goto('/myEmployees');
    await page.getByRole('heading', { level: 1, name: 'Mis empleados' }).waitFor();

    await page.locator('input[type=file]').setInputFiles({ name: 'empleados.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    const report = page.getByRole('dialog', { name: 'Resultado de la importación' });
    await report.getByText('Se crearon 2 empleados.').waitFor();
    await report.getByText('1 línea no se importó:').waitFor();
    await expect.poll(() => report.getByRole('row').filter({ hasText: '4' }).count()).toBeGreaterThan(0);
    await saveScreenshot(page, 'employees-import-desktop');
    await report.getByRole('button', { name: 'Cerrar' }).click();

    await page.getByRole('button', { name: 'Tests de antígenos de Sosa, María' }).click();
    const tests = page.getByRole('dialog', { name: /Tests de antígenos de/ });
    await tests.getByRole('radio', { name: 'Positivo' }).check();
    await tests.getByLabel('Lugar').fill('Laboratorio Central');
    await tests.getByRole('button', { name: 'Registrar' }).click();
    await waitForToast(page, '¡Resultado registrado!');
    await tests.getByText('Laboratorio Central', { exact: false }).first().waitFor();
    await tests.getByRole('button', { name: 'Cerrar' }).first().click();

    await page.getByRole('group', { name: 'Último resultado' }).getByRole('button', { name: 'Positivo' }).click();
    await expect.poll(() => page.getByRole('row').filter({ hasText: '29333444' }).count()).toBe(1);
    await expect.poll(() => page.getByRole('row').filter({ hasText: '28111222' }).count()).toBe(0);
    expect(await overflowsHorizontally(page)).toBe(false);
    await saveScreenshot(page, 'employees-desktop');

    await page.setViewportSize({ width: 375, height: 812 });
    expect(await overflowsHorizontally(page)).toBe(false);
    await saveScreenshot(page, 'employees-mobile');
    await page.context().close();
  });
});
