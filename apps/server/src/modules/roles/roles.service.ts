import {
  isInRoleGroup, messages, type DeleteManyResultSchema, type Role, type RoleInputSchema, type RolePage,
  type RoleUpdateSchema,
} from '@receta/domain';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { violatedUniqueConstraint } from '../../db/unique-violation.ts';
import { recordAudit } from '../../platform/audit.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { ActingAdministrator } from '../../platform/auth/acting-administrator.ts';
import {
  deleteRoles, findRole, findRolesInUse, findRolesPage, insertRole, lockRoles, updateRole, type RoleChanges,
  type RolePageQuery,
} from './roles.repository.ts';

export type RoleInput = z.output<typeof RoleInputSchema>;
export type RoleUpdate = z.output<typeof RoleUpdateSchema>;
type DeleteManyResult = z.infer<typeof DeleteManyResultSchema>;

const notFound = () => AppError.notFound(messages.roles.notFound);

function fieldError(field: string, message: string): AppError {
  return new AppError('invalid_data', message, undefined, [{ field: `body.${field}`, message }]);
}

/** The 409 of a slug another role has, also when the unique index catches a race. */
async function refusingTakenSlug<Result>(change: () => Promise<Result>): Promise<Result> {
  try {
    return await change();
  } catch (error) {
    if (violatedUniqueConstraint(error) !== 'roles_slug_unique') throw error;
    const message = messages.roles.slugTaken;
    throw new AppError('conflict', message, 'slugTaken', [{ field: 'body.slug', message }]);
  }
}

/** Nobody but a superadmin puts into a role a permission they do not hold themselves. */
function assertGrantable(editor: ActingAdministrator, added: readonly string[]): void {
  if (isInRoleGroup('superAdmin', editor.roles)) return;
  if (added.some((permission) => !editor.scope.includes(permission))) {
    throw AppError.forbidden(messages.roles.permissionNotHeld);
  }
}

function toRole(row: NonNullable<Awaited<ReturnType<typeof findRole>>>): Role {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/** A page of the roles with how many users hold each. */
export async function listRoles(db: Database, query: RolePageQuery): Promise<RolePage> {
  const { items, total } = await findRolesPage(db, query);
  return { items: items.map(toRole), total, page: query.page, pageSize: query.pageSize };
}

export async function showRole(db: Database, id: string): Promise<Role> {
  const row = await findRole(db, id);
  if (!row) throw notFound();
  return toRole(row);
}

/** Creates a custom role. */
export async function createRole(db: Database, editor: ActingAdministrator, input: RoleInput): Promise<Role> {
  assertGrantable(editor, input.permissions);
  const id = await refusingTakenSlug(() => db.transaction(async (tx) => {
    const roleId = await insertRole(tx, input);
    await recordAudit(tx, editor, {
      action: 'role.created', subjectType: 'role', subjectId: roleId, details: { slug: input.slug, permissions: input.permissions },
    });
    return roleId;
  }));
  return showRole(db, id);
}

function isSameSet(left: readonly string[], right: readonly string[]): boolean {
  return left.length === right.length && left.every((item) => right.includes(item));
}

function changedFields(role: Required<RoleChanges>, update: RoleUpdate): RoleChanges {
  const { slug, name, description, landingPage, permissions } = update;
  return {
    ...(slug !== undefined && slug !== role.slug ? { slug } : {}),
    ...(name !== undefined && name !== role.name ? { name } : {}),
    ...(description !== undefined && description !== role.description ? { description } : {}),
    ...(landingPage !== undefined && landingPage !== role.landingPage ? { landingPage } : {}),
    ...(permissions && !isSameSet(permissions, role.permissions) ? { permissions } : {}),
  };
}

/**
 * Changes the fields sent. A built-in role keeps its slug (the role groups and the web app
 * name it) and its permissions (every start resets them to the release's), so changing them
 * is refused rather than silently undone at the next start.
 */
export async function editRole(
  db: Database, editor: ActingAdministrator, id: string, update: RoleUpdate,
): Promise<Role> {
  await refusingTakenSlug(() => db.transaction(async (tx) => {
    const [role] = await lockRoles(tx, [id]);
    if (!role) throw notFound();
    if (role.isBuiltIn && update.slug !== undefined && update.slug !== role.slug) {
      throw fieldError('slug', messages.roles.builtInSlugFixed);
    }
    if (role.isBuiltIn && update.permissions && !isSameSet(update.permissions, role.permissions)) {
      throw fieldError('permissions', messages.roles.builtInPermissionsFixed);
    }
    if (update.permissions) {
      assertGrantable(editor, update.permissions.filter((permission) => !role.permissions.includes(permission)));
    }
    const changes = changedFields(role, update);
    if (Object.keys(changes).length === 0) return;
    await updateRole(tx, id, changes);
    await recordAudit(tx, editor, { action: 'role.edited', subjectType: 'role', subjectId: id, details: { changes } });
  }));
  return showRole(db, id);
}

/** Why none of the roles asked for could go: built in, held by users, or some of each. */
function refusalOf(kept: { isBuiltIn: boolean }[]): AppError {
  if (kept.every((role) => role.isBuiltIn)) return new AppError('conflict', messages.roles.builtInNotRemovable, 'roleBuiltIn');
  if (kept.every((role) => !role.isBuiltIn)) return new AppError('conflict', messages.roles.inUseNotRemovable, 'roleInUse');
  return new AppError('conflict', messages.roles.notRemovable, 'roleNotRemovable');
}

/**
 * Deletes the roles that are neither built in nor held by anyone, and keeps the others.
 * The rows stay locked meanwhile, so no user can be given one of them halfway.
 */
export async function removeRoles(db: Database, editor: ActingAdministrator, ids: string[]): Promise<DeleteManyResult> {
  return db.transaction(async (tx) => {
    const found = await lockRoles(tx, ids);
    if (found.length === 0) throw notFound();
    const inUse = await findRolesInUse(tx, found.map((role) => role.id));
    const removable = found.filter((role) => !role.isBuiltIn && !inUse.has(role.id));
    if (removable.length === 0) throw refusalOf(found);
    await deleteRoles(tx, removable.map((role) => role.id));
    for (const role of removable) {
      await recordAudit(tx, editor, {
        action: 'role.deleted',
        subjectType: 'role',
        subjectId: role.id,
        details: { slug: role.slug, name: role.name, permissions: role.permissions },
      });
    }
    return {
      deleted: removable.map((role) => role.id),
      message: removable.length === found.length ? messages.roles.removed : messages.roles.partlyRemoved,
    };
  });
}
