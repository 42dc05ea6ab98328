import type { Database } from '../../db/client.ts';
import { recordAudit } from '../../platform/audit.ts';
import { nextAttemptAfter } from '../../platform/retry-schedule.ts';
import { prescriptionEventActions, prescriptionEventSubject, prescriptionRecordActions } from '../prescriptions/index.ts';
import {
  claimDueJob, deletePatientWithPrescriptions, hasAcceptedTermsOnAnyPrescription, lockPatient,
  lockUndispensedPrescriptionsOf, markJobDone, markJobFailed, rescheduleJob, type ScheduledJob,
} from './patient-access.repository.ts';

export const retentionJobKind = 'patient_data_retention';
/** DECISIONS.md, "Retention": 30 days after the patient's first link. */
export const retentionDelayMs = 30 * 24 * 60 * 60_000;
/** Res. 2214/2025 art. 2: what archived and restricted prescriptions are kept for, at least. */
export const controlledRetentionYears = 3;

type UndispensedPrescription = Awaited<ReturnType<typeof lockUndispensedPrescriptionsOf>>[number];

/** Whether a signed prescription of an archived or restricted medicine is still within its 3 years at `now`. */
function isKeptByLaw(prescription: UndispensedPrescription, now: Date): boolean {
  if (prescription.state === 'draft' || !prescription.isControlled || !prescription.signedAt) return false;
  const keptUntil = new Date(prescription.signedAt);
  keptUntil.setUTCFullYear(keptUntil.getUTCFullYear() + controlledRetentionYears);
  return now < keptUntil;
}

/**
 * Deletes what DECISIONS.md names when the patient never accepted the terms on any
 * prescription sent to them: the patient row, their drafts and their signed prescriptions
 * nobody dispensed (with items, PDFs, links), each leaving an anonymous audit record. A
 * dispensed or partly dispensed prescription is the pharmacy's legal record and stays, with
 * the patient snapshot it was signed with; so does, for its 3 years, a signed one with an
 * archived or restricted item, which the audit trail says.
 */
async function retainPatientData(db: Database, job: ScheduledJob, now: Date): Promise<void> {
  const patientId = job.subjectId;
  if (!await lockPatient(db, patientId)) return;
  if (await hasAcceptedTermsOnAnyPrescription(db, patientId)) return;

  // Without accepting the terms the patient could not have opened any PDF, so every
  // prescription here was never delivered; one with a dispense, even undone, is kept.
  const undispensed = await lockUndispensedPrescriptionsOf(db, patientId);
  const keptByLaw = undispensed.filter((prescription) => isKeptByLaw(prescription, now));
  for (const prescription of keptByLaw) {
    await recordAudit(db, { actorUserId: null, pagePath: null }, {
      action: prescriptionRecordActions.retainedControlled,
      subjectType: prescriptionEventSubject,
      subjectId: prescription.id,
      details: { signedAt: prescription.signedAt?.toISOString() ?? null, years: controlledRetentionYears },
    });
  }
  const doomed = undispensed.filter((prescription) => !keptByLaw.includes(prescription));
  for (const prescription of doomed) {
    await recordAudit(db, { actorUserId: null, pagePath: null }, {
      action: prescriptionEventActions.deleted_by_retention,
      subjectType: prescriptionEventSubject,
      subjectId: prescription.id,
      details: {
        issuedOn: prescription.issuedOn,
        signedAt: prescription.signedAt?.toISOString() ?? null,
        expiryDate: prescription.expiryDate,
        doctorUserId: prescription.doctorUserId,
      },
    });
  }
  await deletePatientWithPrescriptions(db, patientId, doomed.map(({ id }) => id));
}

const handlers: Record<string, (db: Database, job: ScheduledJob, now: Date) => Promise<void>> = {
  [retentionJobKind]: retainPatientData,
};

export interface JobsReport {
  done: number;
  retried: number;
  failed: number;
}

/** The job's outcome, written in the transaction that holds its lock. */
async function runJob(db: Database, job: ScheduledJob, now: Date): Promise<keyof JobsReport> {
  const attempts = job.attempts + 1;
  try {
    const handler = handlers[job.kind];
    if (!handler) throw new Error(`No handler for scheduled jobs of kind ${job.kind}`);
    // A savepoint: a failed job undoes its own changes but still records the failure.
    await db.transaction((savepoint) => handler(savepoint, job, now));
    await markJobDone(db, job.id, now, attempts);
    return 'done';
  } catch (error) {
    const lastError = error instanceof Error ? error.message : String(error);
    const runAt = nextAttemptAfter(attempts, now);
    if (runAt === null) {
      await markJobFailed(db, job.id, attempts, lastError);
      return 'failed';
    }
    await rescheduleJob(db, job.id, { runAt, attempts, lastError });
    return 'retried';
  }
}

/**
 * Runs the scheduled jobs due at `now`, up to `limit`, each in its own transaction that holds
 * the job's row lock from claim to completion: another process skips a locked job, so no
 * job runs twice, and one that dies mid-way is released and run again.
 */
export async function runDueJobs(db: Database, now: Date, { limit = 20 } = {}): Promise<JobsReport> {
  const report: JobsReport = { done: 0, retried: 0, failed: 0 };
  for (let index = 0; index < limit; index += 1) {
    const outcome = await db.transaction(async (tx) => {
      const job = await claimDueJob(tx, now);
      return job ? runJob(tx, job, now) : null;
    });
    if (!outcome) break;
    report[outcome] += 1;
  }
  return report;
}
