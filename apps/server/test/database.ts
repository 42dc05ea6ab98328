import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, pgliteHandle, startPgliteSession, type DatabaseHandle } from '../src/db/client.ts';
import { resetPostgresToTemplate, resetPgliteToTemplate } from './template-state.ts';

export type DatabaseTemplate =
  | { kind: 'pglite'; dumpPath: string }
  | { kind: 'postgres'; adminUrl: string; templateName: string };

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

/** The PostgreSQL server the suite runs against instead of PGlite, when one is given. */
export function testDatabaseUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}

export function databaseUrlFor(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on the administrative connection, for creating and dropping databases. */
export async function runAdminStatement(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Drops a test database once its connections have gone. Forcing it at once would terminate
 * connections the pool is still closing, and their 'terminated' errors would surface in
 * whichever test file runs next.
 */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    try {
      await runAdminStatement(adminUrl, `drop database if exists "${name}"`);
      return;
    } catch (error) {
      const isInUse = (error as { code?: string }).code === '55006';
      if (!isInUse) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await runAdminStatement(adminUrl, `drop database if exists "${name}" with (force)`);
}

type PostgresTemplate = Extract<DatabaseTemplate, { kind: 'postgres' }>;

/**
 * A new PostgreSQL database copied from the migrated and seeded template, under a name of its
 * own that says whose copy it is.
 */
async function copyTemplateDatabase(template: PostgresTemplate) {
  const name = `${template.templateName}_copy_${randomBytes(6).toString('hex')}`;
  await runAdminStatement(template.adminUrl, `create database "${name}" template "${template.templateName}"`);
  return { name, url: databaseUrlFor(template.adminUrl, name) };
}

/** Drops the template and every copy of it left, as those the workers kept for a next file. */
export async function dropTemplateAndCopies(adminUrl: string, templateName: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      'select datname as name from pg_database where datname = $1 or starts_with(datname, $2)',
      [templateName, `${templateName}_copy_`],
    );
    for (const { name } of rows) await client.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await client.end();
  }
}

/**
 * The template's dump as PGlite reads it, straight from memory: Node's Blob would copy its 70 MB
 * in and again out for every test file, a quarter of a second of CPU each. PGlite only reads it.
 */
class DumpInMemory extends Blob {
  constructor(private readonly contents: ArrayBuffer) {
    super([]);
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.contents);
  }
}

/** Read once by each worker, whose test files share this module. */
let templateDumpRead: Promise<Blob> | undefined;

function templateDump(path: string): Promise<Blob> {
  templateDumpRead ??= readFile(path).then(({ buffer, byteOffset, byteLength }): Blob => (
    new DumpInMemory(buffer.slice(byteOffset, byteOffset + byteLength))
  ));
  return templateDumpRead;
}

/**
 * A fresh database for one test file, copied from the migrated and seeded template that the
 * global set-up made, in the template's state: a PGlite or a PostgreSQL database that the
 * worker's last file left, reset, or a new copy.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const [handle] = await openSharedTestDatabase(1);
  return handle!;
}

/**
 * `count` handles on one fresh database, as as many server processes would hold: on
 * PostgreSQL each has a pool of its own; PGlite, which one process alone may open, is shared.
 * The database goes when the last handle closes, back to the template's state for the
 * worker's next file.
 */
export async function openSharedTestDatabase(count: number): Promise<DatabaseHandle[]> {
  const template = inject('databaseTemplate');
  let open = count;
  if (template.kind === 'pglite') {
    const { client, release } = await leasePgliteCopy(template.dumpPath);
    const handle = pgliteHandle(client);
    const close = async () => {
      if (--open === 0) await release();
    };
    return Array.from({ length: count }, () => ({ ...handle, close }));
  }
  const { url, release } = await leasePostgresCopy(template);
  const handles = await Promise.all(Array.from({ length: count }, () => openPostgres(url)));
  return handles.map((handle) => ({
    ...handle,
    close: async () => {
      await handle.close();
      if (--open === 0) await release();
    },
  }));
}

/**
 * A PostgreSQL database in the template's state for a test file that opens its handles on it
 * itself, as several server processes starting and stopping would.
 */
export async function openPostgresTestCopy(): Promise<{ url: string; release: () => Promise<void> }> {
  const template = inject('databaseTemplate');
  if (template.kind !== 'postgres') throw new Error('The tests run on PGlite: there is no PostgreSQL database to copy');
  return leasePostgresCopy(template);
}

/**
 * What the worker's last test file closed, back in the template's state, for the next: a
 * PGlite, a PostgreSQL database's name.
 */
const idleCopies: { pglite?: PGlite; postgres?: string } = {};

/**
 * A PGlite in the template's state for one test file: the one the worker's last file left, or
 * a new copy. Released, it goes back to the template's state for the next file (or is closed,
 * where it cannot); the file's own `client` refuses any call from then on, as a closed database
 * would, so that nothing the file left running reaches the next file's data.
 */
async function leasePgliteCopy(dumpPath: string): Promise<{ client: PGlite; release: () => Promise<void> }> {
  let copy = idleCopies.pglite;
  idleCopies.pglite = undefined;
  if (copy) await startPgliteSession(copy);
  else copy = (await openPglite({ dump: await templateDump(dumpPath) }, { shortLived: true })).client;
  let released = false;
  const client = new Proxy(copy, {
    get(target, property) {
      if (released) throw new Error('This test file has closed its database');
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  const release = async () => {
    released = true;
    if (idleCopies.pglite === undefined && await resetPgliteToTemplate(copy)) idleCopies.pglite = copy;
    else await copy.close();
  };
  return { client, release };
}

/**
 * A PostgreSQL database in the template's state for one test file, as `leasePgliteCopy`.
 * Released once the file's connections have closed, it goes back to the template's state (or
 * is dropped); the global teardown drops the last.
 */
async function leasePostgresCopy(template: PostgresTemplate): Promise<{ url: string; release: () => Promise<void> }> {
  const name = idleCopies.postgres ?? (await copyTemplateDatabase(template)).name;
  idleCopies.postgres = undefined;
  const url = databaseUrlFor(template.adminUrl, name);
  const release = async () => {
    if (idleCopies.postgres === undefined && await resetPostgresToTemplate(url)) idleCopies.postgres = name;
    else await dropDatabase(template.adminUrl, name);
  };
  return { url, release };
}

/**
 * A fresh copy of the template that another process opens as `npm start` would, given
 * DATA_DIR=`dataDir` and DATABASE_URL=`databaseUrl` (empty on PGlite): on PGlite the folder `dataDir/db`, unpacked
 * from the template's dump (a tarball of PGlite's data folder; migrating a folder from scratch
 * takes PGlite many times as long), on PostgreSQL a database of its own, dropped by `drop`.
 */
export async function createProcessDatabase(
  dataDir: string,
): Promise<{ databaseUrl: string; drop: () => Promise<void> }> {
  const template = inject('databaseTemplate');
  if (template.kind === 'pglite') {
    const folder = join(dataDir, 'db');
    await mkdir(folder, { recursive: true });
    await promisify(execFile)('tar', ['-xf', template.dumpPath, '-C', folder]);
    return { databaseUrl: '', drop: () => Promise.resolve() };
  }
  const { name, url } = await copyTemplateDatabase(template);
  return { databaseUrl: url, drop: () => dropDatabase(template.adminUrl, name) };
}
