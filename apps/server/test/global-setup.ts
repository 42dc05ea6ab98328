import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../src/db/client.ts';
import { seedDatabase } from '../src/seed.ts';
import { databaseUrlFor, dropTemplateAndCopies, runAdminStatement, testDatabaseUrl } from './database.ts';
import { silentLogger, testAdmin } from './fixtures.ts';
import { prepareTemplateState } from './template-state.ts';

/**
 * Migrates and seeds one template database for the whole run (the reference data take a few
 * seconds to load), which every test file then copies.
 */
export default async function setUp(project: TestProject): Promise<() => Promise<void>> {
  const seedOptions = { admin: testAdmin, log: silentLogger, announce: () => undefined };
  const adminUrl = testDatabaseUrl();

  if (adminUrl) {
    const templateName = `receta_template_${randomBytes(6).toString('hex')}`;
    await runAdminStatement(adminUrl, `create database "${templateName}"`);
    const templateUrl = databaseUrlFor(adminUrl, templateName);
    const template = await openPostgres(templateUrl);
    await seedDatabase(template.db, seedOptions);
    await template.close();
    await prepareTemplateState((text) => runAdminStatement(templateUrl, text));
    project.provide('databaseTemplate', { kind: 'postgres', adminUrl, templateName });
    return () => dropTemplateAndCopies(adminUrl, templateName);
  }

  const folder = await mkdtemp(join(tmpdir(), 'receta-test-'));
  const template = await openPglite('memory', { forCopying: true });
  await seedDatabase(template.db, seedOptions);
  await prepareTemplateState((text) => template.client.exec(text));
  // Every test file loads this dump: written to the tables' files by a checkpoint, so that a
  // copy opens without replaying the seeding from the write-ahead log, and not compressed,
  // which would cost each copy more to unpack than it saves to read (decision 066).
  await template.client.exec('checkpoint');
  const dumpPath = join(folder, 'template.tar');
  await writeFile(dumpPath, Buffer.from(await (await template.client.dumpDataDir('none')).arrayBuffer()));
  await template.close();
  project.provide('databaseTemplate', { kind: 'pglite', dumpPath });
  return () => rm(folder, { recursive: true, force: true });
}
