import { createHash, hash, randomUUID } from 'node:crypto';
import type { MasterKeyring } from '../pki/index.ts';

/** What finds an event, kept readable: when, who (a user, an app), what, and on what. */
export interface EventHeading {
  id: string;
  at: Date;
  actorUserId: string | null;
  oauthClientId: string | null;
  action: string;
  subjectType: string;
  subjectId: string;
}

/** What may name a person, sealed: the address and page it came from, how it ended, and its details. */
export interface EventContent {
  address: string | null;
  pagePath: string | null;
  /** 'ok' for a change recorded with it; the HTTP status for an access. */
  outcome: string;
  details: Record<string, unknown>;
}

/** An event recorded, not yet sealed: its heading, with its id and time, and its content. */
export interface EventToSeal {
  heading: EventHeading;
  content: EventContent;
}

/** An event as the application writes it; the chaining trigger adds its place in the chain. */
export interface SealedEvent extends EventHeading {
  keyId: string;
  sealed: Buffer;
  contentHash: Buffer;
}

/** The content's key is bound to its event, so that content moved to another row does not open. */
const contextOf = (eventId: string) => `audit-event:${eventId}`;

/**
 * The hash of everything the application wrote in a row. Its encoding is fixed here and in
 * the verifier alone: a JSON array, the time in ISO 8601, the sealed bytes in base64.
 */
export function contentHashOf(event: Omit<SealedEvent, 'contentHash'>): Buffer {
  const fields = [
    event.id, event.at.toISOString(), event.actorUserId, event.oauthClientId, event.action, event.subjectType,
    event.subjectId, event.keyId, event.sealed.toString('base64'),
  ];
  return hash('sha256', JSON.stringify(fields), 'buffer');
}

/** The link the chaining trigger computes (migration 0023): SHA-256 of the previous hash, number and content hash. */
export function linkHashOf(previousHash: Buffer, seq: number, contentHash: Buffer): Buffer {
  const number = Buffer.alloc(8);
  number.writeBigInt64BE(BigInt(seq));
  return createHash('sha256').update(previousHash).update(number).update(contentHash).digest();
}

/** A new event, its content sealed under the keyring's current key. */
export function sealEvent(
  keyring: MasterKeyring, heading: Omit<EventHeading, 'id' | 'at'> & Partial<Pick<EventHeading, 'id' | 'at'>>,
  content: EventContent,
): SealedEvent {
  // Milliseconds, as JavaScript reads the time back: the hash must be the same when verified.
  const { id = randomUUID(), at = new Date(), ...rest } = heading;
  const { keyId, sealed } = keyring.seal(Buffer.from(JSON.stringify(content)), contextOf(id));
  const event = { ...rest, id, at: new Date(at.getTime()), keyId, sealed };
  return { ...event, contentHash: contentHashOf(event) };
}

/** The sealed content of an event; throws for an unknown key or altered bytes. */
export function openEvent(keyring: MasterKeyring, event: { id: string; keyId: string; sealed: Buffer }): EventContent {
  const opened = keyring.open({ keyId: event.keyId, sealed: event.sealed }, contextOf(event.id));
  return JSON.parse(opened.toString('utf8')) as EventContent;
}

/** The content of an event read back from the log, whose sealing columns every chained row has. */
export function openStoredEvent(
  keyring: MasterKeyring, event: { id: string; keyId: string | null; sealed: Buffer | null },
): EventContent {
  if (event.keyId === null || event.sealed === null) throw new Error(`The event ${event.id} was never sealed`);
  return openEvent(keyring, { id: event.id, keyId: event.keyId, sealed: event.sealed });
}
