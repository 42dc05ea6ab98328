import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { workspaceMembers, workspaces } from '../../src/db/schema/index.ts';

export interface WorkspaceOptions {
  name?: string;
  kind?: 'clinic' | 'personal';
  /** The doctor of a personal workspace. */
  ownerUserId?: string;
  /** Users who belong to it. */
  memberIds?: string[];
}

/** A workspace straight in the database, a clinic by default, with its members. */
export async function createWorkspace(
  app: FastifyInstance, options: WorkspaceOptions = {},
): Promise<{ id: string; name: string }> {
  const name = options.name ?? `Clínica ${randomUUID().slice(0, 8)}`;
  const [workspace] = await app.db.insert(workspaces)
    .values({ name, kind: options.kind ?? 'clinic', ownerUserId: options.ownerUserId })
    .returning({ id: workspaces.id });
  if (!workspace) throw new Error('Workspace not created');
  const memberIds = options.memberIds ?? [];
  if (memberIds.length > 0) {
    await app.db.insert(workspaceMembers).values(memberIds.map((userId) => ({ workspaceId: workspace.id, userId })));
  }
  return { id: workspace.id, name };
}

/** The header the web app sends once a workspace is chosen. */
export function inWorkspace(workspaceId: string): { 'x-workspace': string } {
  return { 'x-workspace': workspaceId };
}
