import { messages } from '@receta/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../http/app-error.ts';
import { currentUser } from './access-control.ts';
import { isWorkspaceId, requestedWorkspaceOf } from './requested-workspace.ts';

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

  app.addHook('onRoute', (route) => {
    if (route.config?.workspace !== 'required') return;
    const access = route.config.access;
    if (access === undefined || access === 'public') {
      throw new Error(`${route.method.toString()} ${route.url} requires a workspace but not a signed-in user`);
    }
  });

  // Runs after the access control's hook (registered before this plugin), so the user is
  // known, and with them the memberships the access control read with the session.
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.workspace !== 'required') return;
    const { memberships } = currentUser(request);
    const requested = requestedWorkspaceOf(request);
    if (requested === '') {
      request.workspaceId = onlyWorkspaceOf(memberships);
      return;
    }
    // The database writes ids in lower case, whichever case the header used.
    const member = isWorkspaceId(requested) ? memberships.find((id) => id === requested.toLowerCase()) : undefined;
    if (!member) throw new AppError('forbidden', messages.workspaces.forbidden, 'workspaceForbidden');
    request.workspaceId = member;
  });
}, { name: 'workspace-scope', dependencies: ['access-control'] });

/** The workspace of a route that declared `workspace: 'required'`. */
export function currentWorkspaceId(request: FastifyRequest): string {
  if (!request.workspaceId) throw new Error('currentWorkspaceId() on a route that does not require a workspace');
  return request.workspaceId;
}
