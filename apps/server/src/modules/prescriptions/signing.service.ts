import { createHash, randomInt } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import {
  messages, todayInArgentina, type Prescriber, type Prescription, type PrescriptionEvent,
} from '@receta/domain';
import type { Database } from '../../db/client.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { eventLogKeys, openStoredEvent } from '../../platform/event-log/index.ts';
import { signPrescriptionPdf } from '../../platform/pdf/index.ts';
import { enqueueRepositoryPointers } from '../repository/index.ts';
import type { DoctorSigner, SigningAuthority } from '../../platform/pki/index.ts';
import { itemCuirOf, type CuirCodes } from './item-cuirs.ts';
import { consumePinCode, type PinCodeUse } from './pin-codes.ts';
import { requirePrescriber } from './prescriber.ts';
import { findItemsOf, findPrescriptionsByIds, findSeriesMembers } from './prescriptions.repository.ts';
import {
  invalidFields, prescriptionOf, showPrescription, withItems, type PrescriptionActor,
} from './prescriptions.service.ts';
import { eventKindOf, prescriptionEventActions, prescriptionEventSubject } from './prescription-events.ts';
import { restrictedItemFaults } from './restricted-items.ts';
import { authorizeSignature } from './signing-pin.ts';
import {
  findPrescriptionEvents, findSignedDocument, insertSignedDocument, lockPatientsForSigning,
  lockPrescriptionForCancelling, lockSeriesForSigning, markCancelled, markSigned, setItemCuir, type SignedChanges,
} from './signing.repository.ts';

/**
 * Sends signed prescriptions to their patients inside the signature's transaction. The
 * patient-access module does it; app.ts hands it in, since that module reads the prescriptions'
 * event catalogue and so may not be imported from here.
 */
export type PatientDelivery = (
  db: Database, input: { prescriptionIds: string[]; publicUrl: string; now: Date; actor: AuditActor },
) => Promise<unknown>;

/**
 * Tells the patient, inside the cancellation's transaction, that a prescription was cancelled
 * and why; the patient-access module does it, handed in by app.ts as `PatientDelivery` is.
 */
export type CancellationNotice = (db: Database, input: { prescriptionId: string; reason: string }) => Promise<unknown>;

/**
 * What signing needs beyond the database: the platform's keys, the address the QR code points
 * to, the registry's codes the CUIRs begin with, and the delivery to the patients.
 */
export interface SigningServices {
  db: Database;
  authority: SigningAuthority;
  publicUrl: string;
  cuirCodes: CuirCodes;
  deliverToPatient: PatientDelivery;
}

const notFound = () => AppError.notFound(messages.prescriptions.notFound);

/** Whatever else they may read, a doctor signs and cancels only their own prescriptions. */
function ownReachOf(actor: PrescriptionActor): { workspaceId: string; doctorUserId: string } {
  return { workspaceId: actor.workspaceId, doctorUserId: actor.userId };
}

function ownActorOf(actor: PrescriptionActor): PrescriptionActor {
  return { ...actor, seesWorkspace: false };
}

/** The file name a signed prescription's PDF is downloaded under. */
export function signedPdfName(number: number): string {
  return `receta-${number}.pdf`;
}

const crockfordBase32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 16 characters of Crockford base 32 (80 random bits): the code of the public verification page. */
export function newVerificationCode(): string {
  return Array.from({ length: 16 }, () => crockfordBase32[randomInt(crockfordBase32.length)]).join('');
}

/**
 * The drafts to sign: every draft of the series the requested ones belong to, since a
 * Receta Crónica is signed as one (DECISIONS.md). Refuses a requested prescription already
 * signed, and a start date already past (the validity window would start before the
 * signature; the doctor edits the draft first).
 */
function draftsToSign<Member extends { id: string; state: string; startDate: string }>(
  requestedIds: string[], series: Member[], today: string,
): Member[] {
  const requested = series.filter((member) => requestedIds.includes(member.id));
  if (requested.some((member) => member.state !== 'draft')) {
    throw new AppError('conflict', messages.signing.notDraft, 'notDraft');
  }
  const drafts = series.filter((member) => member.state === 'draft');
  if (drafts.some((draft) => draft.startDate < today)) {
    throw new AppError('conflict', messages.signing.startDatePassed, 'startDatePassed');
  }
  return drafts;
}

/**
 * The drafts to sign (draftsToSign), each with its patient record and items, once what Res.
 * 2214/2025 asks of a signature holds: the doctor's REFEPS code, each patient's CUIL (or a
 * foreigner's document), and the rules on restricted medicines (restricted-items.ts). Inside
 * the signing transaction the series, the doctor and the patients are locked, so nothing
 * checked here changes before the signature commits.
 */
async function signableDrafts(
  db: Database, requestedIds: string[], seriesIds: string[], prescriber: Prescriber, today: string,
) {
  const drafts = draftsToSign(requestedIds, await lockSeriesForSigning(db, seriesIds), today);
  if (!prescriber.refepsCode) throw new AppError('invalid_data', messages.prescriptions.refepsRequired, 'refepsRequired');
  const patientIds = [...new Set(drafts.flatMap((draft) => draft.patientId ?? []))];
  const [patients, items] = await Promise.all([
    lockPatientsForSigning(db, patientIds),
    findItemsOf(db, drafts.map((draft) => draft.id)),
  ]);
  return drafts.map((draft) => {
    const patient = patients.find((record) => record.id === draft.patientId);
    if (!patient?.cuil && !(patient?.identityDocumentType && patient.identityDocumentNumber)) {
      throw new AppError('invalid_data', messages.prescriptions.patientIdentityRequired, 'patientIdentityRequired');
    }
    const draftItems = items.filter((item) => item.prescriptionId === draft.id);
    const faults = restrictedItemFaults(draftItems.map((item) => item.subtype), {
      type: draft.type, patientAddress: patient.address, restrictedAuthorisedOn: prescriber.restrictedAuthorisedOn,
    });
    if (faults.length > 0) throw invalidFields(faults);
    return { ...draft, patient, items: draftItems };
  });
}

/**
 * How the doctor confirmed a signature: the PIN, in the web app; or, through an external app
 * (docs/decisions/019), the pin_2fa_code with action prescribe that the PIN step issued after
 * a right PIN, bound to the app's access token and PKCE verifier.
 */
export type SignatureConfirmation =
  | { pin: string }
  | { pinCode: Omit<PinCodeUse, 'action' | 'documentSha256'> };

/**
 * Checks the PIN against the lock-out, or spends the pin_2fa_code, which must be the doctor's
 * own. Spent on a transaction's connection, the code is spent only if the signing commits.
 */
async function confirmSignature(db: Database, userId: string, confirmation: SignatureConfirmation): Promise<void> {
  if ('pin' in confirmation) return authorizeSignature(db, userId, confirmation.pin);
  const code = await consumePinCode(db, { ...confirmation.pinCode, action: 'prescribe' });
  if (code.userId !== userId) throw new AppError('invalid_data', messages.oauthServer.invalidPin);
}

/** One request's signature: which drafts, by whom, and the day and instant it claims. */
interface SigningRequest {
  requestedIds: string[];
  seriesIds: string[];
  actor: PrescriptionActor;
  today: string;
  now: Date;
}

/** A draft as its signature will store it, and the signed PDF built from exactly that. */
interface PreparedSignature {
  prescription: Prescription;
  verificationCode: string;
  pdf: Buffer;
  sha256: string;
}

interface PreparedSignatures {
  signer: DoctorSigner;
  signatures: PreparedSignature[];
}

/** Something a prepared PDF prints changed before its signature could be stored. */
class StaleSignatures extends Error {}

/**
 * The prescriber and the drafts to sign (signableDrafts). In a transaction they stay locked
 * until it ends: the prescriber under the lock on the doctor's row that an edit of their
 * licence takes to re-issue the certificate (editMedical), so the PDF prints whom the
 * certificate names, even for a draft written before the edit.
 */
async function readSignableDrafts(db: Database, request: SigningRequest) {
  const prescriber = await requirePrescriber(db, request.actor.userId, { lockForSigning: true });
  const drafts = await signableDrafts(db, request.requestedIds, request.seriesIds, prescriber, request.today);
  return { prescriber, drafts };
}

type SignableDraft = Awaited<ReturnType<typeof signableDrafts>>[number];

/** What the signature writes on the draft's row (markSigned): the prescriber and patient of now. */
function signedChangesOf(
  draft: SignableDraft, prescriber: Prescriber, verificationCode: string, { today, now }: SigningRequest,
): SignedChanges {
  const { patient } = draft;
  return {
    verificationCode,
    issuedOn: today,
    signedAt: now,
    prescriber,
    patientCuil: patient.cuil,
    patientIdentityDocumentType: patient.identityDocumentType,
    patientIdentityDocumentNumber: patient.identityDocumentNumber,
    patientAddress: patient.address,
  };
}

/** The draft's items with the CUIRs the signature gives them (setItemCuir). */
function signedItemsOf(cuirCodes: CuirCodes, prescriber: Prescriber, draft: SignableDraft) {
  return draft.items.map((item) => ({ ...item, cuir: itemCuirOf(cuirCodes, prescriber, draft, item) }));
}

/**
 * The doctor's credential. At their first signature it is issued, under the lock on their row
 * that an edit of their licence takes, so that it names them as that edit leaves them.
 */
async function signerFor(services: SigningServices, db: Database, userId: string): Promise<DoctorSigner> {
  return await services.authority.credentialInUse(db, userId) ?? db.transaction(async (tx) => {
    await requirePrescriber(tx, userId, { lockForSigning: true });
    return services.authority.credentialFor(tx, userId);
  });
}

/**
 * Reads the drafts and builds each one's signed PDF as the draft will read once signed: its
 * verification code (random, so no transaction need assign it), the day and instant of the
 * request, the prescriber and the patient of now, the items' CUIRs (from the number the draft
 * got when it was written). Writes nothing.
 */
async function prepareSignatures(
  services: SigningServices, db: Database, request: SigningRequest,
): Promise<PreparedSignatures> {
  const { prescriber, drafts } = await readSignableDrafts(db, request);
  const rows = await findPrescriptionsByIds(db, ownReachOf(request.actor), drafts.map((draft) => draft.id));
  const signer = await signerFor(services, db, request.actor.userId);
  const signatures: PreparedSignature[] = [];
  for (const draft of drafts) {
    const row = rows.find((candidate) => candidate.id === draft.id);
    if (!row) throw notFound();
    const verificationCode = newVerificationCode();
    const changes = signedChangesOf(draft, prescriber, verificationCode, request);
    const prescription = prescriptionOf(
      { ...row, ...changes, state: 'signed' }, signedItemsOf(services.cuirCodes, prescriber, draft), request.today,
    );
    const pdf = Buffer.from(await signPrescriptionPdf(prescription, {
      signer,
      signingTime: request.now,
      verificationCode,
      verificationUrl: `${services.publicUrl}/verify/${verificationCode}`,
    }));
    signatures.push({ prescription, verificationCode, pdf, sha256: createHash('sha256').update(pdf).digest('hex') });
  }
  return { signer, signatures };
}

/** Whether two answers of the API say the same, as their JSON does (a jsonb column keeps no key order). */
function readsTheSame(stored: Prescription, prepared: Prescription): boolean {
  return isDeepStrictEqual(JSON.parse(JSON.stringify(stored)), JSON.parse(JSON.stringify(prepared)));
}

/**
 * Marks the prepared drafts signed and stores their PDFs, in the transaction `tx`, once what
 * the PDFs print is what the rows now say: the drafts are read again under their locks (still
 * drafts of the doctor's, every check of signableDrafts again), the same credential is in use,
 * and each prescription as the writes leave it reads exactly as its PDF was built from, or
 * StaleSignatures rolls it all back. With the signature, in the same transaction: the items'
 * CUIRs, the event log's entries, the repository's pointers and the mail to the patients.
 */
async function storeSignatures(
  services: SigningServices, tx: Database, request: SigningRequest, prepared: PreparedSignatures,
): Promise<Prescription[]> {
  const { actor } = request;
  const { prescriber, drafts } = await readSignableDrafts(tx, request);
  const inUse = await services.authority.credentialInUse(tx, actor.userId);
  if (inUse?.credentialId !== prepared.signer.credentialId) throw new StaleSignatures();
  const signatures = drafts.map((draft) => {
    const signature = prepared.signatures.find((candidate) => candidate.prescription.id === draft.id);
    if (!signature) throw new StaleSignatures();
    return signature;
  });
  if (signatures.length !== prepared.signatures.length) throw new StaleSignatures();
  for (const [index, draft] of drafts.entries()) {
    // The items first: once the prescription is signed, the trigger keeps them as they are.
    for (const item of signedItemsOf(services.cuirCodes, prescriber, draft)) await setItemCuir(tx, item.id, item.cuir);
    await markSigned(tx, draft.id, signedChangesOf(draft, prescriber, signatures[index]!.verificationCode, request));
  }
  const ids = drafts.map((draft) => draft.id);
  const stored = await withItems(tx, await findPrescriptionsByIds(tx, ownReachOf(actor), ids), request.today);
  const signed = signatures.map(({ prescription }) => {
    const asStored = stored.find((candidate) => candidate.id === prescription.id);
    if (!asStored || !readsTheSame(asStored, prescription)) throw new StaleSignatures();
    return asStored;
  });
  for (const { prescription, pdf, sha256 } of signatures) {
    await insertSignedDocument(tx, { prescriptionId: prescription.id, pdf, sha256, signedAt: request.now });
    await enqueueRepositoryPointers(tx, 'signed', prescription.id);
    await recordAudit(tx, actor.audit, {
      action: prescriptionEventActions.signed, subjectType: prescriptionEventSubject, subjectId: prescription.id,
    });
  }
  // In the same transaction: the mail and the text message are in the outbox exactly when
  // the prescriptions are signed.
  await services.deliverToPatient(tx, {
    prescriptionIds: ids, publicUrl: services.publicUrl, now: request.now, actor: actor.audit,
  });
  return signed;
}

/**
 * Signs the actor's own drafts (with the rest of their chronic series) after one confirmation
 * for the whole batch: each gets its verification code and its signed PDF, and is sent to its
 * patient, in one transaction. Answers the prescriptions signed, as the API shows them.
 *
 * The PDFs are built before that transaction, which holds its connection (PGlite's only one)
 * for the checks under lock and the writes alone (docs/decisions/049). Should anything a PDF
 * prints change meanwhile (the draft edited, the patient's record, the doctor's licence), they
 * are built again inside the transaction, under the locks, as a signature was always built.
 */
export async function signPrescriptions(
  services: SigningServices, ids: string[], confirmation: SignatureConfirmation, actor: PrescriptionActor,
  today = todayInArgentina(), now = new Date(),
): Promise<Prescription[]> {
  const { db } = services;
  const requestedIds = [...new Set(ids)];
  const members = await findSeriesMembers(db, ownReachOf(actor), requestedIds);
  if (members.length !== requestedIds.length) throw notFound();
  const seriesIds = [...new Set(members.map((member) => member.seriesId))];
  // Checked before the PIN too, so that a request bound to fail costs the doctor no attempt.
  // What else signableDrafts checks is checked after it alone: a right PIN costs nothing.
  draftsToSign(requestedIds, await lockSeriesForSigning(db, seriesIds), today);
  await confirmSignature(db, actor.userId, confirmation);

  const request: SigningRequest = { requestedIds, seriesIds, actor, today, now };
  const prepared = await prepareSignatures(services, db, request);
  try {
    return await db.transaction((tx) => storeSignatures(services, tx, request, prepared));
  } catch (error) {
    if (!(error instanceof StaleSignatures)) throw error;
  }
  return db.transaction(async (tx) => {
    const underLock = await prepareSignatures(services, tx, request);
    return storeSignatures(services, tx, request, underLock);
  });
}

/** The signed PDF of a prescription the actor may read, with the number it is saved under. */
export async function findSignedPdf(
  db: Database, id: string, actor: PrescriptionActor,
): Promise<{ number: number; pdf: Buffer }> {
  const { number } = await showPrescription(db, id, actor);
  const pdf = await findSignedDocument(db, id);
  if (!pdf) throw AppError.notFound(messages.prescriptions.pdfNotFound);
  return { number, pdf };
}

/**
 * Cancels the actor's own signed prescription, with the reason, while no pharmacy has
 * dispensed any of it (a dispense undone does not count), and tells the patient.
 */
export async function cancelPrescription(
  { db, notifyCancellation }: { db: Database; notifyCancellation: CancellationNotice },
  id: string, reason: string, actor: PrescriptionActor, now = new Date(),
): Promise<Prescription> {
  await db.transaction(async (tx) => {
    const prescription = await lockPrescriptionForCancelling(tx, ownReachOf(actor), id);
    if (!prescription) throw notFound();
    if (prescription.state !== 'signed' || prescription.isDispensed) {
      throw new AppError('conflict', messages.signing.notCancellable, 'notCancellable');
    }
    await markCancelled(tx, id, { cancelledAt: now, cancelledBy: actor.userId, cancellationReason: reason });
    await enqueueRepositoryPointers(tx, 'cancelled', id);
    await recordAudit(tx, actor.audit, {
      action: prescriptionEventActions.cancelled,
      subjectType: prescriptionEventSubject,
      subjectId: id,
      details: { reason },
    });
    // In the same transaction: the patient is told exactly when the cancellation stands.
    await notifyCancellation(tx, { prescriptionId: id, reason });
  });
  return showPrescription(db, id, ownActorOf(actor));
}

const channelLabels: Record<string, string> = { email: 'correo electrónico', sms: 'SMS', link: 'enlace para entregar' };

/** The readable detail of an event: its own, a cancellation's reason, or the channels a send used. */
function detailOf(details: Record<string, unknown>): string | null {
  const detail = details.detail ?? details.reason;
  if (typeof detail === 'string') return detail;
  if (!Array.isArray(details.channels) || details.channels.length === 0) return null;
  const labels = details.channels.map((channel) => channelLabels[String(channel)] ?? String(channel));
  return `Por ${labels.join(' y ')}`;
}

/** The history of a prescription the actor may read, oldest first. */
export async function listPrescriptionEvents(
  db: Database, id: string, actor: PrescriptionActor,
): Promise<PrescriptionEvent[]> {
  await showPrescription(db, id, actor);
  const rows = await findPrescriptionEvents(db, id);
  return rows.flatMap((row) => {
    const kind = eventKindOf(row.action);
    if (!kind) return [];
    return [{
      id: row.id,
      kind,
      at: row.at.toISOString(),
      actor: row.actorId ? { id: row.actorId, displayName: row.actorName ?? '' } : null,
      detail: detailOf(openStoredEvent(eventLogKeys(), row).details),
    }];
  });
}
