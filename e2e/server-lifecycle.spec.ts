import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from './support/server-process.ts';

const dataDir = await mkdtemp(join(tmpdir(), 'receta-lifecycle-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));

async function jurisdictionCount(baseUrl: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/jurisdictions`);
  return ((await response.json()) as { payload: unknown[] }).payload.length;
}

async function loginStatus(baseUrl: string, email: string, password: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }),
  });
  return response.status;
}

describe('the server process', () => {
  it('creates a superadmin at the first start who signs in with the password printed once, and keeps its data across a restart', async () => {
    const first = await startServer({ DATA_DIR: dataDir });
    expect(first.output()).toMatch(/email:\s+admin@localhost/);
    const password = /contraseña:\s+(\S{16})/.exec(first.output())?.[1];
    expect(password).toBeDefined();
    expect(await jurisdictionCount(first.baseUrl)).toBe(25);
    // The printed credentials pass the login's first step, whose form checks the email.
    expect(await loginStatus(first.baseUrl, 'admin@localhost', password!)).toBe(200);
    expect(await first.stop()).toBe(0);

    const second = await startServer({ DATA_DIR: dataDir });
    expect(second.output()).not.toMatch(/contraseña/);
    expect(await jurisdictionCount(second.baseUrl)).toBe(25);
    expect((await fetch(`${second.baseUrl}/readyz`)).status).toBe(200);
    expect(await second.stop()).toBe(0);
    // Two starts, the first loading the reference data: longer than a journey in the browser.
  }, 180_000);

  it('refuses to start with an invalid configuration and names the variable', async () => {
    await expect(startServer({ DATA_DIR: dataDir, DATABASE_URL: 'mysql://nope' }))
      .rejects.toThrow(/DATABASE_URL/);
  });
});
