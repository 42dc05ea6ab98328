import {
  attachmentFields, isInRoleGroup, messages, type PendingDoctor, type PendingUser, type PendingUserPage,
} from '@receta/domain';
import type { Database } from '../../db/client.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { fileLocation, findAttachedFiles } from '../../platform/files/file-store.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { hasDoctorProfile } from '../auth/index.ts';
import { mailAccountConfirmation, registrationRejectedMail } from '../registration/index.ts';
import type { ActingAdministrator } from '../../platform/auth/acting-administrator.ts';
import { staffScopeOf } from '../../platform/auth/administered-workspaces.ts';
import { reachOf } from '../../platform/auth/administrator-reach.ts';
import { authorizePendingAdministrator, findAdministrators } from '../administrators/index.ts';
import {
  findPendingDoctors, findPendingUsersPage, lockDoctorForReview, recordReview, type PendingScope,
  type PendingUsersQuery,
} from './moderation.repository.ts';
import { openPersonalWorkspace } from '../workspaces/index.ts';

/** A moderator acting in a request: who they are and from which page. */
export type Moderator = AuditActor & { actorUserId: string };

/** These doctors as the moderation page shows them, with the locations of their four documents. */
async function describePendingDoctors(db: Database, userIds: string[]): Promise<PendingDoctor[]> {
  const rows = await findPendingDoctors(db, userIds);
  const locations = new Map((await findAttachedFiles(db, userIds))
    .map((file) => [`${file.ownerUserId}/${file.field}`, fileLocation(file.id)]));
  const documentsOf = (userId: string) => Object.fromEntries(attachmentFields
    .map((field) => [field, locations.get(`${userId}/${field}`) ?? null])) as PendingDoctor['attachments'];
  return rows.map((row) => ({
    ...row,
    kind: 'doctor',
    createdAt: row.createdAt.toISOString(),
    attachments: documentsOf(row.id),
  }));
}

/** Whose authorization the moderator may give, and so sees waiting (docs/decisions/028). */
export function pendingScopeOf(moderator: ActingAdministrator): PendingScope {
  return {
    reviewsDoctors: isInRoleGroup('authorizeMedic', moderator.roles),
    reach: reachOf(moderator, 'edit'),
    staff: staffScopeOf(moderator),
  };
}

/**
 * A page of the not-authorized accounts, oldest first: the doctors waiting for a moderator,
 * and the administrators waiting for their authorization whom the moderator may authorize.
 */
export async function listPendingUsers(
  db: Database, query: PendingUsersQuery, moderator: ActingAdministrator,
): Promise<PendingUserPage> {
  const scope = pendingScopeOf(moderator);
  const { entries, total } = await findPendingUsersPage(db, query, scope);
  const idsOf = (kind: PendingUser['kind']) => entries.filter((entry) => entry.kind === kind).map((entry) => entry.id);
  const described = new Map<string, PendingUser>([
    ...(await describePendingDoctors(db, idsOf('doctor'))).map((doctor) => [doctor.id, doctor] as const),
    ...(await findAdministrators(db, idsOf('administrator'), scope.staff)).map((administrator) => [administrator.id, {
      kind: 'administrator',
      id: administrator.id,
      email: administrator.email,
      displayName: administrator.displayName,
      roles: administrator.roles,
      roleNames: administrator.roleNames,
      createdAt: administrator.createdAt.toISOString(),
    }] as const),
  ]);
  return {
    items: entries.flatMap((entry) => described.get(entry.id) ?? []),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** The doctor's account, locked, if it still waits for a moderator. */
async function lockPendingDoctor(db: Database, userId: string) {
  const doctor = await lockDoctorForReview(db, userId);
  if (!doctor) throw AppError.notFound();
  if (doctor.status !== 'pending_approval') throw new AppError('conflict', messages.moderation.notPending);
  return doctor;
}

/**
 * Approves a doctor: the account becomes active, the doctor gets their personal workspace
 * ("Consultorio <apellido>") and is mailed the link to set the signing PIN, all in one transaction.
 */
export async function authorizeDoctor(
  db: Database, userId: string, moderator: Moderator, publicUrl: string, now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const doctor = await lockPendingDoctor(tx, userId);
    await recordReview(tx, userId, { status: 'active', reviewedBy: moderator.actorUserId, at: now });
    await openPersonalWorkspace(tx, userId, moderator);
    await mailAccountConfirmation(tx, doctor, publicUrl);
    await recordAudit(tx, moderator, { action: 'doctor.authorized', subjectType: 'user', subjectId: userId });
  });
}

/**
 * Authorizes an account of the not-authorized page, a doctor or an administrator; answers which
 * it was. Doctors are approved by the authorizeMedic group alone: to anyone else a doctor's id
 * is not an administrator's, and so not found.
 */
export async function authorizeUser(
  db: Database, userId: string, moderator: ActingAdministrator, publicUrl: string,
): Promise<PendingUser['kind']> {
  if (isInRoleGroup('authorizeMedic', moderator.roles) && await hasDoctorProfile(db, userId)) {
    await authorizeDoctor(db, userId, moderator, publicUrl);
    return 'doctor';
  }
  if (await authorizePendingAdministrator(db, moderator, userId, publicUrl)) return 'administrator';
  throw AppError.notFound();
}

/** Turns a doctor's request down and mails them the moderator's reason, in one transaction. */
export async function rejectDoctor(
  db: Database, userId: string, reason: string, moderator: Moderator, now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const doctor = await lockPendingDoctor(tx, userId);
    await recordReview(tx, userId, { status: 'rejected', reviewedBy: moderator.actorUserId, rejectionReason: reason, at: now });
    await enqueueMail(tx, doctor.email, registrationRejectedMail(doctor.name, reason));
    await recordAudit(tx, moderator, {
      action: 'doctor.rejected', subjectType: 'user', subjectId: userId, details: { reason },
    });
  });
}
