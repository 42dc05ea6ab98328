import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import type { LogStream } from '../src/platform/http/logging.ts';
import { openSharedTestDatabase } from './database.ts';
import { testAdmin } from './fixtures.ts';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
}

interface TestAppOptions {
  webRoot?: string;
  environment?: Record<string, string>;
  /** Where the log lines go (set LOG_LEVEL in `environment` too). */
  logStream?: LogStream;
  /** Routes or hooks a test adds before the app is ready. */
  extend?: (app: FastifyInstance) => void;
}

/**
 * Builds the app on a fresh, seeded database for the test file that calls it, and closes
 * both when the file's tests are done. Use the returned object inside tests and hooks.
 */
export function useTestApp(options: TestAppOptions = {}): TestApp {
  return useTestApps(1, options)[0]!;
}

/**
 * `count` apps on one fresh database, as several server processes behind a load balancer:
 * each its own Fastify instance (and its own pool on PostgreSQL), all with one data folder
 * and so one certification authority and master key.
 */
export function useTestApps(count: number, options: TestAppOptions = {}): TestApp[] {
  const contexts = Array.from({ length: count }, () => ({}) as TestApp);
  let dataDir = '';
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'receta-app-'));
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: testAdmin.email,
      ADMIN_PASSWORD: testAdmin.password,
      ...options.environment,
    });
    const databases = await openSharedTestDatabase(count);
    for (const [index, context] of contexts.entries()) {
      context.config = config;
      context.app = await buildApp({
        config, database: databases[index]!, webRoot: options.webRoot ?? join(dataDir, 'no-web'), logStream: options.logStream,
      });
      options.extend?.(context.app);
      await context.app.ready();
    }
  });
  afterAll(async () => {
    for (const context of contexts) await context.app?.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  return contexts;
}
