import type { MasterKeyring } from '../pki/master-keyring.ts';
import { sealEvent, type EventToSeal, type SealedEvent } from './sealed-event.ts';

/**
 * The events as one JSON parameter, whatever their number: drizzle would build a row-by-row
 * insert parameter by parameter (a batch of 200 accesses has 2,400, 3.5 % of a patient read's
 * time) and PGlite would parse and plan each such statement anew (docs/decisions/052).
 */
export function eventsAsJson(events: readonly SealedEvent[]): string {
  return JSON.stringify(events.map((event) => ({
    id: event.id,
    at: event.at.toISOString(),
    actorUserId: event.actorUserId,
    oauthClientId: event.oauthClientId,
    action: event.action,
    subjectType: event.subjectType,
    subjectId: event.subjectId,
    keyId: event.keyId,
    sealed: event.sealed.toString('base64'),
    contentHash: event.contentHash.toString('base64'),
  })));
}

/** `events` sealed under the keyring's current key, as `eventsAsJson` writes them: on the sealing thread or off it. */
export function sealedAsJson(keyring: MasterKeyring, events: readonly EventToSeal[]): string {
  return eventsAsJson(events.map(({ heading, content }) => sealEvent(keyring, heading, content)));
}
