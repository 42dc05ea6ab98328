/** The built-in roles, by slug. The first role of a user is the one that decides. */
export const roleSlugs = {
  superadmin: 'superadmin',
  fdsAdmin: 'fds.admin',
  antigensAdmin: 'antigens.admin',
  femeconAdmin: 'femecon.admin',
  medical: 'fds.medical',
  provider: 'fds.provider',
  pharmacy: 'pharmacy',
  owner: 'antigens.owner',
  employee: 'antigens.employee',
} as const;

export type RoleSlug = (typeof roleSlugs)[keyof typeof roleSlugs];

const { superadmin, fdsAdmin, antigensAdmin, femeconAdmin, medical, provider, pharmacy } = roleSlugs;

/** The role groups of spec section 6: the roles-based check, beside the permission-based one. */
export const roleGroups = {
  superAdmin: [superadmin],
  admin: [superadmin, fdsAdmin, antigensAdmin],
  femecon: [femeconAdmin],
  medical: [medical],
  pharmacy: [pharmacy],
  hasWorkspace: [medical, fdsAdmin, provider],
  authorizeMedic: [superadmin, femeconAdmin],
  sharePrescription: [fdsAdmin, medical],
} as const satisfies Record<string, readonly RoleSlug[]>;

export type RoleGroup = keyof typeof roleGroups;

/** Whether a user whose roles are `roles` belongs to `group`; only the first role counts where the spec says so. */
export function isInRoleGroup(group: RoleGroup, roles: readonly string[], { firstRoleOnly = false } = {}): boolean {
  const members: readonly string[] = roleGroups[group];
  const considered = firstRoleOnly ? roles.slice(0, 1) : roles;
  return considered.some((role) => members.includes(role));
}
