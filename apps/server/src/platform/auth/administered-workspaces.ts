import { isInRoleGroup, messages } from '@receta/domain';
import { and, eq, exists, type Column, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { workspaceMembers } from '../../db/schema/index.ts';
import { AppError } from '../http/app-error.ts';
import { onlyWorkspaceOf } from './workspace-scope.ts';

/**
 * Whom an administrator administers (docs/decisions/028): every account, or the members of the
 * workspaces the administrator belongs to. Roles are the platform's; membership is the place.
 */
export type AdministeredWorkspaces = { kind: 'every' } | { kind: 'membersOf'; administratorId: string };

/** Who acts, as the scope rules need them. */
export interface ScopedActor {
  actorUserId: string;
  roles: readonly string[];
}

function membersOf(actor: ScopedActor): AdministeredWorkspaces {
  return { kind: 'membersOf', administratorId: actor.actorUserId };
}

/** Over administrators and clinic staff: the superadmin administers every workspace, anyone else their own. */
export function staffScopeOf(actor: ScopedActor): AdministeredWorkspaces {
  return isInRoleGroup('superAdmin', actor.roles) ? { kind: 'every' } : membersOf(actor);
}

/**
 * Over doctors: the authorizeMedic group (superadmin, the federation's administrator) verifies
 * every doctor of the platform, waiting ones included, who belong to no clinic yet; a clinic's
 * administrator administers the doctors of their clinics.
 */
export function medicScopeOf(actor: ScopedActor): AdministeredWorkspaces {
  return isInRoleGroup('authorizeMedic', actor.roles) ? { kind: 'every' } : membersOf(actor);
}

const targetMembership = alias(workspaceMembers, 'target_membership');
const ownMembership = alias(workspaceMembers, 'own_membership');

/**
 * The user whose id is in `userId` (a column of the outer statement's table) belongs to a
 * workspace the administrator administers; no condition for one who administers every
 * workspace. Put it in the statement that reads or changes the user, so that the check and the
 * change are one.
 */
export function isAdministeredMember(db: Database, userId: Column, scope: AdministeredWorkspaces): SQL | undefined {
  if (scope.kind === 'every') return undefined;
  // A join query names every column with its table, so `userId` keeps meaning the outer row.
  return exists(db.select({ workspaceId: targetMembership.workspaceId })
    .from(targetMembership)
    .innerJoin(ownMembership, eq(ownMembership.workspaceId, targetMembership.workspaceId))
    .where(and(eq(targetMembership.userId, userId), eq(ownMembership.userId, scope.administratorId))));
}

/** Whether the administrator administers the user. */
export async function administersMember(db: Database, scope: AdministeredWorkspaces, userId: string): Promise<boolean> {
  if (scope.kind === 'every') return true;
  const rows = await db.select({ workspaceId: targetMembership.workspaceId })
    .from(targetMembership)
    .innerJoin(ownMembership, eq(ownMembership.workspaceId, targetMembership.workspaceId))
    .where(and(eq(targetMembership.userId, userId), eq(ownMembership.userId, scope.administratorId)))
    .limit(1);
  return rows.length === 1;
}

/**
 * The clinic an account created by a clinic's administrator joins, so that it stays theirs to
 * administer: the workspace of the `x-workspace` header, or their only one. A workspace they do
 * not belong to gets the same 403 as anywhere else (ids cannot be probed).
 */
export async function clinicOfNewAccount(
  db: Database, administratorId: string, requested: string | undefined,
): Promise<string> {
  const own = await db.select({ workspaceId: workspaceMembers.workspaceId })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.userId, administratorId))
    .then((rows) => rows.map((row) => row.workspaceId));
  if (requested === undefined) return onlyWorkspaceOf(own);
  if (own.includes(requested)) return requested;
  throw new AppError('forbidden', messages.workspaces.forbidden, 'workspaceForbidden');
}
