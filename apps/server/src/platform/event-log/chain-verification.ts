import { and, asc, count, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditEvents, auditLogHead } from '../../db/schema/index.ts';
import type { MasterKeyring } from '../pki/index.ts';
import { contentHashOf, linkHashOf, openEvent } from './sealed-event.ts';

/** Where the chain first breaks, in words an auditor reads. */
export interface BrokenLink {
  /** The number the event should have, or null for one outside the chain. */
  seq: number | null;
  eventId: string | null;
  at: string | null;
  reason: string;
}

export interface ChainReport {
  /** The events checked, up to the first broken link. */
  checked: number;
  lastSeq: number;
  firstBroken: BrokenLink | null;
}

const pageSize = 1000;
const genesisHash = Buffer.alloc(32);

type StoredEvent = typeof auditEvents.$inferSelect;

/**
 * Walks the whole log in the chain's order and answers the first link that does not hold: a
 * missing number (an event deleted), a previous hash that is not the last one (events
 * reordered or inserted), a content whose hash changed or whose seal does not open (an event
 * changed), an event outside the chain, a head past the last event (events deleted at the end)
 * or an event past the head (written by hand after the last one).
 *
 * The log grows while it is walked. The head is read before the events it reaches, so that an
 * event appended meanwhile lies past it instead of looking like the end of a shortened log; an
 * event past the head is then the next walk's, once the head is read again and reaches it (its
 * transaction moved the head when it committed), or a forgery when the head never does.
 */
export async function verifyEventLog(db: Database, keyring: MasterKeyring): Promise<ChainReport> {
  let previous: { seq: number; hash: Buffer } = { seq: 0, hash: genesisHash };
  let checked = 0;
  let head = await headOf(db);
  for (;;) {
    for (;;) {
      const page = await db.select().from(auditEvents)
        .where(and(gt(auditEvents.seq, previous.seq), lte(auditEvents.seq, head?.seq ?? 0)))
        .orderBy(asc(auditEvents.seq))
        .limit(pageSize);
      for (const event of page) {
        const reason = brokenLinkOf(event, previous, keyring);
        if (reason) return { checked, lastSeq: previous.seq, firstBroken: linkOf(event, previous.seq + 1, reason) };
        previous = { seq: event.seq!, hash: event.hash! };
        checked += 1;
      }
      if (page.length < pageSize) break;
    }
    if (!head || head.seq !== previous.seq || !head.hash.equals(previous.hash)) {
      const reason = `Faltan eventos al final del registro: la cadena llegó al nº ${head?.seq ?? '?'}.`;
      const firstBroken = { seq: previous.seq + 1, eventId: null, at: null, reason };
      return { checked, lastSeq: previous.seq, firstBroken };
    }
    const [past] = await db.select().from(auditEvents)
      .where(gt(auditEvents.seq, head.seq))
      .orderBy(asc(auditEvents.seq))
      .limit(1);
    if (!past) break;
    const later = await headOf(db);
    if (!later || later.seq < past.seq!) {
      return { checked, lastSeq: previous.seq, firstBroken: linkOf(past, null, 'El evento está fuera de la cadena.') };
    }
    head = later;
  }
  const [outside] = await db.select().from(auditEvents)
    .where(or(isNull(auditEvents.seq), isNull(auditEvents.hash)))
    .orderBy(asc(auditEvents.at))
    .limit(1);
  if (outside) return { checked, lastSeq: previous.seq, firstBroken: linkOf(outside, null, 'El evento está fuera de la cadena.') };
  return { checked, lastSeq: previous.seq, firstBroken: null };
}

async function headOf(db: Database) {
  const [head] = await db.select().from(auditLogHead).where(eq(auditLogHead.id, 1));
  return head;
}

function brokenLinkOf(
  event: StoredEvent, previous: { seq: number; hash: Buffer }, keyring: MasterKeyring,
): string | null {
  if (event.seq !== previous.seq + 1) return `Falta el evento nº ${previous.seq + 1}.`;
  if (!event.prevHash?.equals(previous.hash)) return 'El evento no sigue al anterior: la cadena fue reordenada o alterada.';
  if (!event.keyId || !event.sealed || !event.contentHash) return 'El evento no está sellado.';
  const { id, at, actorUserId, oauthClientId, action, subjectType, subjectId, keyId, sealed, contentHash } = event;
  const written = { id, at, actorUserId, oauthClientId, action, subjectType, subjectId, keyId, sealed };
  if (!contentHashOf(written).equals(contentHash)) return 'El contenido del evento cambió.';
  if (!event.hash?.equals(linkHashOf(previous.hash, event.seq, contentHash))) return 'El enlace del evento no corresponde.';
  try {
    openEvent(keyring, { id, keyId, sealed });
  } catch {
    return 'El contenido sellado del evento no se puede abrir: fue alterado o falta su clave.';
  }
  return null;
}

function linkOf(event: StoredEvent, seq: number | null, reason: string): BrokenLink {
  return { seq, eventId: event.id, at: event.at.toISOString(), reason };
}

/** How many events the log holds: shown beside a verification. */
export async function countEvents(db: Database): Promise<number> {
  const [row] = await db.select({ count: count() }).from(auditEvents);
  return row?.count ?? 0;
}

/** The verification in one sentence, as the command prints it. */
export function describeChainReport(total: number, report: ChainReport): string {
  const broken = report.firstBroken;
  if (!broken) return `Registro de eventos íntegro: ${total} eventos verificados, el último es el nº ${report.lastSeq}.`;
  const where = [
    broken.seq === null ? 'un evento sin número' : `el evento nº ${broken.seq}`,
    broken.eventId ? `(id ${broken.eventId}${broken.at ? `, ${broken.at}` : ''})` : null,
  ].filter(Boolean).join(' ');
  return `Registro de eventos alterado: primer enlace roto en ${where}. ${broken.reason} `
    + `Se verificaron ${report.checked} eventos intactos antes de él.`;
}
