import { eq, inArray, type Column, type SQL } from 'drizzle-orm';

/**
 * Where a request works: the one workspace the web app's `x-workspace` names, or every
 * workspace of the doctor an external app acts for (docs/decisions/019).
 */
export type WorkspaceReach = string | readonly string[];

/** The rows of the workspace, or of any of the workspaces (none: no row). */
export function inWorkspaces(column: Column, reach: WorkspaceReach): SQL {
  return typeof reach === 'string' ? eq(column, reach) : inArray(column, [...reach]);
}
