import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer } from './server-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    admin: { email: string; password: string };
  }
}

const admin = { email: 'admin@receta.test', password: 'Admin-Receta-2026' };

/** One server for the browser journeys, on its own embedded database, stopped at the end. */
export default async function setUp(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = await mkdtemp(join(tmpdir(), 'receta-e2e-'));
  const server = await startServer({ DATA_DIR: dataDir, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
  project.provide('baseUrl', server.baseUrl);
  project.provide('admin', admin);
  return async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
