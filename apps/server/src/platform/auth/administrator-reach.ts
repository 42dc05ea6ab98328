import { isInRoleGroup, roleSlugs, rolesOfAdminVariant, type AdminVariant } from '@receta/domain';

/** The five actions of the `<action>.admin.<variant>` permissions. */
export type AdministratorAction = 'index' | 'show' | 'create' | 'edit' | 'destroy';

/** What the reach rules need to know of a role. */
export interface RoleTraits {
  slug: string;
  isBuiltIn: boolean;
  permissions: readonly string[];
}

/** The roles within reach: every one, or these built-in roles and the custom roles within this scope. */
export type RoleReach =
  | { kind: 'every' }
  | { kind: 'limited'; builtInSlugs: string[]; scope: readonly string[] };

const adminVariants = Object.keys(rolesOfAdminVariant) as AdminVariant[];

/**
 * The roles a user may see, grant or take away with one action: every role for a superadmin;
 * otherwise the built-in roles of the variants whose permission for the action they hold,
 * but the pharmacy's, and the custom roles whose permissions they hold themselves.
 */
export function reachOf(
  user: { roles: readonly string[]; scope: readonly string[] }, action: AdministratorAction,
): RoleReach {
  // Granting or revoking the superadmin role is the superadmin's alone, whatever permissions
  // another role may be given.
  if (isInRoleGroup('superAdmin', user.roles)) return { kind: 'every' };
  const variants = adminVariants.filter((variant) => user.scope.includes(`${action}.admin.${variant}`));
  // A pharmacy dispenses every clinic's prescriptions and belongs to none (it is outside the
  // hasWorkspace group), so no clinic's administrator manages one (docs/decisions/028).
  const builtInSlugs = variants.flatMap((variant) => rolesOfAdminVariant[variant])
    .filter((slug) => slug !== roleSlugs.pharmacy);
  return { kind: 'limited', builtInSlugs, scope: user.scope };
}

/**
 * Whether the role is within reach. A custom role counts when its holder would gain nothing
 * the acting user lacks, so that nobody hands out more than they have.
 */
export function isWithinReach(reach: RoleReach, role: RoleTraits): boolean {
  if (reach.kind === 'every') return true;
  if (role.isBuiltIn) return reach.builtInSlugs.includes(role.slug);
  return role.permissions.every((permission) => reach.scope.includes(permission));
}
