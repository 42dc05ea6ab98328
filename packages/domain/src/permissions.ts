/**
 * The permission catalogue of spec section 6, the strings exactly as the spec writes them.
 * Roles grant these; the server checks them on every route and the web app filters its menu,
 * search, shortcuts and routes with the same `isAllowed`.
 */
const actions = ['index', 'show', 'create', 'edit', 'destroy'] as const;
const resources = ['prescription', 'user', 'role', 'employee', 'owner', 'medical', 'patient'] as const;
const adminVariants = ['fds', 'antigens'] as const;

type ResourcePermission = `${(typeof actions)[number]}.${(typeof resources)[number]}`;
type AdminPermission = `${(typeof actions)[number]}.admin.${(typeof adminVariants)[number]}`;

const extraPermissions = [
  'owner.prescription',
  'owner.employee',
  'owner.patient',
  'sign.prescription',
  'mark.prescription',
  'index.not.authorized.user',
  'dashboard.medical',
  'index.scan',
  'femecon.admin',
] as const;

export type Permission = ResourcePermission | AdminPermission | (typeof extraPermissions)[number];

export const permissions: readonly Permission[] = [
  ...resources.flatMap((resource) => actions.map((action): Permission => `${action}.${resource}`)),
  ...adminVariants.flatMap((variant) => actions.map((action): Permission => `${action}.admin.${variant}`)),
  ...extraPermissions,
];

/**
 * The access check of spec section 6: no requirement is open to everyone; an empty list is
 * open only to users with no permissions (guest-only pages); otherwise one match suffices.
 */
export function isAllowed(required: readonly Permission[] | undefined, scope: readonly string[]): boolean {
  if (required === undefined) return true;
  if (required.length === 0) return scope.length === 0;
  return required.some((permission) => scope.includes(permission));
}
