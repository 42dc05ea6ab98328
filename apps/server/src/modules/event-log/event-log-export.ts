import { addDays, type EventLogExportQuery } from '@receta/domain';
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditEvents, users } from '../../db/schema/index.ts';
import { eventLogKeys, openStoredEvent } from '../../platform/event-log/index.ts';
import { signCadesAttached, type Signer } from '../../platform/pki/index.ts';
import { endOfDayInArgentina } from '../patient-access/index.ts';

export interface EventLogExport {
  fileName: string;
  /** CMS SignedData (DER) carrying the JSON document. */
  signed: Uint8Array;
}

/**
 * The events of a range of days, opened, in the chain's order, with each one's hashes so that
 * the authority can check the segment's links itself; as JSON inside a CMS signature of the
 * platform, which `openssl cms -verify` checks against the platform CA.
 */
export async function exportEventLog(
  db: Database, signer: Signer, query: EventLogExportQuery, exportedBy: { id: string; publicUrl: string },
): Promise<EventLogExport> {
  const rows = await db.select({ event: auditEvents, actorName: users.displayName, actorEmail: users.email })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorUserId))
    .where(and(
      gte(auditEvents.at, endOfDayInArgentina(addDays(query.from, -1))),
      lt(auditEvents.at, endOfDayInArgentina(query.to)),
    ))
    .orderBy(asc(auditEvents.seq));
  const keys = eventLogKeys();
  const events = rows.map(({ event, actorName, actorEmail }) => {
    const content = openStoredEvent(keys, event);
    return {
      seq: event.seq,
      id: event.id,
      at: event.at.toISOString(),
      actor: event.actorUserId ? { id: event.actorUserId, name: actorName, email: actorEmail } : null,
      oauthClientId: event.oauthClientId,
      action: event.action,
      subject: { type: event.subjectType, id: event.subjectId },
      address: content.address,
      pagePath: content.pagePath,
      outcome: content.outcome,
      details: content.details,
      contentHash: event.contentHash?.toString('hex') ?? null,
      previousHash: event.prevHash?.toString('hex') ?? null,
      hash: event.hash?.toString('hex') ?? null,
    };
  });
  const document = {
    platform: exportedBy.publicUrl,
    from: query.from,
    to: query.to,
    timeZone: 'America/Argentina/Buenos_Aires',
    exportedAt: new Date().toISOString(),
    exportedBy: exportedBy.id,
    chain: 'hash = SHA-256(previousHash || seq as 8-byte big-endian integer || contentHash)',
    events,
  };
  return {
    fileName: `registro-de-eventos-${query.from}-a-${query.to}.p7m`,
    signed: signCadesAttached(Buffer.from(JSON.stringify(document, null, 2)), signer),
  };
}
