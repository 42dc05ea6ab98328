import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import type { LogStream } from '../src/platform/http/logging.ts';
import { openTestDatabase } from './database.ts';
import { testAdmin } from './fixtures.ts';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
}

/**
 * Builds the app on a fresh, seeded database for the test file that calls it, and closes
 * both when the file's tests are done. Use the returned object inside tests and hooks.
 */
export function useTestApp(options: {
  webRoot?: string;
  environment?: Record<string, string>;
  /** Where the log lines go (set LOG_LEVEL in `environment` too). */
  logStream?: LogStream;
  /** Routes or hooks a test adds before the app is ready. */
  extend?: (app: FastifyInstance) => void;
} = {}): TestApp {
  const context = {} as TestApp;
  let dataDir = '';
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'receta-app-'));
    context.config = loadConfig({
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: testAdmin.email,
      ADMIN_PASSWORD: testAdmin.password,
      ...options.environment,
    });
    const database = await openTestDatabase();
    context.app = await buildApp({
      config: context.config, database, webRoot: options.webRoot ?? join(dataDir, 'no-web'), logStream: options.logStream,
    });
    options.extend?.(context.app);
    await context.app.ready();
  });
  afterAll(async () => {
    await context.app?.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  return context;
}
