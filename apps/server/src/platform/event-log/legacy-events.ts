import { asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditEvents, auditLogHead } from '../../db/schema/index.ts';
import type { MasterKeyring } from '../pki/index.ts';
import { sealEvent } from './sealed-event.ts';

const batchSize = 500;

/**
 * Seals and chains, oldest first, the events written before the log was sealed (migration
 * 0023 kept their page and details in the clear), so that an installation that upgrades keeps
 * its whole history in the chain. Run at start-up; with the head locked, two processes
 * starting together seal each event once.
 */
export async function sealLegacyEvents(db: Database, keyring: MasterKeyring): Promise<void> {
  for (;;) {
    const sealed = await db.transaction(async (tx) => {
      await tx.select({ id: auditLogHead.id }).from(auditLogHead).for('update');
      const legacy = await tx.select().from(auditEvents)
        .where(isNull(auditEvents.contentHash))
        .orderBy(asc(auditEvents.at), asc(auditEvents.id))
        .limit(batchSize);
      for (const event of legacy) {
        const { id, at, actorUserId, oauthClientId, action, subjectType, subjectId, details, pagePath } = event;
        const { keyId, sealed, contentHash } = sealEvent(
          keyring, { id, at, actorUserId, oauthClientId, action, subjectType, subjectId },
          { address: null, pagePath, outcome: 'ok', details: details ?? {} },
        );
        await tx.update(auditEvents)
          .set({ keyId, sealed, contentHash, details: null, pagePath: null })
          .where(eq(auditEvents.id, event.id));
        // One at a time, so that the chain follows their time rather than the order they were written in.
        await tx.execute(sql`select audit_chain_written()`);
      }
      return legacy.length;
    });
    if (sealed < batchSize) return;
  }
}
