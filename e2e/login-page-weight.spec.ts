import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { messages } from '@receta/domain';
import type { Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { kB, loginPageScripts, readManifest } from '../bench/login-bundle.ts';
import { useBrowser } from './support/browser.ts';

const browser = useBrowser();
const dist = fileURLToPath(new URL('../apps/web/dist', import.meta.url));

describe('what the login page loads', () => {
  it('is its own code and the shared libraries only, and the gzipped size is reported', async () => {
    const page = await browser.newPage();
    const loading: Promise<{ name: string; text: string; gzipped: number }>[] = [];
    const onResponse = (response: Response) => {
      if (response.request().resourceType() !== 'script') return;
      const name = new URL(response.url()).pathname.split('/').pop() ?? '';
      loading.push(response.body().then((body) => ({ name, text: body.toString(), gzipped: gzipSync(body).length })));
    };
    page.on('response', onResponse);
    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: 'Ingresar' }).waitFor();
    await page.waitForLoadState('networkidle');
    // A script the page asks for later would have its body read after the page closed.
    page.off('response', onResponse);
    const scripts = await Promise.all(loading);

    const total = scripts.reduce((sum, script) => sum + script.gzipped, 0);
    console.info(`The login page loads ${scripts.length} scripts, ${kB(total)} gzipped:`);
    for (const script of scripts) console.info(`  ${script.name} ${kB(script.gzipped)}`);

    // Pages load on demand: none of another page's code, nor the shell, nor the charts, nor another language.
    const names = scripts.map((script) => script.name);
    for (const other of ['dashboard', 'prescription-charts', 'prescription-form-page', 'registration-page', 'en-', 'tr-', 'ar-']) {
      expect(names.filter((name) => name.startsWith(other)), other).toEqual([]);
    }
    // Nor the spec messages of other pages (a signature's, a dispensing's): the form's and the session's only.
    for (const other of [messages.signing.wrongPin, messages.dispensing.alreadyDispensed]) {
      expect(scripts.filter((script) => script.text.includes(other)).map((script) => script.name), other).toEqual([]);
    }
    expect(scripts.some((script) => script.text.includes(messages.login.emailInvalid))).toBe(true);
    // Nor the signed-in shell, nor the password-recovery dialog until it is opened: chunks of their own.
    const manifest = readManifest(dist);
    for (const source of ['src/app/layouts/app-layout.tsx', 'src/features/auth/password-recovery-dialog.tsx']) {
      const chunk = manifest[source];
      expect(chunk, source).toBeDefined();
      expect(names).not.toContain(chunk?.file.split('/').pop());
    }
    expect(names.some((name) => name.startsWith('login-page'))).toBe(true);
    // The build's manifest names what the first paint needs (bench/login-bundle.ts): the browser loads all of it.
    const firstPaint = loginPageScripts(dist).map((script) => script.file.split('/').pop() ?? '');
    expect(firstPaint.filter((name) => !names.includes(name))).toEqual([]);
    await page.context().close();
  });
});
