import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { chromiumLaunchOptions } from './browser.ts';
import { laneCount, type Lane } from './lanes.ts';
import { startMailCatcher } from './mail-catcher.ts';
import { copyDataDir, prepareDataDir, startServer } from './server-process.ts';

const admin = { email: 'admin@receta.test', password: 'Admin-Receta-2026' };

/**
 * A server for each lane of browser journeys, on its own embedded database copied from the
 * prepared one, sending its mail to a real SMTP server that the journeys read; everything is
 * stopped and removed at the end.
 */
async function startLane(
  runFolder: string, preparedDataDir: string, index: number,
): Promise<{ lane: Lane; stop: () => Promise<void> }> {
  const laneFolder = join(runFolder, `lane-${index + 1}`);
  const mailFolder = join(laneFolder, 'mail');
  await mkdir(mailFolder, { recursive: true });
  const mailCatcher = await startMailCatcher(mailFolder);
  const dataDir = join(laneFolder, 'data');
  await copyDataDir(preparedDataDir, dataDir);
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

/**
 * The database is prepared once, while Chromium starts: loading the reference data is most of a
 * first start, and each lane's server, and any journey's server of its own, starts on a copy.
 */
export default async function setUp(project: TestProject): Promise<() => Promise<void>> {
  const runFolder = await mkdtemp(join(tmpdir(), 'receta-e2e-'));
  const preparedDataDir = join(runFolder, 'prepared');
  const [browser] = await Promise.all([chromium.launchServer(chromiumLaunchOptions), prepareDataDir(preparedDataDir)]);
  const started = await Promise.all(
    Array.from({ length: laneCount }, (_, index) => startLane(runFolder, preparedDataDir, index)),
  );
  project.provide('lanes', started.map(({ lane }) => lane));
  project.provide('preparedDataDir', preparedDataDir);
  project.provide('admin', admin);
  project.provide('browserEndpoint', browser.wsEndpoint());
  return async () => {
    await Promise.all([browser.close(), ...started.map(({ stop }) => stop())]);
    await rm(runFolder, { recursive: true, force: true });
  };
}
