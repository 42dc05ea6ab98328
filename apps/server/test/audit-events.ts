import { asc, type SQL } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { auditEvents } from '../src/db/schema/index.ts';
import { eventLogKeys, openStoredEvent } from '../src/platform/event-log/index.ts';

/** The events `where` selects, in the order of the chain, with their sealed content opened. */
export async function readAuditEvents(db: Database, where?: SQL) {
  const rows = await db.select().from(auditEvents).where(where).orderBy(asc(auditEvents.seq), asc(auditEvents.at));
  return rows.map((row) => ({ ...row, ...openStoredEvent(eventLogKeys(), row) }));
}
