import { displayStateOf, messages, todayInArgentina, type PatientLink, type PatientLinkHandover } from '@receta/domain';
import type { Database } from '../../db/client.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { deliverToPatient, issueLinkToHandOver } from './patient-delivery.ts';
import { prescriptionIdOfLink } from './patient-links.ts';
import {
  findOwnPrescriptionWithContact, findSentPrescription, findSignedPdf, recordPdfOpened, recordTermsAccepted,
} from './patient-access.repository.ts';
import {
  findItemsOf, prescriptionEventActions, prescriptionEventSubject, prescriptionRecordActions,
} from '../prescriptions/index.ts';

const sendableStates = new Set(['pending', 'valid', 'partially_dispensed']);

type DoctorActor = { userId: string; workspaceId: string; audit: AuditActor };

/**
 * The doctor's own prescription in the workspace, with its patient's contact, if a pharmacy
 * may still dispense it; 404 for anyone else's, so that a colleague learns nothing of it.
 */
async function findOwnSendable(db: Database, prescriptionId: string, actor: DoctorActor, now: Date) {
  const prescription = await findOwnPrescriptionWithContact(db, prescriptionId, actor);
  if (!prescription) throw new AppError('not_found', messages.prescriptions.notFound);
  if (!sendableStates.has(displayStateOf(prescription, todayInArgentina(now)))) {
    throw new AppError('conflict', messages.signing.notSendable);
  }
  return prescription;
}

/**
 * Sends the doctor's own signed prescription to its patient again, with a new link (earlier
 * links keep working until the prescription expires).
 */
export async function resendToPatient(
  db: Database,
  prescriptionId: string,
  actor: DoctorActor,
  options: { publicUrl: string; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    const prescription = await findOwnSendable(tx, prescriptionId, actor, options.now);
    if (!prescription.email && !prescription.phone) throw new AppError('invalid_data', messages.signing.noContact);
    await deliverToPatient(tx, { prescriptionIds: [prescriptionId], ...options, actor: actor.audit });
  });
}

/**
 * A new link to the doctor's own signed prescription, for the doctor to hand to the patient
 * (a patient without email or phone too); earlier links keep working until it expires.
 */
export async function handOverPatientLink(
  db: Database,
  prescriptionId: string,
  actor: DoctorActor,
  options: { publicUrl: string; now: Date },
): Promise<PatientLinkHandover> {
  return db.transaction(async (tx) => {
    const prescription = await findOwnSendable(tx, prescriptionId, actor, options.now);
    const url = await issueLinkToHandOver(tx, prescriptionId, { ...options, actor: actor.audit });
    // Its patient's data went with the retention job: there is no one to hand a link to.
    if (!url) throw new AppError('not_found', messages.prescriptions.notFound);
    return { url, expiryDate: prescription.expiryDate };
  });
}

/** The prescription a live link opens, with what the patient did with it; 404 otherwise. */
async function openLink(db: Database, token: string, now: Date) {
  const invalid = new AppError('not_found', messages.patientLinks.invalid);
  const prescriptionId = await prescriptionIdOfLink(db, token, now);
  if (!prescriptionId) throw invalid;
  const found = await findSentPrescription(db, prescriptionId);
  if (!found) throw invalid;
  return found;
}

/** What the patient's page shows; a cancelled prescription still opens, to say so. */
export async function readPatientLink(db: Database, token: string, now: Date): Promise<PatientLink> {
  const { prescription, termsAcceptedAt } = await openLink(db, token, now);
  const { name, lastName, licenceType, enrollment } = prescription.prescriber;
  const items = await findItemsOf(db, [prescription.id]);
  return {
    number: prescription.number,
    state: displayStateOf(prescription, todayInArgentina(now)),
    patientName: `${prescription.patientName} ${prescription.patientLastName}`,
    prescriber: { name, lastName, licenceType, enrollment },
    issuedOn: prescription.issuedOn,
    startDate: prescription.startDate,
    expiryDate: prescription.expiryDate,
    items: items.map(({ cuir, subtype }) => ({ cuir, subtype })),
    termsAccepted: termsAcceptedAt !== null,
    cancellationReason: prescription.state === 'cancelled' ? prescription.cancellationReason : null,
  };
}

/** Records the patient's acceptance of the terms, once; accepting again changes nothing. */
export async function acceptTerms(db: Database, token: string, now: Date, actor: AuditActor): Promise<PatientLink> {
  await db.transaction(async (tx) => {
    const { prescription } = await openLink(tx, token, now);
    if (await recordTermsAccepted(tx, prescription.id, now)) {
      await recordAudit(tx, actor, {
        action: prescriptionRecordActions.termsAccepted,
        subjectType: prescriptionEventSubject,
        subjectId: prescription.id,
      });
    }
  });
  return readPatientLink(db, token, now);
}

/**
 * The signed PDF, once the patient accepted the terms, unless the prescription was cancelled:
 * a copy would still look valid at a pharmacy. Each opening is counted and audited.
 */
export async function openSignedPdf(
  db: Database, token: string, now: Date, actor: AuditActor,
): Promise<{ number: number; pdf: Buffer }> {
  return db.transaction(async (tx) => {
    const { prescription, termsAcceptedAt } = await openLink(tx, token, now);
    if (!termsAcceptedAt) throw new AppError('forbidden', messages.patientLinks.termsRequired);
    if (prescription.state === 'cancelled') throw new AppError('conflict', messages.patientLinks.cancelled);
    const pdf = await findSignedPdf(tx, prescription.id);
    if (!pdf) throw new AppError('not_found', messages.prescriptions.pdfNotFound);
    await recordPdfOpened(tx, prescription.id, now);
    await recordAudit(tx, actor, {
      action: prescriptionEventActions.opened, subjectType: prescriptionEventSubject, subjectId: prescription.id,
    });
    return { number: prescription.number, pdf };
  });
}
