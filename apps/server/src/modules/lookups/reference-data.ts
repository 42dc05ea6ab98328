import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { referenceDatasets } from '../../db/schema/index.ts';
import { forgetClinicalSearchIndex } from './clinical-search-index.ts';
import { readReferenceDatasets, type ReferenceDataset } from './reference-datasets.ts';

/**
 * Bump when the way shipped records become rows changes (the search text, a derived column),
 * so that the next start reloads every dataset even though the files did not change.
 */
const loaderRevision = 1;

function hashOf(dataset: ReferenceDataset): string {
  return createHash('sha256')
    .update(`${loaderRevision}\n${dataset.sourceDate ?? ''}\n`)
    .update(dataset.content)
    .digest('hex');
}

/**
 * Loads the shipped reference data, at every start. A dataset whose content hash matches the
 * stored one is skipped; a changed one is upserted in one transaction, and its rows that are
 * no longer shipped are marked inactive.
 */
export async function loadReferenceData(db: Database, log: { info(message: string): void }): Promise<void> {
  const started = performance.now();
  const datasets = await readReferenceDatasets();
  const stored = await db.select({ name: referenceDatasets.name, contentHash: referenceDatasets.contentHash })
    .from(referenceDatasets);
  const storedHashes = new Map(stored.map((row) => [row.name, row.contentHash]));

  let loaded = 0;
  for (const dataset of datasets) {
    const contentHash = hashOf(dataset);
    if (storedHashes.get(dataset.name) === contentHash) continue;
    const rowCount = await db.transaction(async (tx) => {
      // Several server processes may start at once: one loads, the others wait and find it done.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('reference-data'))`);
      const [current] = await tx.select({ contentHash: referenceDatasets.contentHash })
        .from(referenceDatasets)
        .where(eq(referenceDatasets.name, dataset.name));
      if (current?.contentHash === contentHash) return undefined;
      const count = await dataset.replace(tx);
      const values = { contentHash, sourceDate: dataset.sourceDate, rowCount: count, loadedAt: new Date() };
      await tx.insert(referenceDatasets)
        .values({ name: dataset.name, ...values })
        .onConflictDoUpdate({ target: referenceDatasets.name, set: values });
      return count;
    });
    if (rowCount !== undefined) {
      loaded += 1;
      log.info(`reference data: ${dataset.name} loaded (${rowCount} rows)`);
    }
  }
  // The planner needs fresh statistics to use the search indexes on a freshly loaded table,
  // and PGlite runs no autovacuum to gather them.
  if (loaded > 0) {
    await db.execute(sql`analyze`);
    forgetClinicalSearchIndex(db);
  }
  const elapsed = Math.round(performance.now() - started);
  log.info(`reference data: ${loaded} of ${datasets.length} datasets loaded, the others were up to date (${elapsed} ms)`);
}
