import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { chromiumLaunchOptions } from './browser.ts';
import { laneCount, type Lane } from './lanes.ts';
import { startMailCatcher } from './mail-catcher.ts';
import { startServer } from './server-process.ts';

const admin = { email: 'admin@receta.test', password: 'Admin-Receta-2026' };

/**
 * A server for each lane of browser journeys, on its own embedded database, sending its mail
 * to a real SMTP server that the journeys read; everything is stopped and removed at the end.
 */
async function startLane(runFolder: string, index: number): Promise<{ lane: Lane; stop: () => Promise<void> }> {
  const laneFolder = join(runFolder, `lane-${index + 1}`);
  const mailFolder = join(laneFolder, 'mail');
  await mkdir(mailFolder, { recursive: true });
  const mailCatcher = await startMailCatcher(mailFolder);
  const dataDir = join(laneFolder, 'data');
  const server = await startServer({
    DATA_DIR: dataDir,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    SMTP_URL: mailCatcher.url,
  });
  return {
    lane: { baseUrl: server.baseUrl, mailFolder, keyringFile: join(laneFolder, 'keyring.json'), dataDir },
    stop: async () => {
      await server.stop();
      await mailCatcher.stop();
    },
  };
}

export default async function setUp(project: TestProject): Promise<() => Promise<void>> {
  const runFolder = await mkdtemp(join(tmpdir(), 'receta-e2e-'));
  const [browser, ...started] = await Promise.all([
    chromium.launchServer(chromiumLaunchOptions),
    ...Array.from({ length: laneCount }, (_, index) => startLane(runFolder, index)),
  ] as const);
  project.provide('lanes', started.map(({ lane }) => lane));
  project.provide('admin', admin);
  project.provide('browserEndpoint', browser.wsEndpoint());
  return async () => {
    await Promise.all([browser.close(), ...started.map(({ stop }) => stop())]);
    await rm(runFolder, { recursive: true, force: true });
  };
}
