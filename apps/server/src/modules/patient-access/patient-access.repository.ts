import { and, asc, eq, exists, gt, inArray, isNotNull, isNull, lte, ne, notExists, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { controlledSubtypes } from '@receta/domain';
import {
  dispensations, patientAccess, patientLinkTokens, patients, prescriptionDocuments, prescriptionItems, prescriptions,
  scheduledJobs,
} from '../../db/schema/index.ts';

export type ScheduledJob = typeof scheduledJobs.$inferSelect;

/** The doctor's own prescription in the workspace, with its patient's contact; undefined for anyone else's. */
export function findOwnPrescriptionWithContact(
  db: Database, prescriptionId: string, owner: { userId: string; workspaceId: string },
) {
  return db.select({
    state: prescriptions.state,
    startDate: prescriptions.startDate,
    expiryDate: prescriptions.expiryDate,
    email: patients.email,
    phone: patients.phone,
  })
    .from(prescriptions)
    .leftJoin(patients, eq(patients.id, prescriptions.patientId))
    .where(and(
      eq(prescriptions.id, prescriptionId),
      eq(prescriptions.workspaceId, owner.workspaceId),
      eq(prescriptions.doctorUserId, owner.userId),
    ))
    .then(([row]) => row);
}

/** The signed prescriptions with their patients, whose rows stay locked until the transaction ends. */
export function lockPatientsOf(db: Database, prescriptionIds: string[]) {
  return db.select({
    id: prescriptions.id,
    number: prescriptions.number,
    prescriber: prescriptions.prescriber,
    startDate: prescriptions.startDate,
    expiryDate: prescriptions.expiryDate,
    patientId: patients.id,
    patientName: patients.name,
    email: patients.email,
    phone: patients.phone,
  })
    .from(prescriptions)
    .innerJoin(patients, eq(patients.id, prescriptions.patientId))
    .where(and(inArray(prescriptions.id, prescriptionIds), ne(prescriptions.state, 'draft')))
    .orderBy(prescriptions.number)
    // The patient rows are locked so that a send and the retention job never interleave,
    // and two sends to one patient schedule one job.
    .for('update', { of: patients });
}

export async function insertPatientLinkToken(
  db: Database, values: { tokenHash: string; prescriptionId: string; expiresAt: Date },
): Promise<void> {
  await db.insert(patientLinkTokens).values(values);
}

/** The prescription the link with this hash opens, unless it expired by `now`. */
export async function findPrescriptionIdOfLink(db: Database, tokenHash: string, now: Date): Promise<string | null> {
  const [link] = await db.select({ prescriptionId: patientLinkTokens.prescriptionId })
    .from(patientLinkTokens)
    .where(and(eq(patientLinkTokens.tokenHash, tokenHash), gt(patientLinkTokens.expiresAt, now)));
  return link?.prescriptionId ?? null;
}

/** Records a send to the patient: the first send's date is kept, the last one's moves. */
export async function recordSendToPatient(db: Database, prescriptionId: string, now: Date): Promise<void> {
  await db.insert(patientAccess)
    .values({ prescriptionId, firstSentAt: now, lastSentAt: now })
    .onConflictDoUpdate({ target: patientAccess.prescriptionId, set: { lastSentAt: sql`excluded.last_sent_at` } });
}

/** A prescription that was sent to its patient, with when the patient accepted the terms on it. */
export function findSentPrescription(db: Database, prescriptionId: string) {
  return db.select({ prescription: prescriptions, termsAcceptedAt: patientAccess.termsAcceptedAt })
    .from(prescriptions)
    .innerJoin(patientAccess, eq(patientAccess.prescriptionId, prescriptions.id))
    .where(eq(prescriptions.id, prescriptionId))
    .then(([row]) => row);
}

/** Records the acceptance of the terms unless it was already recorded; answers whether it was new. */
export async function recordTermsAccepted(db: Database, prescriptionId: string, now: Date): Promise<boolean> {
  const accepted = await db.update(patientAccess)
    .set({ termsAcceptedAt: now })
    .where(and(eq(patientAccess.prescriptionId, prescriptionId), isNull(patientAccess.termsAcceptedAt)))
    .returning({ id: patientAccess.prescriptionId });
  return accepted.length > 0;
}

export async function findSignedPdf(db: Database, prescriptionId: string): Promise<Buffer | undefined> {
  const [document] = await db.select({ pdf: prescriptionDocuments.pdf }).from(prescriptionDocuments)
    .where(eq(prescriptionDocuments.prescriptionId, prescriptionId));
  return document?.pdf;
}

// The increment happens in the database, so that two openings at once both count.
export async function recordPdfOpened(db: Database, prescriptionId: string, now: Date): Promise<void> {
  await db.update(patientAccess)
    .set({ openCount: sql`${patientAccess.openCount} + 1`, lastOpenedAt: now })
    .where(eq(patientAccess.prescriptionId, prescriptionId));
}

export async function hasScheduledJob(db: Database, kind: string, subjectId: string): Promise<boolean> {
  const [existing] = await db.select({ id: scheduledJobs.id }).from(scheduledJobs)
    .where(and(eq(scheduledJobs.kind, kind), eq(scheduledJobs.subjectId, subjectId)));
  return existing !== undefined;
}

export async function insertScheduledJob(
  db: Database, values: { kind: string; subjectId: string; runAt: Date },
): Promise<void> {
  await db.insert(scheduledJobs).values(values);
}

/**
 * The oldest job due at `now`, locked until the transaction ends; a job another process holds
 * is skipped, so that no job runs twice.
 */
export function claimDueJob(db: Database, now: Date): Promise<ScheduledJob | undefined> {
  return db.select().from(scheduledJobs)
    .where(and(eq(scheduledJobs.status, 'pending'), lte(scheduledJobs.runAt, now)))
    .orderBy(asc(scheduledJobs.runAt))
    .limit(1)
    .for('update', { skipLocked: true })
    .then(([job]) => job);
}

export async function markJobDone(db: Database, jobId: string, now: Date, attempts: number): Promise<void> {
  await db.update(scheduledJobs).set({ status: 'done', doneAt: now, attempts, lastError: null })
    .where(eq(scheduledJobs.id, jobId));
}

export async function markJobFailed(db: Database, jobId: string, attempts: number, lastError: string): Promise<void> {
  await db.update(scheduledJobs).set({ status: 'failed', attempts, lastError }).where(eq(scheduledJobs.id, jobId));
}

export async function rescheduleJob(
  db: Database, jobId: string, values: { runAt: Date; attempts: number; lastError: string },
): Promise<void> {
  await db.update(scheduledJobs).set(values).where(eq(scheduledJobs.id, jobId));
}

/** Locks the patient against a send while their data is retained; false when they are gone already. */
export async function lockPatient(db: Database, patientId: string): Promise<boolean> {
  const [patient] = await db.select({ id: patients.id }).from(patients).where(eq(patients.id, patientId)).for('update');
  return patient !== undefined;
}

export async function hasAcceptedTermsOnAnyPrescription(db: Database, patientId: string): Promise<boolean> {
  const [accepted] = await db.select({ id: patientAccess.prescriptionId })
    .from(patientAccess)
    .innerJoin(prescriptions, eq(prescriptions.id, patientAccess.prescriptionId))
    .where(and(eq(prescriptions.patientId, patientId), isNotNull(patientAccess.termsAcceptedAt)))
    .limit(1);
  return accepted !== undefined;
}

/**
 * The patient's prescriptions no pharmacy ever dispensed (an undone dispense counts), locked,
 * each with whether it holds an archived or restricted item.
 */
export function lockUndispensedPrescriptionsOf(db: Database, patientId: string) {
  const isControlled = exists(db.select({ one: sql`1` }).from(prescriptionItems).where(and(
    eq(prescriptionItems.prescriptionId, prescriptions.id),
    inArray(prescriptionItems.subtype, [...controlledSubtypes]),
  ))).mapWith(Boolean);
  return db.select({
    id: prescriptions.id,
    state: prescriptions.state,
    isControlled,
    issuedOn: prescriptions.issuedOn,
    signedAt: prescriptions.signedAt,
    expiryDate: prescriptions.expiryDate,
    doctorUserId: prescriptions.doctorUserId,
  })
    .from(prescriptions)
    .where(and(
      eq(prescriptions.patientId, patientId),
      inArray(prescriptions.state, ['draft', 'signed', 'expired', 'cancelled']),
      notExists(db.select({ one: sql`1` }).from(dispensations).where(eq(dispensations.prescriptionId, prescriptions.id))),
    ))
    .for('update');
}

/**
 * Deletes the patient and their prescriptions among `prescriptionIds` (items, PDFs and links
 * cascade). The trigger that guards signed prescriptions lets this transaction, and only it,
 * delete them.
 */
export async function deletePatientWithPrescriptions(
  db: Database, patientId: string, prescriptionIds: string[],
): Promise<void> {
  await db.execute(sql`set local receta.allow_retention_delete = 'on'`);
  if (prescriptionIds.length > 0) await db.delete(prescriptions).where(inArray(prescriptions.id, prescriptionIds));
  await db.delete(patients).where(eq(patients.id, patientId));
}
