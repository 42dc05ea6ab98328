import { formatDisplayDate, type Prescriber } from '@receta/domain';
import type { Database } from '../../db/client.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { enqueueSms } from '../../platform/sms/sms-outbox.ts';
import { issuePatientLink, patientLinkUrl } from './patient-links.ts';
import {
  hasScheduledJob, insertScheduledJob, lockPatientsOf, recordSendToPatient,
} from './patient-access.repository.ts';
import { retentionDelayMs, retentionJobKind } from './retention.ts';
import { prescriptionEventActions, prescriptionEventSubject } from '../prescriptions/index.ts';

export interface DeliveryInput {
  prescriptionIds: string[];
  /** The web app's address, where `/p/{token}` opens the patient's page. */
  publicUrl: string;
  now: Date;
  actor: AuditActor;
}

/** How a link reached the patient: mailed, texted, or handed over by the doctor. */
type Channel = 'email' | 'sms' | 'link';

interface SentPrescription {
  number: number;
  prescriber: Prescriber;
  startDate: string;
  expiryDate: string;
}

function prescriberName(prescriber: Prescriber): string {
  return `${prescriber.name} ${prescriber.lastName}`;
}

function mailAbout(prescription: SentPrescription, patientName: string, url: string) {
  const until = formatDisplayDate(prescription.expiryDate);
  return {
    subject: `Su receta electrónica N.º ${prescription.number}`,
    greeting: `Hola, ${patientName}:`,
    paragraphs: [
      `${prescriberName(prescription.prescriber)} le envió la receta electrónica N.º ${prescription.number}.`,
      `Puede presentarla en la farmacia desde el ${formatDisplayDate(prescription.startDate)} hasta el ${until}.`,
      'Para verla y descargarla, abra el enlace y acepte los términos y condiciones y la política de privacidad.',
    ],
    action: { label: 'Ver mi receta', url },
    note: `El enlace funciona hasta el ${until}. No lo comparta: quien lo tenga puede ver su receta.`,
  };
}

// Short enough for two SMS segments with the link.
function smsAbout(prescription: SentPrescription, url: string): string {
  return `Receta N.º ${prescription.number} de ${prescriberName(prescription.prescriber)}, válida del `
    + `${formatDisplayDate(prescription.startDate)} al ${formatDisplayDate(prescription.expiryDate)}: ${url}`;
}

/**
 * Schedules the retention of the patient's data 30 days after their first link, once per
 * patient: a later send neither moves nor repeats it (DECISIONS.md, "Retention").
 */
async function scheduleRetention(db: Database, patientId: string, now: Date): Promise<void> {
  if (await hasScheduledJob(db, retentionJobKind, patientId)) return;
  await insertScheduledJob(db, {
    kind: retentionJobKind, subjectId: patientId, runAt: new Date(now.getTime() + retentionDelayMs),
  });
}

/**
 * Issues a new link to a prescription and records that it went to the patient by `channels`:
 * the send's date, the retention it starts, the audit event. Answers the link's address.
 */
async function issueLinkFor(
  db: Database,
  prescription: { id: string; expiryDate: string; patientId: string },
  channels: Channel[],
  input: Omit<DeliveryInput, 'prescriptionIds'>,
): Promise<string> {
  const url = patientLinkUrl(input.publicUrl, await issuePatientLink(db, prescription));
  await recordSendToPatient(db, prescription.id, input.now);
  await scheduleRetention(db, prescription.patientId, input.now);
  await recordAudit(db, input.actor, {
    action: prescriptionEventActions.sent,
    subjectType: prescriptionEventSubject,
    subjectId: prescription.id,
    details: { channels },
  });
  return url;
}

/**
 * Sends each signed prescription to its patient by mail and SMS, whichever the patient
 * record has, with a new link; call it in the transaction that signed them. Prescriptions
 * whose patient has neither are skipped. Answers the ids of the prescriptions sent.
 */
export async function deliverToPatient(db: Database, input: DeliveryInput): Promise<string[]> {
  if (input.prescriptionIds.length === 0) return [];
  const sent: string[] = [];
  for (const row of await lockPatientsOf(db, input.prescriptionIds)) {
    const channels: Channel[] = [...row.email ? ['email' as const] : [], ...row.phone ? ['sms' as const] : []];
    if (channels.length === 0) continue;
    const url = await issueLinkFor(db, row, channels, input);
    // Patients' links: the workers take them out of the stored copies once delivered, and the
    // outbox never shows them.
    if (row.email) await enqueueMail(db, row.email, mailAbout(row, row.patientName, url), { linkKind: 'patient' });
    if (row.phone) await enqueueSms(db, row.phone, smsAbout(row, url), { url, kind: 'patient' });
    sent.push(row.id);
  }
  return sent;
}

/**
 * A new link to a signed prescription for its doctor to hand to the patient (copied, not
 * sent), recorded as a send; null when the prescription has no patient any more. The caller
 * checks that the prescription is the doctor's own.
 */
export async function issueLinkToHandOver(
  db: Database, prescriptionId: string, input: Omit<DeliveryInput, 'prescriptionIds'>,
): Promise<string | null> {
  const [row] = await lockPatientsOf(db, [prescriptionId]);
  return row ? issueLinkFor(db, row, ['link'], input) : null;
}

function cancellationMail(prescription: SentPrescription, patientName: string, reason: string) {
  return {
    subject: `Su receta electrónica N.º ${prescription.number} fue anulada`,
    greeting: `Hola, ${patientName}:`,
    paragraphs: [
      `${prescriberName(prescription.prescriber)} anuló la receta electrónica N.º ${prescription.number}.`,
      `Motivo: ${reason}`,
      'Ya no puede presentarla en la farmacia. Si necesita el medicamento, consulte a su médico.',
    ],
  };
}

function cancellationSms(prescription: SentPrescription, reason: string): string {
  return `La receta N.º ${prescription.number} de ${prescriberName(prescription.prescriber)} fue anulada. `
    + `Motivo: ${reason}. Ya no puede usarla en la farmacia.`;
}

/**
 * Tells the patient by mail and SMS, whichever the patient record has, that the prescription
 * was cancelled and why; call it in the transaction that cancels it. The notice carries no
 * link: there is nothing left to present at a pharmacy.
 */
export async function notifyPatientOfCancellation(
  db: Database, { prescriptionId, reason }: { prescriptionId: string; reason: string },
): Promise<void> {
  const [row] = await lockPatientsOf(db, [prescriptionId]);
  if (!row) return;
  if (row.email) await enqueueMail(db, row.email, cancellationMail(row, row.patientName, reason));
  if (row.phone) await enqueueSms(db, row.phone, cancellationSms(row, reason));
}
