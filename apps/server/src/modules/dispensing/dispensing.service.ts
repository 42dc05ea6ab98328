import {
  displayStateOf, lookupKindOf, messages, todayInArgentina, type Dispensation, type DispenseResult, type DispenseSchema,
  type ErrorCode, type PrescriptionDisplayState, type PrescriptionKind, type PrescriptionState,
  type ScannedPrescription, type Verification,
} from '@receta/domain';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { x509 } from '../../platform/pki/x509.ts';
import {
  findItemsOf, findPrescriptionsByIds, findSignedDocument, prescriptionEventActions, prescriptionEventSubject,
  type PrescriptionItemRow, withItems,
} from '../prescriptions/index.ts';
import { enqueueRepositoryPointers } from '../repository/index.ts';
import {
  findDispensationsOf, findVerifiable, findVerifiableByCuir, insertDispensations, isCertificateOfDoctor,
  lockDispensation, lockPrescription, lowerDispensedQuantity, markDispensationUndone, raiseDispensedQuantity,
  setPrescriptionState, type DispensationRow,
} from './dispensing.repository.ts';
import { verifyPdfSignature } from './signature-check.ts';

export type DispenseData = z.output<typeof DispenseSchema>;

/** A pharmacy user acting on a prescription. */
export interface PharmacyActor {
  userId: string;
  audit: AuditActor;
}

/** A signed prescription, with what its signature check needs. */
interface SignedPrescription {
  id: string;
  workspaceId: string;
  doctorUserId: string;
  signedAt: Date | null;
  /** Read where the scanner may show it; a dispense locks no cancelled prescription. */
  cancellationReason?: string | null;
}

const dispensableStates: ReadonlySet<PrescriptionDisplayState> = new Set(['valid', 'partially_dispensed']);

const prescriptionNotFound = () => AppError.notFound(messages.prescriptions.notFound);
const conflict = (message: string, errorCode: ErrorCode) => new AppError('conflict', message, errorCode);

/**
 * Whether the stored PDF's signature verifies against the platform CA and was made with a
 * certificate the platform issued to the prescription's own doctor, so that a genuine PDF of
 * another doctor stored in its place is not taken for this one's. The certificate is checked
 * on the day the platform recorded the signing: one that expired since still signed in time.
 */
async function isSignatureValid(db: Database, ca: x509.X509Certificate, prescription: SignedPrescription, now: Date) {
  const pdf = await findSignedDocument(db, prescription.id);
  if (!pdf) return false;
  const signerCertificate = await verifyPdfSignature(pdf, ca, prescription.signedAt ?? now);
  return signerCertificate !== null && isCertificateOfDoctor(db, prescription.doctorUserId, signerCertificate);
}

/**
 * A signed prescription by its verification code or by one of its items' CUIRs (as
 * `PrescriptionLookupSchema` answers them), with the id of the item a CUIR names.
 */
async function findByLookup(db: Database, lookup: string) {
  const found = lookupKindOf(lookup) === 'cuir'
    ? await findVerifiableByCuir(db, lookup)
    : await findVerifiable(db, lookup).then((row) => row && { ...row, itemId: null });
  if (!found) throw AppError.notFound(messages.dispensing.notFound);
  return found;
}

/**
 * The public verification: whether it is genuine, its state and dates, and its items' CUIRs and
 * subtypes. By its QR code also who signed it; by a CUIR, which anyone could compose, only the
 * item it names and nothing of the doctor (Disp. 1/2025 Annex III §4, docs/decisions/036).
 */
export async function verifyPrescription(
  db: Database, ca: x509.X509Certificate, lookup: string, now = new Date(),
): Promise<Verification> {
  const found = await findByLookup(db, lookup);
  const { name, lastName, licenceType, enrollment, jurisdiction } = found.prescriber;
  const [genuine, items] = await Promise.all([isSignatureValid(db, ca, found, now), findItemsOf(db, [found.id])]);
  return {
    foundBy: lookupKindOf(lookup),
    genuine,
    number: found.number,
    type: found.type,
    kind: found.kind,
    state: displayStateOf(found, todayInArgentina(now)),
    seriesPosition: found.seriesPosition,
    seriesLength: found.seriesLength,
    issuedOn: found.issuedOn,
    startDate: found.startDate,
    expiryDate: found.expiryDate,
    signedAt: found.signedAt?.toISOString() ?? null,
    prescriber: found.itemId === null ? { name, lastName, licenceType, enrollment, jurisdiction } : null,
    items: items.filter((item) => found.itemId === null || item.id === found.itemId)
      .map(({ cuir, subtype }) => ({ cuir, subtype })),
    cancellationReason: found.itemId === null && found.state === 'cancelled' ? found.cancellationReason : null,
  };
}

/** What the provider is told: a medicine is dispensed, a device delivered, a practice performed. */
const dispensedMessages: Record<PrescriptionKind, string> = {
  medication: messages.dispensing.dispensed,
  device: messages.dispensing.delivered,
  practice: messages.dispensing.performed,
};

/** A dispense may be undone by the pharmacy user who made it, on the same day in Argentina. */
function canUndo(
  dispensation: Pick<DispensationRow, 'pharmacyUserId' | 'dispensedAt' | 'undoneAt'>, userId: string, today: string,
): boolean {
  return dispensation.undoneAt === null
    && dispensation.pharmacyUserId === userId
    && todayInArgentina(dispensation.dispensedAt) === today;
}

function dispensationOf(row: DispensationRow, userId: string, today: string): Dispensation {
  return {
    id: row.id,
    itemId: row.itemId,
    quantity: row.quantity,
    pharmacy: { id: row.pharmacyUserId, displayName: row.pharmacyName ?? '' },
    dispensedAt: row.dispensedAt.toISOString(),
    undoneAt: row.undoneAt?.toISOString() ?? null,
    canUndo: canUndo(row, userId, today),
  };
}

/** The day in Argentina of the last standing dispense of a wholly dispensed prescription. */
function dispensedOnOf(state: PrescriptionState, rows: DispensationRow[]): string | null {
  if (state !== 'dispensed') return null;
  const standing = rows.filter((row) => row.undoneAt === null);
  const last = standing.at(-1);
  return last ? todayInArgentina(last.dispensedAt) : null;
}

async function scannedPrescriptionOf(
  db: Database, ca: x509.X509Certificate, target: SignedPrescription, userId: string, now: Date,
): Promise<ScannedPrescription> {
  const today = todayInArgentina(now);
  const [rows, signatureValid, dispensations] = await Promise.all([
    findPrescriptionsByIds(db, { workspaceId: target.workspaceId }, [target.id]),
    isSignatureValid(db, ca, target, now),
    findDispensationsOf(db, target.id),
  ]);
  const [prescription] = await withItems(db, rows, today);
  if (!prescription) throw prescriptionNotFound();
  return {
    prescription,
    signatureValid,
    dispensations: dispensations.map((row) => dispensationOf(row, userId, today)),
    dispensedOn: dispensedOnOf(prescription.state, dispensations),
    cancellationReason: prescription.state === 'cancelled' ? target.cancellationReason ?? null : null,
  };
}

/**
 * The whole prescription for a pharmacy that scanned its code or typed one of its CUIRs.
 * Pharmacies work outside the doctor's workspace: the code, printed only on the patient's PDF,
 * or the CUIR the patient shows them, is what lets them in.
 */
export async function scanPrescription(
  db: Database, ca: x509.X509Certificate, lookup: string, userId: string, now = new Date(),
): Promise<ScannedPrescription> {
  return scannedPrescriptionOf(db, ca, await findByLookup(db, lookup), userId, now);
}

/** The quantity of each item to dispense, checked against what is still pending. */
function quantitiesToDispense(input: DispenseData, items: PrescriptionItemRow[]): Map<string, number> {
  const pendingOf = (item: PrescriptionItemRow) => item.quantity - item.dispensedQuantity;
  if ('all' in input) {
    const pending = items.filter((item) => pendingOf(item) > 0);
    if (pending.length === 0) throw conflict(messages.dispensing.alreadyDispensed, 'alreadyDispensed');
    return new Map(pending.map((item) => [item.id, pendingOf(item)]));
  }
  const quantities = new Map<string, number>();
  input.items.forEach(({ itemId, quantity }, index) => {
    if (!items.some((item) => item.id === itemId)) {
      const field = `body.items.${index}.itemId`;
      throw new AppError('invalid_data', messages.common.invalidData, undefined, [{ field, message: messages.common.invalidData }]);
    }
    quantities.set(itemId, (quantities.get(itemId) ?? 0) + quantity);
  });
  for (const item of items) {
    const quantity = quantities.get(item.id);
    if (quantity === undefined) continue;
    if (pendingOf(item) === 0) throw conflict(messages.dispensing.alreadyDispensed, 'alreadyDispensed');
    if (quantity > pendingOf(item)) throw conflict(messages.dispensing.quantityInvalid, 'quantityInvalid');
  }
  return quantities;
}

/** The stored state that the items' dispensed quantities stand for. */
function stateOfDispensing(items: PrescriptionItemRow[]): PrescriptionState {
  if (items.every((item) => item.dispensedQuantity === 0)) return 'signed';
  return items.every((item) => item.dispensedQuantity >= item.quantity) ? 'dispensed' : 'partially_dispensed';
}

function itemsDetail(items: PrescriptionItemRow[], quantities: Map<string, number>): string {
  return items.filter((item) => quantities.has(item.id))
    .map((item) => `${item.genericName} x ${quantities.get(item.id)}`)
    .join(', ');
}

/**
 * Dispenses every pending unit, or the quantities asked for, of a prescription inside its
 * validity window, recorded with the pharmacy user and time, in one transaction.
 */
export async function dispensePrescription(
  db: Database, ca: x509.X509Certificate, id: string, input: DispenseData, actor: PharmacyActor, now = new Date(),
): Promise<DispenseResult> {
  const target = await db.transaction(async (tx) => {
    // The lock orders dispenses, undos and cancellations of one prescription, so the state
    // set below counts every item as it is and no cancelled prescription is dispensed.
    const prescription = await lockPrescription(tx, id);
    if (!prescription) throw prescriptionNotFound();
    if (!dispensableStates.has(displayStateOf(prescription, todayInArgentina(now)))) {
      throw conflict(messages.dispensing.notDispensable, 'notDispensable');
    }
    const items = await findItemsOf(tx, [id]);
    const quantities = quantitiesToDispense(input, items);
    for (const [itemId, quantity] of quantities) {
      // Checked again in the UPDATE itself: it holds even where the lock above did not.
      if (!await raiseDispensedQuantity(tx, itemId, quantity)) {
        throw conflict(messages.dispensing.quantityInvalid, 'quantityInvalid');
      }
    }
    await setPrescriptionState(tx, id, stateOfDispensing(await findItemsOf(tx, [id])), now);
    const dispensed = [...quantities].map(([itemId, quantity]) => ({ itemId, quantity }));
    await insertDispensations(tx, dispensed.map((each) => ({
      ...each, prescriptionId: id, pharmacyUserId: actor.userId, dispensedAt: now,
    })));
    await enqueueRepositoryPointers(tx, 'dispensed', id, [...quantities.keys()]);
    await recordAudit(tx, actor.audit, {
      action: prescriptionEventActions.dispensed,
      subjectType: prescriptionEventSubject,
      subjectId: id,
      details: { items: dispensed, detail: itemsDetail(items, quantities) },
    });
    return prescription;
  });
  return { ...await scannedPrescriptionOf(db, ca, target, actor.userId, now), message: dispensedMessages[target.kind] };
}

/**
 * Undoes a dispense of the asking pharmacy user made today (Argentina): its units are
 * pending again and the prescription's state follows.
 */
export async function undoDispensation(
  db: Database, ca: x509.X509Certificate, id: string, dispensationId: string, actor: PharmacyActor, now = new Date(),
): Promise<DispenseResult> {
  const target = await db.transaction(async (tx) => {
    const prescription = await lockPrescription(tx, id);
    if (!prescription) throw prescriptionNotFound();
    const dispensation = await lockDispensation(tx, id, dispensationId);
    if (!dispensation) throw AppError.notFound();
    if (!canUndo(dispensation, actor.userId, todayInArgentina(now))) {
      throw conflict(messages.dispensing.notUndoable, 'notUndoable');
    }
    if (!await lowerDispensedQuantity(tx, dispensation.itemId, dispensation.quantity)) {
      throw new Error(`Dispensation ${dispensationId} gives back more than its item has dispensed`);
    }
    await markDispensationUndone(tx, dispensationId, actor.userId, now);
    await enqueueRepositoryPointers(tx, 'dispense_undone', id, [dispensation.itemId]);
    const items = await findItemsOf(tx, [id]);
    await setPrescriptionState(tx, id, stateOfDispensing(items), now);
    const undone = { itemId: dispensation.itemId, quantity: dispensation.quantity };
    await recordAudit(tx, actor.audit, {
      action: prescriptionEventActions.dispense_undone,
      subjectType: prescriptionEventSubject,
      subjectId: id,
      details: {
        dispensationId, items: [undone], detail: itemsDetail(items, new Map([[undone.itemId, undone.quantity]])),
      },
    });
    return prescription;
  });
  return { ...await scannedPrescriptionOf(db, ca, target, actor.userId, now), message: messages.dispensing.undone };
}
