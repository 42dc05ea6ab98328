import type { Prescriber } from '@receta/domain';
import { and, asc, eq, exists, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  auditEvents, dispensations, doctors, patients, prescriptionDocuments, prescriptionItems, prescriptions, users,
} from '../../db/schema/index.ts';
import { prescriptionEventActions, prescriptionEventSubject } from './prescription-events.ts';

/**
 * Reserves one PIN attempt of an active doctor who has a PIN, in one statement: it counts as
 * wrong until the PIN proves right. Answers the PIN's hash and the attempts now counted, or
 * undefined when the doctor has no attempt left or may not sign.
 */
export async function reservePinAttempt(db: Database, userId: string, maxAttempts: number) {
  const [row] = await db.update(doctors)
    .set({ pinFailedAttempts: sql`${doctors.pinFailedAttempts} + 1` })
    .from(users)
    .where(and(
      eq(doctors.userId, userId),
      eq(users.id, doctors.userId),
      eq(users.status, 'active'),
      isNotNull(doctors.pinHash),
      lt(doctors.pinFailedAttempts, maxAttempts),
    ))
    .returning({ pinHash: doctors.pinHash, attempts: doctors.pinFailedAttempts });
  return row;
}

/** Whether the doctor is active and has a PIN, which tells a lock-out from a doctor who may not sign. */
export async function canSignWithPin(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ userId: doctors.userId })
    .from(doctors)
    .innerJoin(users, eq(users.id, doctors.userId))
    .where(and(eq(doctors.userId, userId), eq(users.status, 'active'), isNotNull(doctors.pinHash)));
  return row !== undefined;
}

/**
 * Forgets the attempts counted up to a right PIN's own reservation (`reservedAttempts`, the
 * count it answered). Attempts reserved after it still count: they are not before the right one.
 */
export async function forgetWrongPinsBefore(db: Database, userId: string, reservedAttempts: number): Promise<void> {
  await db.update(doctors)
    .set({ pinFailedAttempts: sql`greatest(${doctors.pinFailedAttempts} - ${reservedAttempts}, 0)` })
    .where(eq(doctors.userId, userId));
}

/** Every prescription of these series, locked for signing, in series order. */
export function lockSeriesForSigning(db: Database, seriesIds: string[]) {
  return db.select({
    id: prescriptions.id,
    number: prescriptions.number,
    type: prescriptions.type,
    kind: prescriptions.kind,
    seriesId: prescriptions.seriesId,
    state: prescriptions.state,
    startDate: prescriptions.startDate,
    patientId: prescriptions.patientId,
  })
    .from(prescriptions)
    .where(inArray(prescriptions.seriesId, seriesIds))
    .orderBy(asc(prescriptions.seriesId), asc(prescriptions.seriesPosition))
    .for('update');
}

/**
 * The patient records of the drafts being signed, locked until the signature commits: an edit
 * of the patient waits, so what the checks read is what the prescription copies. Locked for
 * update, as sending the prescription to the patient locks them later in the same transaction:
 * two signatures holding one patient shared would each wait for the other to let go. In id
 * order, so that two batches naming the same patients take them in the same order.
 */
export function lockPatientsForSigning(db: Database, patientIds: string[]) {
  if (patientIds.length === 0) return Promise.resolve([]);
  return db.select({
    id: patients.id,
    cuil: patients.cuil,
    identityDocumentType: patients.identityDocumentType,
    identityDocumentNumber: patients.identityDocumentNumber,
    address: patients.address,
  })
    .from(patients)
    .where(inArray(patients.id, patientIds))
    .orderBy(asc(patients.id))
    .for('update');
}

/** Gives an item of a draft its CUIR; before the draft is marked signed, which freezes its items. */
export async function setItemCuir(db: Database, itemId: string, cuir: string): Promise<void> {
  await db.update(prescriptionItems).set({ cuir }).where(eq(prescriptionItems.id, itemId));
}

export interface SignedChanges {
  verificationCode: string;
  issuedOn: string;
  signedAt: Date;
  /** The prescriber as of the signature, as the certificate that signs names them. */
  prescriber: Prescriber;
  /** The patient's identity and address as of the signature (Annex II). */
  patientCuil: string | null;
  patientIdentityDocumentType: (typeof patients.$inferSelect)['identityDocumentType'];
  patientIdentityDocumentNumber: string | null;
  patientAddress: string | null;
}

export async function markSigned(db: Database, id: string, changes: SignedChanges): Promise<void> {
  await db.update(prescriptions)
    .set({ ...changes, state: 'signed', updatedAt: changes.signedAt })
    .where(eq(prescriptions.id, id));
}

export async function insertSignedDocument(
  db: Database, document: { prescriptionId: string; pdf: Buffer; sha256: string; signedAt: Date },
): Promise<void> {
  await db.insert(prescriptionDocuments).values(document);
}

export function findSignedDocument(db: Database, prescriptionId: string) {
  return db.select({ pdf: prescriptionDocuments.pdf })
    .from(prescriptionDocuments)
    .where(eq(prescriptionDocuments.prescriptionId, prescriptionId))
    .then(([row]) => row?.pdf);
}

/** A prescription `reach` reaches, locked, with whether a dispense of it stands (not undone). */
export function lockPrescriptionForCancelling(
  db: Database, reach: { workspaceId: string; doctorUserId: string }, id: string,
) {
  const isDispensed = exists(db.select({ id: dispensations.id })
    .from(dispensations)
    .where(and(eq(dispensations.prescriptionId, id), isNull(dispensations.undoneAt))));
  return db.select({ state: prescriptions.state, isDispensed })
    .from(prescriptions)
    .where(and(
      eq(prescriptions.id, id),
      eq(prescriptions.workspaceId, reach.workspaceId),
      eq(prescriptions.doctorUserId, reach.doctorUserId),
    ))
    .for('update', { of: prescriptions })
    .then(([row]) => row);
}

export async function markCancelled(
  db: Database, id: string, cancellation: { cancelledAt: Date; cancelledBy: string; cancellationReason: string },
): Promise<void> {
  await db.update(prescriptions)
    .set({ ...cancellation, state: 'cancelled', updatedAt: cancellation.cancelledAt })
    .where(eq(prescriptions.id, id));
}

/** The recorded events of a prescription, oldest first, with who acted. */
export function findPrescriptionEvents(db: Database, prescriptionId: string) {
  return db.select({
    id: auditEvents.id,
    action: auditEvents.action,
    at: auditEvents.at,
    keyId: auditEvents.keyId,
    sealed: auditEvents.sealed,
    actorId: auditEvents.actorUserId,
    actorName: users.displayName,
  })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorUserId))
    .where(and(
      eq(auditEvents.subjectType, prescriptionEventSubject),
      eq(auditEvents.subjectId, prescriptionId),
      inArray(auditEvents.action, Object.values(prescriptionEventActions)),
    ))
    .orderBy(asc(auditEvents.at), asc(auditEvents.id));
}
