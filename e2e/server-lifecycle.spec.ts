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

describe('the server process', () => {
  it('creates a superadmin at the first start, prints its password once and keeps its data across a restart', async () => {
    const first = await startServer({ DATA_DIR: dataDir });
    expect(first.output()).toMatch(/email:\s+admin@localhost/);
    expect(first.output()).toMatch(/contraseña:\s+\S{16}/);
    expect(await jurisdictionCount(first.baseUrl)).toBe(25);
    expect(await first.stop()).toBe(0);

    const second = await startServer({ DATA_DIR: dataDir });
    expect(second.output()).not.toMatch(/contraseña/);
    expect(await jurisdictionCount(second.baseUrl)).toBe(25);
    expect((await fetch(`${second.baseUrl}/readyz`)).status).toBe(200);
    expect(await second.stop()).toBe(0);
  });

  it('refuses to start with an invalid configuration and names the variable', async () => {
    await expect(startServer({ DATA_DIR: dataDir, DATABASE_URL: 'mysql://nope' }))
      .rejects.toThrow(/DATABASE_URL/);
  });
});
