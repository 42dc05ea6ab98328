import { isInRoleGroup, type RoleGroup, type UserSession } from '@receta/domain';

/** Spec section 6, the roles-based check of the web app: the user's first role is the one that counts. */
export function isFirstRoleIn(group: RoleGroup, user: Pick<UserSession, 'roles'> | null): boolean {
  return user !== null && isInRoleGroup(group, user.roles, { firstRoleOnly: true });
}

/** Spec section 4: workspaces are kept for users whose first role is fds.medical, fds.provider or fds.admin. */
export function hasWorkspace(user: Pick<UserSession, 'roles'> | null): boolean {
  return isFirstRoleIn('hasWorkspace', user);
}

/**
 * Whether the user belongs to some workspace (the server's memberships, in the session):
 * patients and prescriptions live in one, so their pages work only for a member.
 */
export function isWorkspaceMember(user: Pick<UserSession, 'workspaces'> | null): boolean {
  return (user?.workspaces.length ?? 0) > 0;
}
