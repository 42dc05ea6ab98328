import { requestHeaders } from '@receta/domain';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { auditEvents } from '../db/schema/index.ts';

export interface AuditEvent {
  action: string;
  subjectType: string;
  subjectId: string;
  details?: Record<string, unknown>;
}

export interface AuditActor {
  actorUserId: string | null;
  pagePath: string | null;
}

/** Who acts in a request and from which page of the web app (the `x-page-path` header). */
export function auditActorOf(request: FastifyRequest): AuditActor {
  const pagePath = request.headers[requestHeaders.pagePath];
  return {
    actorUserId: request.user?.id ?? null,
    pagePath: typeof pagePath === 'string' ? pagePath.slice(0, 500) : null,
  };
}

/** Records an event; call it in the transaction of the change, so the two stand or fall together. */
export async function recordAudit(db: Database, actor: AuditActor, event: AuditEvent): Promise<void> {
  await db.insert(auditEvents).values({ ...actor, ...event, details: event.details ?? {} });
}
