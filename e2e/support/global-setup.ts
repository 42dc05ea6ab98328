import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startMailCatcher } from './mail-catcher.ts';
import { startServer } from './server-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    admin: { email: string; password: string };
    /** Where the SMTP catcher writes each mail the product sends. */
    mailFolder: string;
    /** Where the journeys keep what a person would keep between visits (authenticator secrets). */
    keyringFile: string;
  }
}

const admin = { email: 'admin@receta.test', password: 'Admin-Receta-2026' };

/**
 * One server for the browser journeys, on its own embedded database, sending its mail to a
 * real SMTP server that the journeys read; everything is stopped and removed at the end.
 */
export default async function setUp(project: TestProject): Promise<() => Promise<void>> {
  const runFolder = await mkdtemp(join(tmpdir(), 'receta-e2e-'));
  const mailFolder = join(runFolder, 'mail');
  await mkdir(mailFolder);
  const mailCatcher = await startMailCatcher(mailFolder);
  const server = await startServer({
    DATA_DIR: join(runFolder, 'data'),
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    SMTP_URL: mailCatcher.url,
  });
  project.provide('baseUrl', server.baseUrl);
  project.provide('admin', admin);
  project.provide('mailFolder', mailFolder);
  project.provide('keyringFile', join(runFolder, 'keyring.json'));
  return async () => {
    await server.stop();
    await mailCatcher.stop();
    await rm(runFolder, { recursive: true, force: true });
  };
}
