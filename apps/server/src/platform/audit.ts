import { requestHeaders } from '@receta/domain';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { auditEvents } from '../db/schema/index.ts';
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
  /** The row id of the external app acting for the user on an OAuth2 route; kept in the event's details. */
  oauthClientId?: string;
}

/**
 * Who acts in a request and from which page of the web app (the `x-page-path` header), or, on
 * an OAuth2 route, for which user and through which app. The page's tokens are left out, as in
 * the log: a patient's page (`/p/{token}`) must not leave a working link in the audit trail.
 */
export function auditActorOf(request: FastifyRequest): AuditActor {
  const { oauth, pharmacySystem } = request;
  if (oauth) return { actorUserId: oauth.userId, pagePath: null, oauthClientId: oauth.clientId };
  // A pharmacy system acts as the pharmacy account it was registered with.
  if (pharmacySystem) {
    return { actorUserId: pharmacySystem.pharmacyUserId, pagePath: null, oauthClientId: pharmacySystem.clientId };
  }
  const pagePath = request.headers[requestHeaders.pagePath];
  return {
    actorUserId: request.user?.id ?? null,
    pagePath: typeof pagePath === 'string' ? redactUrl(pagePath).slice(0, 500) : null,
  };
}

/** Records an event; call it in the transaction of the change, so the two stand or fall together. */
export async function recordAudit(db: Database, actor: AuditActor, event: AuditEvent): Promise<void> {
  const { oauthClientId, ...who } = actor;
  const details = { ...event.details, ...oauthClientId ? { oauthClientId } : {} };
  await db.insert(auditEvents).values({ ...who, ...event, details });
}
