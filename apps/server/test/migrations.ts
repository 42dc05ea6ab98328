import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const migrationsFolder = new URL('../drizzle/', import.meta.url);

/** Runs one migration's script on `client`, statement by statement, as drizzle's migrator does. */
export async function runMigration(client: PGlite, tag: string): Promise<void> {
  const script = await readFile(new URL(`${tag}.sql`, migrationsFolder), 'utf8');
  for (const statement of script.split('--> statement-breakpoint')) await client.exec(statement);
}

/**
 * An embedded database migrated up to, not including, the migration `tag`: the schema as it
 * was when that migration first ran, to write the rows it must carry over.
 */
export async function databaseBefore(tag: string): Promise<PGlite> {
  const client = await PGlite.create({ extensions: { pg_trgm, btree_gin } });
  const journal = JSON.parse(await readFile(new URL('meta/_journal.json', migrationsFolder), 'utf8')) as { entries: Array<{ tag: string }> };
  const tags = journal.entries.map((entry) => entry.tag);
  if (!tags.includes(tag)) throw new Error(`No migration ${tag}`);
  for (const earlier of tags.slice(0, tags.indexOf(tag))) await runMigration(client, earlier);
  return client;
}
