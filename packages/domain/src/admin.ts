import { z } from 'zod';
import { NewPasswordSchema, RegistrationEmailSchema } from './accounts.ts';
import { ListQuerySchema, pageOf, payloadOf } from './api.ts';
import * as messages from './messages/index.ts';
import { permissions } from './permissions.ts';
import { roleSlugs, type RoleSlug } from './roles.ts';
import { textLimits, withoutControls } from './schema-helpers.ts';

const invalid = messages.common.invalidData;
const required = messages.common.required;

function withoutRepeats<Item>(items: Item[]): Item[] {
  return [...new Set(items)];
}

/** A role's identifier: what the user session and the role groups name it by. */
export const RoleSlugSchema = z.string({ error: messages.roles.slugInvalid })
  .trim()
  .toLowerCase()
  .regex(/^[a-z][a-z0-9.-]{1,39}$/, messages.roles.slugInvalid);

/**
 * Where a user of the role lands after login: a path of this app, segments only, so that it
 * can never point at another site (`//host`, `/\host`) or carry a query. Blank means none.
 */
const LandingPageSchema = z.string(messages.roles.landingPageInvalid)
  .trim()
  .max(200, messages.roles.landingPageInvalid)
  .regex(/^(\/([\w.~-]+(\/[\w.~-]+)*\/?)?)?$/, messages.roles.landingPageInvalid)
  .transform((path) => path || null)
  .nullable();

const roleFields = {
  name: withoutControls(
    z.string({ error: required }).trim().min(1, required).max(80, messages.roles.nameTooLong),
    { name: true },
  ),
  description: withoutControls(
    z.string(invalid).trim().max(500, messages.roles.descriptionTooLong),
    { multiline: true },
  ),
  slug: RoleSlugSchema,
  landingPage: LandingPageSchema,
  permissions: z.array(z.enum(permissions, messages.roles.permissionUnknown), messages.roles.permissionsRequired)
    .min(1, messages.roles.permissionsRequired)
    .transform(withoutRepeats),
};

/** `POST /api/roles`. */
export const RoleInputSchema = z.object({
  ...roleFields,
  description: roleFields.description.default(''),
  landingPage: roleFields.landingPage.default(null),
});
export type RoleInput = z.input<typeof RoleInputSchema>;

/**
 * `PUT /api/roles/{id}`: the fields sent change, the others stay. A built-in role keeps its
 * slug and its permissions, which every start resets to the release's.
 */
export const RoleUpdateSchema = z.object(roleFields).partial();
export type RoleUpdateInput = z.input<typeof RoleUpdateSchema>;

/** `GET /api/roles`: `q` searches every word in the name, slug and description. */
export const RolesQuerySchema = ListQuerySchema.extend({
  sort: z.enum(['name', 'slug', 'createdAt'], invalid).default('name'),
});
export type RolesQuery = z.input<typeof RolesQuerySchema>;

/** A role (spec section 3) with how many users hold it: one in use cannot be deleted. */
export const RoleSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  landingPage: z.string().nullable(),
  permissions: z.array(z.string()),
  isBuiltIn: z.boolean(),
  userCount: z.number().int().nonnegative(),
  createdAt: z.string(),
});
export type Role = z.infer<typeof RoleSchema>;
export const RolePageSchema = pageOf(RoleSchema);
export type RolePage = z.infer<typeof RolePageSchema>;

/** A role the signed-in administrator may grant, for the administrator form's role picker. */
export const RoleOptionSchema = RoleSchema.pick({ slug: true, name: true, description: true });
export type RoleOption = z.infer<typeof RoleOptionSchema>;
/** `GET /api/administrators/assignable-roles`. */
export const AssignableRolesSchema = payloadOf(RoleOptionSchema);

/**
 * The built-in roles each administrator variant manages (spec section 6: "admin permissions
 * exist in fds.admin and antigens.admin variants"). The superadmin and the federation's
 * administrator answer to the superadmin only; doctors are managed as medics.
 */
export const rolesOfAdminVariant = {
  fds: [roleSlugs.fdsAdmin, roleSlugs.provider, roleSlugs.pharmacy],
  antigens: [roleSlugs.antigensAdmin, roleSlugs.owner, roleSlugs.employee],
} as const satisfies Record<string, readonly RoleSlug[]>;
export type AdminVariant = keyof typeof rolesOfAdminVariant;

const rolesRequired = messages.administrators.rolesRequired;
const RoleSlugsSchema = z.array(
  withoutControls(
    z.string(messages.administrators.roleUnknown).trim().max(textLimits.code, messages.administrators.roleUnknown),
  ),
  rolesRequired,
)
  .min(1, rolesRequired)
  .max(20, invalid)
  .transform(withoutRepeats);

const DisplayNameSchema = withoutControls(
  z.string(invalid).trim().max(textLimits.name, messages.auth.displayNameMax),
  { name: true },
);

/**
 * `POST /api/administrators`: the administrator is mailed a link to choose their password.
 * Roles in order, the main one first; without a display name the email's local part is used.
 */
export const AdministratorCreateSchema = z.object({
  email: z.string({ error: required }).pipe(RegistrationEmailSchema),
  displayName: DisplayNameSchema.optional(),
  roles: RoleSlugsSchema,
  authorized: z.boolean(invalid).default(true),
});
export type AdministratorCreateInput = z.input<typeof AdministratorCreateSchema>;

/** `PUT /api/administrators/{id}`: the fields sent change, the others stay. The email is the login and stays. */
export const AdministratorUpdateSchema = z.object({
  displayName: DisplayNameSchema.min(1, required).optional(),
  roles: RoleSlugsSchema.optional(),
  authorized: z.boolean(invalid).optional(),
});
export type AdministratorUpdateInput = z.input<typeof AdministratorUpdateSchema>;

/** `GET /api/administrators`: `q` searches every word in the email and the display name. */
export const AdministratorsQuerySchema = ListQuerySchema.extend({
  sort: z.enum(['email', 'displayName', 'createdAt'], invalid).default('email'),
});
export type AdministratorsQuery = z.input<typeof AdministratorsQuerySchema>;

/** An administrator (spec section 3): a user who is not a doctor, with their roles in order. */
export const AdministratorSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  /** Role slugs, main role first. */
  roles: z.array(z.string()),
  /** The same roles by the names people read, in the same order. */
  roleNames: z.array(z.string()),
  /** Whether the account may sign in; a new administrator waits for it when created unauthorized. */
  authorized: z.boolean(),
  createdAt: z.string(),
});
export type Administrator = z.infer<typeof AdministratorSchema>;
export const AdministratorPageSchema = pageOf(AdministratorSchema);
export type AdministratorPage = z.infer<typeof AdministratorPageSchema>;

/** `POST /api/auth/invitation/{userToken}`: the password of an account an administrator created. */
export const AcceptInvitationSchema = z.object({
  password: z.string({ error: required }).pipe(NewPasswordSchema.shape.password),
});
export type AcceptInvitationInput = z.input<typeof AcceptInvitationSchema>;
