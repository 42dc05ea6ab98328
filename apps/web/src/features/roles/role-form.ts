import type { Permission, Role, RoleInputSchema } from '@receta/domain';
import type { Control } from 'react-hook-form';
import type { z } from 'zod';
import { paths } from '../../config/paths.ts';

export interface RoleFormValues {
  name: string;
  description: string;
  slug: string;
  /** Blank for none; the schema turns it into null. */
  landingPage: string;
  permissions: Permission[];
}
export type RoleFormOutput = z.output<typeof RoleInputSchema>;
export type RoleFormControl = Control<RoleFormValues, unknown, RoleFormOutput>;

export const emptyRoleForm: RoleFormValues = { name: '', description: '', slug: '', landingPage: '', permissions: [] };

export function roleFormOf(role: Role): RoleFormValues {
  return {
    name: role.name,
    description: role.description,
    slug: role.slug,
    landingPage: role.landingPage ?? '',
    permissions: role.permissions as Permission[],
  };
}

const guestPages = new Set<string>([
  paths.login.path, paths.secondFactor.path, paths.register.path,
  paths.termsAndConditions.path, paths.privacyPolicy.path,
]);

/** The app's pages a role may land on: the paths of the route map without parameters, guest pages aside. */
export const landingPageOptions: readonly string[] = [
  ...new Set(Object.values(paths).map(({ path }) => path).filter((path) => !path.includes(':') && !guestPages.has(path))),
];
