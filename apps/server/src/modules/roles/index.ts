export { builtInRoles, ensureBuiltInRoles, medicalRole, superadminRole } from './built-in-roles.ts';
export { findAllRoles, findRolesBySlugs } from './roles.repository.ts';
export { rolesRoutes } from './roles.routes.ts';
