import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { storageKeys } from '@receta/domain';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { saveScreenshot, useBrowser, viewports } from './support/browser.ts';
import { copyDataDir, startServer, type ServerProcess } from './support/server-process.ts';
import { acceptTermsIfAsked, overflowsHorizontally, signInThroughPages, waitForToast } from './support/sign-in.ts';

const browser = useBrowser();
// A server of its own, which the journey stops and starts again, on a copy of the prepared database.
const dataDir = await mkdtemp(join(tmpdir(), 'receta-expiry-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));
await copyDataDir(inject('preparedDataDir'), dataDir);

// An account of this server alone: the lanes' authenticator keeps one secret per email.
const account = { email: 'auditoria@receta.test', password: 'Clave-Antigua-2025' };
const environment = { DATA_DIR: dataDir, ADMIN_EMAIL: account.email, ADMIN_PASSWORD: account.password };

/**
 * Stops the server, changes its embedded database as time would have (nothing else may open it
 * while the server runs) and starts it again on the same port, where the browser's sessions live.
 */
async function afterTimePasses(server: ServerProcess, statements: [string, unknown[]][]): Promise<ServerProcess> {
  await server.stop();
  const db = await PGlite.create(join(dataDir, 'db'), { extensions: { btree_gin, pg_trgm } });
  for (const [statement, parameters] of statements) await db.query(statement, parameters);
  await db.close();
  return startServer(environment, { port: server.port });
}

/** The id of the server-side session behind the access token the page keeps. */
async function sessionIdOf(page: Page): Promise<string> {
  const token = await page.evaluate((key) => localStorage.getItem(key) ?? '', storageKeys.accessToken);
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sid: string };
  return claims.sid;
}

describe('expiry of passwords and sessions', () => {
  // Both on one restart, the slow part: one phone's session left unused for 8 hours, and the
  // password of the account a year old. The idle session is checked before the other phone
  // changes the password, which would close it for another reason.
  it('ends a session idle for 8 hours, and asks for a new password once the old one is a year old', async () => {
    let server = await startServer(environment);
    const phone = async () => {
      const context = await browser.browser.newContext({ baseURL: server.baseUrl, viewport: viewports.mobile, locale: 'es-AR' });
      const page = await context.newPage();
      await signInThroughPages(page, account);
      await acceptTermsIfAsked(page, page.getByRole('heading', { level: 1 }));
      return page;
    };
    const idle = await phone();
    const page = await phone();

    server = await afterTimePasses(server, [
      ['update users set password_changed_at = now() - interval \'366 days\' where email = $1', [account.email]],
      ['update sessions set last_seen_at = now() - interval \'8 hours 1 minute\' where id = $1', [await sessionIdOf(idle)]],
    ]);
    await idle.reload();
    await idle.waitForURL('**/login');
    await waitForToast(idle, 'Su sesión venció. Ingrese de nuevo.');
    await saveScreenshot(idle, 'session-idle-expired-mobile');
    await idle.context().close();

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Elija una contraseña nueva' }).waitFor();
    await page.getByText('Su contraseña venció: elija una nueva para continuar.').waitFor();
    expect(await overflowsHorizontally(page)).toBe(false);
    await saveScreenshot(page, 'password-expired-mobile');
    await page.getByLabel(/^Contraseña actual/).fill(account.password);
    await page.getByLabel(/^Contraseña nueva/).fill('corta');
    await page.getByRole('button', { name: 'Cambiar la contraseña' }).click();
    await page.getByText('La contraseña no puede tener menos de 10 caracteres').first().waitFor();
    await page.getByLabel(/^Contraseña nueva/).fill('Clave-Nueva-2026');
    await page.getByLabel(/^Confirmar la contraseña nueva/).fill('Clave-Nueva-2026');
    await page.getByRole('button', { name: 'Cambiar la contraseña' }).click();
    await page.getByRole('heading', { level: 1, name: 'Elija una contraseña nueva' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Abrir el menú' }).waitFor();
    await page.context().close();
    expect(await server.stop()).toBe(0);
  }, 240_000);
});
