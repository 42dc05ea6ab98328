import type { FastifyRequest } from 'fastify';
import { auditActorOf, type AuditActor } from '../audit.ts';
import { currentUser } from './access-control.ts';
import { requestedWorkspaceOf } from './requested-workspace.ts';

/**
 * A signed-in user managing roles or accounts: who they are, from which page, what they hold,
 * because what they may grant is bounded by it, and the workspace they work in, which an
 * account they create joins (docs/decisions/028).
 */
export type ActingAdministrator = AuditActor & {
  actorUserId: string;
  roles: readonly string[];
  scope: readonly string[];
  requestedWorkspaceId: string | undefined;
};

export function actingAdministratorOf(request: FastifyRequest): ActingAdministrator {
  const user = currentUser(request);
  return {
    ...auditActorOf(request),
    actorUserId: user.id,
    roles: user.roles,
    scope: user.scope,
    requestedWorkspaceId: requestedWorkspaceOf(request) || undefined,
  };
}
