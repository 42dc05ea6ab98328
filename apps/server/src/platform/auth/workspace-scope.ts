import { messages, requestHeaders } from '@receta/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client.ts';
import { workspaceMembers } from '../../db/schema/index.ts';
import { AppError } from '../http/app-error.ts';
import { currentUser } from './access-control.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `'required'`: the route works inside the workspace the `x-workspace` header names, or the user's only one. */
    workspace?: 'required';
  }
  interface FastifyRequest {
    /** The workspace the request works in, on routes that require one; null elsewhere. */
    workspaceId: string | null;
  }
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether the user belongs to the workspace: one primary-key read, prepared once for every such request. */
function prepareMembershipLookup(db: Database) {
  return db.select({ workspaceId: workspaceMembers.workspaceId })
    .from(workspaceMembers)
    .where(and(
      eq(workspaceMembers.workspaceId, sql.placeholder('workspaceId')),
      eq(workspaceMembers.userId, sql.placeholder('userId')),
    ))
    .prepare('find_workspace_membership');
}

/** Up to two of the user's workspaces: enough to tell none, one and several apart. */
function prepareFirstMembershipsLookup(db: Database) {
  return db.select({ workspaceId: workspaceMembers.workspaceId })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.userId, sql.placeholder('userId')))
    .limit(2)
    .prepare('find_first_workspace_memberships');
}

/**
 * The workspace of a request that names none (DECISIONS.md, "Workspaces"): the user's only one.
 * With several the request must say which; with none there is nowhere to work.
 */
export function onlyWorkspaceOf(memberships: readonly string[]): string {
  if (memberships.length === 0) throw new AppError('forbidden', messages.workspaces.none, 'workspaceNone');
  if (memberships.length > 1) throw new AppError('invalid_data', messages.workspaces.required, 'workspaceRequired');
  return memberships[0]!;
}

/**
 * Puts routes that declare `workspace: 'required'` inside a workspace of the user: the one the
 * `x-workspace` header names, or without the header their only one (a user in several gets a
 * 400 that says so). A workspace the user is not a member of gets the same 403 whether or not
 * it exists, so ids cannot be probed. Membership is the only way in: the superadmin too must be
 * added to a workspace to work in it, because a workspace holds its patients' health data and
 * platform administration does not need it.
 */
export const workspaceScope = fp(async (app: FastifyInstance) => {
  app.decorateRequest('workspaceId', null);
  const membership = prepareMembershipLookup(app.db);
  const firstMemberships = prepareFirstMembershipsLookup(app.db);

  app.addHook('onRoute', (route) => {
    if (route.config?.workspace !== 'required') return;
    const access = route.config.access;
    if (access === undefined || access === 'public') {
      throw new Error(`${route.method.toString()} ${route.url} requires a workspace but not a signed-in user`);
    }
  });

  // Runs after the access control's hook (registered before this plugin), so the user is known.
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.workspace !== 'required') return;
    const user = currentUser(request);
    const header = request.headers[requestHeaders.workspace];
    const workspaceId = typeof header === 'string' ? header.trim() : '';
    if (workspaceId === '') {
      const rows = await firstMemberships.execute({ userId: user.id });
      request.workspaceId = onlyWorkspaceOf(rows.map((row) => row.workspaceId));
      return;
    }
    const forbidden = new AppError('forbidden', messages.workspaces.forbidden, 'workspaceForbidden');
    if (!uuidPattern.test(workspaceId)) throw forbidden;
    const [member] = await membership.execute({ workspaceId, userId: user.id });
    if (!member) throw forbidden;
    request.workspaceId = member.workspaceId;
  });
}, { name: 'workspace-scope', dependencies: ['access-control'] });

/** The workspace of a route that declared `workspace: 'required'`. */
export function currentWorkspaceId(request: FastifyRequest): string {
  if (!request.workspaceId) throw new Error('currentWorkspaceId() on a route that does not require a workspace');
  return request.workspaceId;
}
