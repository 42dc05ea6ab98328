import type { PrescriptionState } from '@receta/domain';
import { and, asc, eq, gte, lte, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  dispensations, doctorCredentials, prescriptionItems, prescriptions, users,
} from '../../db/schema/index.ts';

const verifiableColumns = {
  id: prescriptions.id,
  doctorUserId: prescriptions.doctorUserId,
  workspaceId: prescriptions.workspaceId,
  number: prescriptions.number,
  type: prescriptions.type,
  kind: prescriptions.kind,
  state: prescriptions.state,
  seriesPosition: prescriptions.seriesPosition,
  seriesLength: prescriptions.seriesLength,
  issuedOn: prescriptions.issuedOn,
  startDate: prescriptions.startDate,
  expiryDate: prescriptions.expiryDate,
  signedAt: prescriptions.signedAt,
  prescriber: prescriptions.prescriber,
  cancellationReason: prescriptions.cancellationReason,
};

/** A signed (never a draft) prescription by its verification code, with what the public page shows. */
export function findVerifiable(db: Database, code: string) {
  return db.select(verifiableColumns)
    .from(prescriptions)
    .where(and(eq(prescriptions.verificationCode, code), ne(prescriptions.state, 'draft')))
    .then(([row]) => row);
}

/** A signed prescription by the CUIR of one of its items (unique), with that item's id. */
export function findVerifiableByCuir(db: Database, cuir: string) {
  return db.select({ ...verifiableColumns, itemId: prescriptionItems.id })
    .from(prescriptionItems)
    .innerJoin(prescriptions, eq(prescriptions.id, prescriptionItems.prescriptionId))
    .where(and(eq(prescriptionItems.cuir, cuir), ne(prescriptions.state, 'draft')))
    .then(([row]) => row);
}

/** Whether the platform issued this certificate to this doctor (revoked ones too: they signed in their time). */
export function isCertificateOfDoctor(db: Database, doctorUserId: string, certificate: Uint8Array): Promise<boolean> {
  return db.select({ id: doctorCredentials.id })
    .from(doctorCredentials)
    .where(and(eq(doctorCredentials.userId, doctorUserId), eq(doctorCredentials.certificate, Buffer.from(certificate))))
    .limit(1)
    .then((rows) => rows.length > 0);
}

/** Every dispense of a prescription, undone ones included, oldest first, with the pharmacy's name. */
export function findDispensationsOf(db: Database, prescriptionId: string) {
  return db.select({
    id: dispensations.id,
    itemId: dispensations.itemId,
    quantity: dispensations.quantity,
    pharmacyUserId: dispensations.pharmacyUserId,
    pharmacyName: users.displayName,
    dispensedAt: dispensations.dispensedAt,
    undoneAt: dispensations.undoneAt,
  })
    .from(dispensations)
    .leftJoin(users, eq(users.id, dispensations.pharmacyUserId))
    .where(eq(dispensations.prescriptionId, prescriptionId))
    .orderBy(asc(dispensations.dispensedAt), asc(dispensations.id));
}

export type DispensationRow = Awaited<ReturnType<typeof findDispensationsOf>>[number];

/**
 * A signed prescription locked for a dispense or an undo: every change of its items and
 * state goes through this lock, so the state set afterwards sees every item as it is.
 */
export function lockPrescription(db: Database, id: string) {
  return db.select({
    id: prescriptions.id,
    workspaceId: prescriptions.workspaceId,
    doctorUserId: prescriptions.doctorUserId,
    kind: prescriptions.kind,
    state: prescriptions.state,
    startDate: prescriptions.startDate,
    expiryDate: prescriptions.expiryDate,
    signedAt: prescriptions.signedAt,
  })
    .from(prescriptions)
    .where(and(eq(prescriptions.id, id), ne(prescriptions.state, 'draft')))
    .for('update')
    .then(([row]) => row);
}

/**
 * Raises an item's dispensed quantity only while it stays within the prescribed quantity,
 * in the statement that checks it, so two dispenses of the last unit cannot both pass.
 * Answers whether it did.
 */
export async function raiseDispensedQuantity(db: Database, itemId: string, quantity: number): Promise<boolean> {
  const raised = await db.update(prescriptionItems)
    .set({ dispensedQuantity: sql`${prescriptionItems.dispensedQuantity} + ${quantity}` })
    .where(and(
      eq(prescriptionItems.id, itemId),
      lte(sql`${prescriptionItems.dispensedQuantity} + ${quantity}`, prescriptionItems.quantity),
    ))
    .returning({ id: prescriptionItems.id });
  return raised.length > 0;
}

/** Gives back units an undone dispense had taken; never below zero. Answers whether it did. */
export async function lowerDispensedQuantity(db: Database, itemId: string, quantity: number): Promise<boolean> {
  const lowered = await db.update(prescriptionItems)
    .set({ dispensedQuantity: sql`${prescriptionItems.dispensedQuantity} - ${quantity}` })
    .where(and(eq(prescriptionItems.id, itemId), gte(prescriptionItems.dispensedQuantity, quantity)))
    .returning({ id: prescriptionItems.id });
  return lowered.length > 0;
}

export async function setPrescriptionState(
  db: Database, id: string, state: PrescriptionState, now: Date,
): Promise<void> {
  await db.update(prescriptions).set({ state, updatedAt: now }).where(eq(prescriptions.id, id));
}

export type DispensationInsert = Omit<typeof dispensations.$inferInsert, 'id' | 'undoneAt' | 'undoneBy'>;

export async function insertDispensations(db: Database, rows: DispensationInsert[]): Promise<void> {
  await db.insert(dispensations).values(rows);
}

/** One dispense of a prescription, locked for its undo. */
export function lockDispensation(db: Database, prescriptionId: string, dispensationId: string) {
  return db.select()
    .from(dispensations)
    .where(and(eq(dispensations.id, dispensationId), eq(dispensations.prescriptionId, prescriptionId)))
    .for('update')
    .then(([row]) => row);
}

export async function markDispensationUndone(db: Database, id: string, userId: string, now: Date): Promise<void> {
  await db.update(dispensations).set({ undoneAt: now, undoneBy: userId }).where(eq(dispensations.id, id));
}
