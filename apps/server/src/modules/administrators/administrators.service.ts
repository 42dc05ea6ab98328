import {
  isInRoleGroup, messages, product, roleSlugs, rolesOfAdminVariant, type AccountStatus, type Administrator,
  type AdministratorCreateSchema, type AdministratorPage, type AdministratorUpdateSchema, type RoleOption,
} from '@receta/domain';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { violatedUniqueConstraint } from '../../db/unique-violation.ts';
import { recordAudit } from '../../platform/audit.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { MailContent } from '../../platform/mail/compose-mail.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { revokeSessionsOfUser } from '../auth/index.ts';
import { revokeOAuthGrantsOfUser } from '../../platform/auth/oauth-grant-revocation.ts';
import type { ActingAdministrator } from '../../platform/auth/acting-administrator.ts';
import { clinicOfNewAccount, staffScopeOf, type AdministeredWorkspaces } from '../../platform/auth/administered-workspaces.ts';
import { isWithinReach, reachOf, type AdministratorAction, type RoleReach } from '../../platform/auth/administrator-reach.ts';
import {
  closeAdministratorAccount, countOtherAuthorizedSuperadmins, findAdministrators, findAdministratorsPage,
  findRolesHeldBy, insertAccount, lockAccountByEmail, lockAdministrators, lockSuperadminRole, reopenAccount,
  replaceRolesOfUser, updateAccount, type AdministratorPageQuery,
} from './administrators.repository.ts';
import { insertMember } from '../workspaces/index.ts';
import { hashUnknownPassword, invitationDays, mailInvitation } from './invitation.service.ts';
import { findAllRoles, findRolesBySlugs } from '../roles/index.ts';

export type AdministratorCreateInput = z.output<typeof AdministratorCreateSchema>;
export type AdministratorUpdateInput = z.output<typeof AdministratorUpdateSchema>;

const notFound = () => AppError.notFound(messages.administrators.notFound);
const newPasswordHint = 'Si el enlace venció, pida uno nuevo con "¿Olvidó su contraseña?" en la página de ingreso.';

function invitationMail(
  displayName: string, roleNames: string[], isAuthorized: boolean, link: string,
): MailContent {
  const granted = roleNames.length === 1 ? `el rol ${roleNames.join('')}` : `los roles ${roleNames.join(', ')}`;
  return {
    subject: `${product.name}: elija la contraseña de su cuenta`,
    greeting: `Hola, ${displayName}:`,
    paragraphs: [
      `Un administrador creó su cuenta en ${product.name} con este email, con ${granted}.`,
      isAuthorized
        ? 'Para ingresar, elija su contraseña. En el primer ingreso configurará la verificación en dos pasos con una aplicación de autenticación.'
        : 'Elija su contraseña. Podrá ingresar cuando se autorice su cuenta: le avisaremos por este medio.',
    ],
    action: { label: 'Elegir mi contraseña', url: link },
    note: `El enlace vence en ${invitationDays} días y puede usarse una sola vez. ${newPasswordHint}`,
  };
}

function authorizedMail(displayName: string, publicUrl: string): MailContent {
  return {
    subject: `${product.name}: su cuenta fue autorizada`,
    greeting: `Hola, ${displayName}:`,
    paragraphs: [
      `Un administrador autorizó su cuenta de ${product.name}. Ya puede ingresar.`,
      `Si todavía no eligió su contraseña, use el enlace del correo de invitación. ${newPasswordHint}`,
    ],
    action: { label: 'Ingresar', url: `${publicUrl}/login` },
  };
}

type AdministratorRow = Awaited<ReturnType<typeof findAdministrators>>[number];

function toAdministrator(row: AdministratorRow): Administrator {
  return {
    id: row.id,
    email: row.email,
    displayName: row.displayName,
    roles: row.roles,
    roleNames: row.roleNames,
    authorized: row.status === 'active',
    createdAt: row.createdAt.toISOString(),
  };
}

/** Refuses with 403 unless every role these administrators hold is within reach of the action. */
async function assertReaches(
  db: Database, acting: ActingAdministrator, action: AdministratorAction, userIds: string[],
): Promise<Awaited<ReturnType<typeof findRolesHeldBy>>> {
  const held = await findRolesHeldBy(db, userIds);
  const reach = reachOf(acting, action);
  if (!held.every((role) => isWithinReach(reach, role))) {
    throw AppError.forbidden(messages.administrators.administratorOutOfReach);
  }
  return held;
}

/**
 * The roles of these slugs, in the order given: all must exist, none may be the doctors'
 * (a doctor needs a professional record, so medics are created as medics), and all must be
 * within reach.
 */
async function resolveRoles(db: Database, slugs: string[], reach: RoleReach) {
  const found = new Map((await findRolesBySlugs(db, slugs)).map((role) => [role.slug, role]));
  const chosen = slugs.flatMap((slug) => found.get(slug) ?? []);
  if (chosen.length < slugs.length) {
    const message = messages.administrators.roleUnknown;
    throw new AppError('invalid_data', message, 'roleUnknown', [{ field: 'body.roles', message }]);
  }
  if (slugs.includes(roleSlugs.medical)) {
    const message = messages.administrators.doctorRole;
    throw new AppError('invalid_data', message, 'doctorRole', [{ field: 'body.roles', message }]);
  }
  if (!chosen.every((role) => isWithinReach(reach, role))) {
    throw AppError.forbidden(messages.administrators.roleOutOfReach);
  }
  return chosen;
}

/** Refuses a change that would leave the platform without an authorized superadmin. */
async function assertAnotherSuperadmin(db: Database, losingIds: string[]): Promise<void> {
  if (await countOtherAuthorizedSuperadmins(db, losingIds) === 0) {
    throw new AppError('conflict', messages.administrators.lastSuperadmin, 'lastSuperadmin');
  }
}

/**
 * Whether an account with these roles must belong to one of the acting administrator's clinics,
 * so that they keep administering it: not when a superadmin acts or the roles are all of the
 * antigens side (which has no workspaces). Refuses roles of which none may join a workspace
 * (hasWorkspace), since such an account would belong to no clinic.
 */
function needsClinic(scope: AdministeredWorkspaces, slugs: string[]): boolean {
  const antigensSide: readonly string[] = rolesOfAdminVariant.antigens;
  if (scope.kind === 'every' || slugs.every((slug) => antigensSide.includes(slug))) return false;
  if (!isInRoleGroup('hasWorkspace', slugs)) {
    const message = messages.administrators.clinicRoleRequired;
    throw new AppError('invalid_data', message, 'clinicRoleRequired', [{ field: 'body.roles', message }]);
  }
  return true;
}

async function readAdministrator(db: Database, id: string, scope: AdministeredWorkspaces): Promise<Administrator> {
  const [row] = await findAdministrators(db, [id], scope);
  if (!row) throw notFound();
  return toAdministrator(row);
}

/** A page of the administrators the acting user may see: those whose every role is within their reach. */
export async function listAdministrators(
  db: Database, acting: ActingAdministrator, query: AdministratorPageQuery,
): Promise<AdministratorPage> {
  const { items, total } = await findAdministratorsPage(db, query, reachOf(acting, 'index'), staffScopeOf(acting));
  return { items: items.map(toAdministrator), total, page: query.page, pageSize: query.pageSize };
}

export async function showAdministrator(db: Database, acting: ActingAdministrator, id: string): Promise<Administrator> {
  const administrator = await readAdministrator(db, id, staffScopeOf(acting));
  await assertReaches(db, acting, 'show', [id]);
  return administrator;
}

/** The roles the acting user may give an administrator, by name. */
export async function listAssignableRoles(db: Database, acting: ActingAdministrator): Promise<RoleOption[]> {
  const reaches = [reachOf(acting, 'create'), reachOf(acting, 'edit')];
  return (await findAllRoles(db))
    .filter((role) => role.slug !== roleSlugs.medical && reaches.some((reach) => isWithinReach(reach, role)))
    .map(({ slug, name, description }) => ({ slug, name, description }));
}

/** An account an administrator removed (see `closeAdministratorAccount`), which a new invitation may reopen. */
export function isRemovedAdministrator(
  account: { status: AccountStatus; isDoctor: boolean; roleCount: number },
): boolean {
  return account.status === 'suspended' && !account.isDoctor && account.roleCount === 0;
}

function emailTaken(): AppError {
  const message = messages.registration.emailTaken;
  return new AppError('conflict', message, 'emailTaken', [{ field: 'body.email', message }]);
}

/**
 * Creates an administrator with their roles and mails them the link to choose a password,
 * in one transaction. Nobody knows the password the account starts with. The email of a
 * removed administrator opens that account again, so its audit trail continues.
 */
export async function createAdministrator(
  db: Database, acting: ActingAdministrator, input: AdministratorCreateInput, publicUrl: string, now = new Date(),
): Promise<Administrator> {
  const passwordHash = await hashUnknownPassword();
  const status: AccountStatus = input.authorized ? 'active' : 'pending_approval';
  const displayName = input.displayName || input.email.slice(0, input.email.indexOf('@'));
  const scope = staffScopeOf(acting);
  try {
    const id = await db.transaction(async (tx) => {
      const chosen = await resolveRoles(tx, input.roles, reachOf(acting, 'create'));
      const clinicId = needsClinic(scope, input.roles)
        ? await clinicOfNewAccount(tx, acting.actorUserId, acting.requestedWorkspaceId)
        : undefined;
      const existing = await lockAccountByEmail(tx, input.email);
      if (existing && !isRemovedAdministrator(existing)) throw emailTaken();
      const account = { displayName, passwordHash, status };
      const userId = existing?.id ?? await insertAccount(tx, { ...account, email: input.email });
      if (existing) await reopenAccount(tx, userId, account, now);
      await replaceRolesOfUser(tx, userId, chosen.map((role) => role.id));
      if (clinicId) await insertMember(tx, clinicId, userId);
      const roleNames = chosen.map((role) => role.name);
      await mailInvitation(tx, { id: userId, email: input.email },
        (link) => invitationMail(displayName, roleNames, input.authorized, link), publicUrl, now);
      await recordAudit(tx, acting, {
        action: 'administrator.created',
        subjectType: 'user',
        subjectId: userId,
        details: {
          roles: input.roles, authorized: input.authorized, reopened: existing !== undefined,
          ...(clinicId ? { workspaceId: clinicId } : {}),
        },
      });
      return userId;
    });
    return await readAdministrator(db, id, scope);
  } catch (error) {
    if (violatedUniqueConstraint(error) === 'users_email_unique') throw emailTaken();
    throw error;
  }
}

/**
 * Changes the fields sent. The acting user must reach the roles the administrator holds and
 * the ones they are given. Authorizing mails the administrator; withdrawing the
 * authorization ends their sessions.
 */
export async function editAdministrator(
  db: Database, acting: ActingAdministrator, id: string, update: AdministratorUpdateInput, publicUrl: string,
  now = new Date(),
): Promise<Administrator> {
  const scope = staffScopeOf(acting);
  await db.transaction(async (tx) => {
    await lockSuperadminRole(tx);
    const [target] = await lockAdministrators(tx, [id], scope);
    if (!target) throw notFound();
    const heldSlugs = (await assertReaches(tx, acting, 'edit', [id])).map((role) => role.slug);
    const chosen = update.roles ? await resolveRoles(tx, update.roles, reachOf(acting, 'edit')) : undefined;
    if (update.roles) needsClinic(scope, update.roles);
    if (update.authorized === false && id === acting.actorUserId) {
      throw new AppError('conflict', messages.administrators.notSelfDeauthorized, 'notSelf');
    }

    const status: AccountStatus = update.authorized === undefined
      ? target.status
      : update.authorized ? 'active' : 'pending_approval';
    const slugs = chosen?.map((role) => role.slug) ?? heldSlugs;
    const wasSuperadmin = target.status === 'active' && heldSlugs.includes(roleSlugs.superadmin);
    const isSuperadmin = status === 'active' && slugs.includes(roleSlugs.superadmin);
    if (wasSuperadmin && !isSuperadmin) await assertAnotherSuperadmin(tx, [id]);

    const changes: Record<string, { from: unknown; to: unknown }> = {};
    if (update.displayName !== undefined && update.displayName !== target.displayName) {
      changes.displayName = { from: target.displayName, to: update.displayName };
    }
    if (status !== target.status) changes.status = { from: target.status, to: status };
    if (chosen && slugs.join() !== heldSlugs.join()) {
      changes.roles = { from: heldSlugs, to: slugs };
      await replaceRolesOfUser(tx, id, chosen.map((role) => role.id));
    }
    if (Object.keys(changes).length === 0) return;
    await updateAccount(tx, id, { displayName: update.displayName ?? target.displayName, status }, now);
    if (changes.status && status === 'active') {
      await enqueueMail(tx, target.email, authorizedMail(update.displayName ?? target.displayName, publicUrl));
    } else if (changes.status) {
      await revokeSessionsOfUser(tx, id, now);
      await revokeOAuthGrantsOfUser(tx, id, acting, now);
    }
    await recordAudit(tx, acting, { action: 'administrator.edited', subjectType: 'user', subjectId: id, details: { changes } });
  });
  return readAdministrator(db, id, scope);
}

/**
 * Authorizes an administrator created unauthorized, from the not-authorized page, and mails
 * them. Answers false when the account is not an administrator.
 */
export async function authorizePendingAdministrator(
  db: Database, acting: ActingAdministrator, id: string, publicUrl: string, now = new Date(),
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [target] = await lockAdministrators(tx, [id], staffScopeOf(acting));
    if (!target) return false;
    await assertReaches(tx, acting, 'edit', [id]);
    if (target.status !== 'pending_approval') throw new AppError('conflict', messages.moderation.notPending);
    await updateAccount(tx, id, { status: 'active' }, now);
    await enqueueMail(tx, target.email, authorizedMail(target.displayName, publicUrl));
    await recordAudit(tx, acting, { action: 'administrator.authorized', subjectType: 'user', subjectId: id });
    return true;
  });
}

/**
 * Removes administrators: their roles go and their accounts close, but the rows stay for the
 * audit trail (see `closeAdministratorAccount`). Nobody removes themselves, and the last
 * authorized superadmin stays. All or none are removed.
 */
export async function removeAdministrators(
  db: Database, acting: ActingAdministrator, ids: string[], now = new Date(),
): Promise<string[]> {
  return db.transaction(async (tx) => {
    await lockSuperadminRole(tx);
    const targets = await lockAdministrators(tx, ids, staffScopeOf(acting));
    if (targets.length === 0) throw notFound();
    if (targets.some((target) => target.id === acting.actorUserId)) {
      throw new AppError('conflict', messages.administrators.notSelf, 'notSelf');
    }
    const targetIds = targets.map((target) => target.id);
    const held = await assertReaches(tx, acting, 'destroy', targetIds);
    const rolesOf = (userId: string) => held.filter((role) => role.userId === userId).map((role) => role.slug);
    const losesSuperadmin = targets.some((target) => target.status === 'active' && rolesOf(target.id).includes(roleSlugs.superadmin));
    if (losesSuperadmin) await assertAnotherSuperadmin(tx, targetIds);
    for (const target of targets) {
      await closeAdministratorAccount(tx, target.id, now);
      await revokeSessionsOfUser(tx, target.id, now);
      await revokeOAuthGrantsOfUser(tx, target.id, acting, now);
      await recordAudit(tx, acting, {
        action: 'administrator.deleted',
        subjectType: 'user',
        subjectId: target.id,
        details: { email: target.email, roles: rolesOf(target.id) },
      });
    }
    return targetIds;
  });
}
