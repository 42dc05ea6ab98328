import { execFile } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import { saveScreenshot, useBrowser } from './support/browser.ts';
import { currentLane } from './support/lanes.ts';
import { overflowsHorizontally, signInAs } from './support/sign-in.ts';

const run = promisify(execFile);
const browser = useBrowser();
const admin = inject('admin');

describe('the event log', () => {
  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`lets the superadmin verify the chain and export the last 30 days signed, as the authority checks them (${viewport})`, async () => {
      const page = await browser.newPage(viewport);
      await signInAs(page, admin);
      await page.goto('/');
      if (viewport === 'mobile') await page.getByRole('button', { name: 'Abrir el menú' }).click();
      await page.getByRole('link', { name: 'Registro de eventos' }).click();
      await page.getByRole('heading', { level: 1, name: 'Registro de eventos' }).waitFor();

      await page.getByRole('button', { name: 'Verificar la cadena' }).click();
      await page.getByRole('alert').filter({ hasText: 'La cadena está intacta' }).waitFor();
      const screenshot = `event-log-${viewport}`;
      expect(await overflowsHorizontally(page), screenshot).toBe(false);
      await saveScreenshot(page, screenshot);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Exportar firmado' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^registro-de-eventos-\d{4}-\d{2}-\d{2}-a-\d{4}-\d{2}-\d{2}\.p7m$/);
      const folder = await mkdtemp(join(tmpdir(), 'receta-event-log-'));
      const signed = join(folder, download.suggestedFilename());
      await download.saveAs(signed);

      const caCertificate = join(currentLane().dataDir, 'pki', 'ca.pem');
      const extracted = join(folder, 'registro.json');
      const { stderr } = await run('openssl', ['cms', '-verify', '-inform', 'DER', '-in', signed, '-CAfile', caCertificate, '-out', extracted]);
      expect(stderr).toContain('Verification successful');
      const document = JSON.parse(await readFile(extracted, 'utf8')) as { events: { action: string }[] };
      expect(document.events.map((event) => event.action)).toContain('event_log.verified');
      await page.context().close();
    }, 120_000);
  }
});
