import { and, asc, eq, inArray, isNotNull, lte, notExists, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { dispensations, patientAccess, patients, prescriptions, scheduledJobs } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit.ts';
import { retryDelaysMs } from '../../platform/mail/mail-worker.ts';
import { prescriptionEventActions, prescriptionEventSubject } from '../prescriptions/index.ts';

export const retentionJobKind = 'patient_data_retention';
/** DECISIONS.md, "Retention": 30 days after the patient's first link. */
export const retentionDelayMs = 30 * 24 * 60 * 60_000;

type ScheduledJob = typeof scheduledJobs.$inferSelect;

/**
 * Deletes what DECISIONS.md names when the patient never accepted the terms on any
 * prescription sent to them: the patient row, their drafts and their signed prescriptions
 * nobody dispensed (with items, PDFs, links), each leaving an anonymous audit record. A
 * dispensed or partly dispensed prescription is the pharmacy's legal record and stays, with
 * the patient snapshot it was signed with.
 */
async function retainPatientData(db: Database, job: ScheduledJob): Promise<void> {
  const patientId = job.subjectId;
  const [patient] = await db.select({ id: patients.id }).from(patients).where(eq(patients.id, patientId)).for('update');
  if (!patient) return;
  const ofPatient = eq(prescriptions.patientId, patientId);
  const [accepted] = await db.select({ id: patientAccess.prescriptionId })
    .from(patientAccess)
    .innerJoin(prescriptions, eq(prescriptions.id, patientAccess.prescriptionId))
    .where(and(ofPatient, isNotNull(patientAccess.termsAcceptedAt)))
    .limit(1);
  if (accepted) return;

  // Without accepting the terms the patient could not have opened any PDF, so every
  // prescription here was never delivered; one with a dispense, even undone, is kept.
  const doomed = await db.select({
    id: prescriptions.id,
    issuedOn: prescriptions.issuedOn,
    signedAt: prescriptions.signedAt,
    expiryDate: prescriptions.expiryDate,
    doctorUserId: prescriptions.doctorUserId,
  })
    .from(prescriptions)
    .where(and(
      ofPatient,
      inArray(prescriptions.state, ['draft', 'signed', 'expired', 'cancelled']),
      notExists(db.select({ one: sql`1` }).from(dispensations).where(eq(dispensations.prescriptionId, prescriptions.id))),
    ))
    .for('update');
  // The trigger that guards signed prescriptions lets this transaction, and only it, delete them.
  await db.execute(sql`set local receta.allow_retention_delete = 'on'`);
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
  if (doomed.length > 0) await db.delete(prescriptions).where(inArray(prescriptions.id, doomed.map(({ id }) => id)));
  await db.delete(patients).where(eq(patients.id, patientId));
}

const handlers: Record<string, (db: Database, job: ScheduledJob) => Promise<void>> = {
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
    await db.transaction((savepoint) => handler(savepoint, job));
    await db.update(scheduledJobs).set({ status: 'done', doneAt: now, attempts, lastError: null })
      .where(eq(scheduledJobs.id, job.id));
    return 'done';
  } catch (error) {
    const lastError = error instanceof Error ? error.message : String(error);
    const delay = retryDelaysMs[attempts - 1];
    await db.update(scheduledJobs)
      .set(delay === undefined
        ? { status: 'failed', attempts, lastError }
        : { runAt: new Date(now.getTime() + delay), attempts, lastError })
      .where(eq(scheduledJobs.id, job.id));
    return delay === undefined ? 'failed' : 'retried';
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
      const [job] = await tx.select().from(scheduledJobs)
        .where(and(eq(scheduledJobs.status, 'pending'), lte(scheduledJobs.runAt, now)))
        .orderBy(asc(scheduledJobs.runAt))
        .limit(1)
        .for('update', { skipLocked: true });
      return job ? runJob(tx, job, now) : null;
    });
    if (!outcome) break;
    report[outcome] += 1;
  }
  return report;
}
