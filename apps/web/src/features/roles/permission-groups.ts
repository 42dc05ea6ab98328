import { permissions, type Permission } from '@receta/domain';

export const permissionGroupIds = [
  'prescription', 'patient', 'user', 'role', 'medical', 'employee', 'owner', 'adminFds', 'adminAntigens', 'others',
] as const;
export type PermissionGroupId = (typeof permissionGroupIds)[number];

export interface PermissionGroup {
  id: PermissionGroupId;
  permissions: readonly Permission[];
}

/**
 * The group a permission belongs to: the administrator variants apart, then the resource it
 * ends with (`owner.prescription` and `sign.prescription` go with the prescriptions,
 * `index.not.authorized.user` with the users), the rest under "others".
 */
function groupOf(permission: Permission): PermissionGroupId {
  if (permission.endsWith('.admin.fds')) return 'adminFds';
  if (permission.endsWith('.admin.antigens')) return 'adminAntigens';
  const resource = permission.slice(permission.lastIndexOf('.') + 1);
  return (permissionGroupIds as readonly string[]).includes(resource) ? resource as PermissionGroupId : 'others';
}

/** The catalogue of spec section 6 grouped by resource, in the order the form shows it. */
export const permissionGroups: readonly PermissionGroup[] = permissionGroupIds.map((id) => ({
  id,
  permissions: permissions.filter((permission) => groupOf(permission) === id),
}));
