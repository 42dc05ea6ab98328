import { requestHeaders } from '@receta/domain';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { appendEvents } from './event-log/append-events.ts';
import { eventLogKeys } from './event-log/event-log-keys.ts';
import { sealEvent } from './event-log/sealed-event.ts';
import { redactUrl } from './http/logging.ts';

export interface AuditEvent {
  action: string;
  subjectType: string;
  subjectId: string;
  details?: Record<string, unknown>;
}

export interface AuditActor {
  actorUserId: string | null;
  pagePath: string | null;
  /** The address the request came from; none for the platform's own workers. */
  address?: string | null;
  /** The row id of the external app acting for the user on an OAuth2 route. */
  oauthClientId?: string;
}

/**
 * Who acts in a request, from which address and from which page of the web app (the
 * `x-page-path` header), or, on an OAuth2 route, for which user and through which app. The
 * page's tokens are left out, as in the log: a patient's page (`/p/{token}`) must not leave a
 * working link in the event log.
 */
export function auditActorOf(request: FastifyRequest): AuditActor {
  const { oauth, pharmacySystem } = request;
  const address = request.ip;
  if (oauth) return { actorUserId: oauth.userId, pagePath: null, address, oauthClientId: oauth.clientId };
  // A pharmacy system acts as the pharmacy account it was registered with.
  if (pharmacySystem) {
    const { pharmacyUserId, clientId } = pharmacySystem;
    return { actorUserId: pharmacyUserId, pagePath: null, address, oauthClientId: clientId };
  }
  const pagePath = request.headers[requestHeaders.pagePath];
  return {
    actorUserId: request.user?.id ?? null,
    pagePath: typeof pagePath === 'string' ? redactUrl(pagePath).slice(0, 500) : null,
    address,
  };
}

/**
 * Appends a change to the event log, sealed; call it in the transaction of the change, so
 * that the two stand or fall together (and so the outcome is always 'ok').
 */
export async function recordAudit(db: Database, actor: AuditActor, event: AuditEvent): Promise<void> {
  await appendEvents(db, [sealEvent(eventLogKeys(), {
    actorUserId: actor.actorUserId,
    oauthClientId: actor.oauthClientId ?? null,
    action: event.action,
    subjectType: event.subjectType,
    subjectId: event.subjectId,
  }, {
    address: actor.address ?? null, pagePath: actor.pagePath, outcome: 'ok', details: event.details ?? {},
  })]);
}
