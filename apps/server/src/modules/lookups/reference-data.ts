import type { Database } from '../../db/client.ts';
import type { SeedLogger } from '../../db/seed.ts';

/** Loads the shipped reference data (placeholder until the lookups module lands). */
export async function loadReferenceData(_db: Database, _log: SeedLogger): Promise<void> {}
