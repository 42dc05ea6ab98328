import type { Permission } from '@receta/domain';
import type { FastifyRequest } from 'fastify';
import { auditActorOf, type AuditActor } from '../audit.ts';
import { currentUser } from '../auth/access-control.ts';
import { currentWorkspaceId } from '../auth/workspace-scope.ts';

/** Where a request comes from, for the password lock-outs and the session record. */
export interface ClientInfo {
  ipAddress: string;
  userAgent: string | null;
}

/** The request's address and (at most 500 characters of) its user agent. */
export function clientOf(request: FastifyRequest): ClientInfo {
  return { ipAddress: request.ip, userAgent: request.headers['user-agent']?.slice(0, 500) ?? null };
}

/** A user acting on prescriptions inside the request's workspace. */
export interface WorkspaceActor {
  userId: string;
  workspaceId: string;
  /** Reaches every prescription of the workspace, not only the ones they wrote. */
  seesWorkspace: boolean;
  audit: AuditActor;
}

/**
 * The user in the request's workspace. DECISIONS.md: a prescription is its doctor's; the
 * workspace's are reached with index.prescription (and, for a change, also the permission
 * of that change), so nobody acts on a prescription they could not see in the list.
 */
export function actorOf(
  request: FastifyRequest, options: { mine?: boolean | undefined; workspaceWide?: Permission } = {},
): WorkspaceActor {
  const user = currentUser(request);
  const required: Permission[] = ['index.prescription', ...options.workspaceWide ? [options.workspaceWide] : []];
  return {
    userId: user.id,
    workspaceId: currentWorkspaceId(request),
    seesWorkspace: !options.mine && required.every((permission) => user.scope.includes(permission)),
    audit: auditActorOf(request),
  };
}
