import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared-statement.ts';
import { eventsAsJson } from './events-as-json.ts';
import type { SealedEvent } from './sealed-event.ts';

/**
 * Appends sealed events to the log in one statement, in their order, which the chain follows
 * among the events of a commit: they are chained when `db`'s transaction commits, so that the
 * chain's head is locked for the commit alone.
 */
export async function appendEvents(db: Database, events: readonly SealedEvent[]): Promise<void> {
  await db.execute(sql`
    insert into audit_events
      (id, at, actor_user_id, oauth_client_id, action, subject_type, subject_id, key_id, sealed, content_hash)
    select (e->>'id')::uuid, (e->>'at')::timestamptz, (e->>'actorUserId')::uuid, (e->>'oauthClientId')::uuid,
      e->>'action', e->>'subjectType', e->>'subjectId', e->>'keyId',
      decode(e->>'sealed', 'base64'), decode(e->>'contentHash', 'base64')
    from jsonb_array_elements(${eventsAsJson(events)}::text::jsonb) with ordinality as written(e, position)
    order by position`);
}

/**
 * Appends sealed events already chained, in their order, in a statement of its own: each row
 * is written once, where `appendEvents` writes it, then again to chain it (decision 059). For
 * what nothing else is written with, the accesses; never inside a transaction, which would hold
 * the chain's head until it ends. The events come as `eventsAsJson` writes them, which the
 * sealing thread answers.
 */
export async function appendChainedJson(db: Database, events: string): Promise<void> {
  await appendChained(db).execute({ events });
}

// Named, as the accesses' batches come several times a second: parsed and planned once.
const appendChained = preparedPerDatabase((db) => db
  .select({ appended: sql`1` })
  .from(sql`audit_append_chained(${sql.placeholder('events')}::text::jsonb)`)
  .prepare('audit_append_chained'));
