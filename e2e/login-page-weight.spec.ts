import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.ts';

const browser = useBrowser();

describe('what the login page loads', () => {
  it('is its own code and the shared libraries only, and the gzipped size is reported', async () => {
    const page = await browser.newPage();
    const scripts: { name: string; gzipped: number }[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.body();
      scripts.push({ name: new URL(response.url()).pathname.split('/').pop() ?? '', gzipped: gzipSync(body).length });
    });
    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: 'Ingresar' }).waitFor();
    await page.waitForLoadState('networkidle');

    const total = scripts.reduce((sum, script) => sum + script.gzipped, 0);
    console.info(`The login page loads ${scripts.length} scripts, ${(total / 1024).toFixed(1)} kB gzipped:`);
    for (const script of scripts) console.info(`  ${script.name} ${(script.gzipped / 1024).toFixed(1)} kB`);

    // Pages load on demand: none of another page's code, nor the charts, nor another language.
    const names = scripts.map((script) => script.name);
    for (const other of ['dashboard', 'prescription-charts', 'prescription-form-page', 'registration-page', 'en-', 'tr-', 'ar-']) {
      expect(names.filter((name) => name.startsWith(other)), other).toEqual([]);
    }
    expect(names.some((name) => name.startsWith('login-page'))).toBe(true);
    await page.context().close();
  });
});
