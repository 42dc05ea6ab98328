import { attachmentFields, messages, type PendingDoctor, type PendingDoctorPage } from '@receta/domain';
import type { Database } from '../../db/client.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { fileLocation, findAttachedFiles } from '../../platform/files/file-store.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { mailAccountConfirmation } from '../registration/confirmation.service.ts';
import { registrationRejectedMail } from '../registration/doctor-mails.ts';
import { findPendingDoctors, lockDoctorForReview, recordReview } from './moderation.repository.ts';

/** A moderator acting in a request: who they are and from which page. */
export type Moderator = AuditActor & { actorUserId: string };

/** A page of the doctors waiting for a moderator, each with the locations of their four documents. */
export async function listPendingDoctors(
  db: Database, query: { page: number; pageSize: number; q?: string | undefined },
): Promise<PendingDoctorPage> {
  const { items, total } = await findPendingDoctors(db, query);
  const locations = new Map((await findAttachedFiles(db, items.map((item) => item.id)))
    .map((file) => [`${file.ownerUserId}/${file.field}`, fileLocation(file.id)]));
  const documentsOf = (userId: string) => Object.fromEntries(attachmentFields
    .map((field) => [field, locations.get(`${userId}/${field}`) ?? null])) as PendingDoctor['attachments'];
  return {
    items: items.map((item) => ({
      ...item,
      createdAt: item.createdAt.toISOString(),
      attachments: documentsOf(item.id),
    })),
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
 * Approves a doctor: the account becomes active and the doctor is mailed the link to set the
 * signing PIN, all in one transaction.
 */
export async function authorizeDoctor(
  db: Database, userId: string, moderator: Moderator, publicUrl: string, now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const doctor = await lockPendingDoctor(tx, userId);
    await recordReview(tx, userId, { status: 'active', reviewedBy: moderator.actorUserId, at: now });
    await mailAccountConfirmation(tx, doctor, publicUrl);
    await recordAudit(tx, moderator, { action: 'doctor.authorized', subjectType: 'user', subjectId: userId });
  });
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
