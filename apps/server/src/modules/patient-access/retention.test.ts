import { randomUUID } from 'node:crypto';
import type { PrescriptionState } from '@receta/domain';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../../test/database.ts';
import {
  createPatientRecord, createPrescribingDoctor, createPrescription, sampleMedications,
} from '../../../test/factories/prescriptions.ts';
import { createWorkspace } from '../../../test/factories/workspaces.ts';
import { useTestApp } from '../../../test/helper.ts';
import {
  auditEvents, dispensations, mailOutbox, patientLinkTokens, patients, prescriptionDocuments, prescriptionItems,
  prescriptions, scheduledJobs,
} from '../../db/schema/index.ts';
import { deliverToPatient } from './patient-delivery.ts';
import { retentionDelayMs, runDueJobs } from './retention.ts';
import { readAuditEvents } from '../../../test/audit-events.ts';

const test = useTestApp();
const day = 24 * 60 * 60_000;

let workspaceId: string;
let doctorId: string;

beforeAll(async () => {
  doctorId = (await createPrescribingDoctor(test.app)).id;
  workspaceId = (await createWorkspace(test.app, { memberIds: [doctorId] })).id;
});

async function newPatient() {
  const patient = await createPatientRecord(test.app, { workspaceId });
  const email = `paciente-${randomUUID()}@receta.test`;
  await test.app.db.update(patients).set({ email }).where(eq(patients.id, patient.id));
  return { ...patient, email };
}

async function prescriptionOf(patientId: string, state: PrescriptionState, dispensed = false) {
  const prescription = await createPrescription(test.app, { workspaceId, doctorUserId: doctorId, patientId, state });
  if (state !== 'draft') {
    await test.app.db.insert(prescriptionDocuments)
      .values({ prescriptionId: prescription.id, pdf: Buffer.from('%PDF-1.7\n'), sha256: randomUUID() });
  }
  if (dispensed) {
    const [item] = await test.app.db.select().from(prescriptionItems)
      .where(eq(prescriptionItems.prescriptionId, prescription.id));
    await test.app.db.insert(dispensations)
      .values({ prescriptionId: prescription.id, itemId: item?.id ?? '', quantity: 1 });
  }
  return prescription;
}

/** A promise and the function that settles it, to hold a transaction open. */
function signal() {
  let resolve = () => undefined as void;
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

function deliver(prescriptionIds: string[], now: Date) {
  return test.app.db.transaction((tx) => deliverToPatient(tx, {
    prescriptionIds, publicUrl: test.config.publicUrl, now, actor: { actorUserId: doctorId, pagePath: null },
  }));
}

async function existing(ids: string[]): Promise<string[]> {
  const rows = await test.app.db.select({ id: prescriptions.id }).from(prescriptions)
    .where(inArray(prescriptions.id, ids));
  return rows.map(({ id }) => id).sort();
}

async function jobOf(patientId: string) {
  const [job] = await test.app.db.select().from(scheduledJobs).where(eq(scheduledJobs.subjectId, patientId));
  if (!job) throw new Error(`No job for ${patientId}`);
  return job;
}

describe('the retention job', () => {
  it('30 days after the first link, deletes an unaccepting patient and their undelivered prescriptions, keeping dispensed ones', async () => {
    const patient = await newPatient();
    const draft = await prescriptionOf(patient.id, 'draft');
    const undelivered = await prescriptionOf(patient.id, 'signed');
    const dispensed = await prescriptionOf(patient.id, 'dispensed', true);
    const partly = await prescriptionOf(patient.id, 'partially_dispensed', true);
    const other = await newPatient();
    const othersPrescription = await prescriptionOf(other.id, 'signed');
    const sentAt = new Date();
    await deliver([undelivered.id, dispensed.id, partly.id], sentAt);
    const all = [draft.id, undelivered.id, dispensed.id, partly.id, othersPrescription.id];

    expect(await runDueJobs(test.app.db, new Date(sentAt.getTime() + retentionDelayMs - 1000)))
      .toMatchObject({ done: 0 });
    expect(await existing(all)).toEqual([...all].sort());

    const report = await runDueJobs(test.app.db, new Date(sentAt.getTime() + retentionDelayMs));
    expect(report).toEqual({ done: 1, retried: 0, failed: 0 });
    expect(await test.app.db.select().from(patients).where(eq(patients.id, patient.id))).toEqual([]);
    expect(await test.app.db.select().from(patients).where(eq(patients.id, other.id))).toHaveLength(1);
    expect(await existing(all)).toEqual([dispensed.id, partly.id, othersPrescription.id].sort());
    expect(await test.app.db.select().from(prescriptionDocuments)
      .where(inArray(prescriptionDocuments.prescriptionId, [undelivered.id]))).toEqual([]);
    expect(await test.app.db.select().from(patientLinkTokens)
      .where(eq(patientLinkTokens.prescriptionId, undelivered.id))).toEqual([]);
    // The pharmacy's record keeps the patient as signed.
    const [kept] = await test.app.db.select().from(prescriptions).where(eq(prescriptions.id, dispensed.id));
    expect(kept).toMatchObject({ patientId: null, patientDni: patient.dni, patientName: patient.name });

    const records = await readAuditEvents(test.app.db, eq(auditEvents.action, 'prescription.deleted_by_retention'));
    expect(records.map((record) => record.subjectId).sort()).toEqual([draft.id, undelivered.id].sort());
    const signedRecord = records.find((record) => record.subjectId === undelivered.id);
    expect(signedRecord).toMatchObject({
      actorUserId: null,
      subjectType: 'prescription',
      details: {
        issuedOn: undelivered.issuedOn,
        signedAt: undelivered.signedAt?.toISOString(),
        expiryDate: undelivered.expiryDate,
        doctorUserId: doctorId,
      },
    });
    expect(JSON.stringify(records)).not.toContain(patient.dni);
    expect(await jobOf(patient.id)).toMatchObject({ status: 'done', attempts: 1 });

    const [mail] = await test.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, patient.email));
    const token = /\/p\/([\w-]+)/.exec(mail?.text ?? '')?.[1];
    expect((await test.app.inject({ url: `/api/public/patient-links/${token}` })).statusCode).toBe(404);
  });

  it('deletes nothing once the patient accepted the terms of any prescription sent', async () => {
    const patient = await newPatient();
    const opened = await prescriptionOf(patient.id, 'signed');
    const unopened = await prescriptionOf(patient.id, 'signed');
    const sentAt = new Date();
    await deliver([opened.id, unopened.id], sentAt);
    const [mail] = await test.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, patient.email));
    const token = /\/p\/([\w-]+)/.exec(mail?.text ?? '')?.[1];
    const accepted = await test.app.inject({ method: 'POST', url: `/api/public/patient-links/${token}/accept` });
    expect(accepted.statusCode).toBe(200);

    await runDueJobs(test.app.db, new Date(sentAt.getTime() + retentionDelayMs + day));
    expect(await jobOf(patient.id)).toMatchObject({ status: 'done' });
    expect(await existing([opened.id, unopened.id])).toEqual([opened.id, unopened.id].sort());
    expect(await test.app.db.select().from(patients).where(eq(patients.id, patient.id))).toHaveLength(1);
  });

  it('runs a job once when two workers look for due jobs at the same time', async () => {
    const people = await Promise.all([newPatient(), newPatient(), newPatient()]);
    const sent = await Promise.all(people.map((patient) => prescriptionOf(patient.id, 'signed')));
    const sentAt = new Date();
    await deliver(sent.map(({ id }) => id), sentAt);

    const runAt = new Date(sentAt.getTime() + retentionDelayMs + 2 * day);
    const reports = await Promise.all([runDueJobs(test.app.db, runAt), runDueJobs(test.app.db, runAt)]);
    expect(reports.reduce((total, report) => total + report.done, 0)).toBe(3);
    expect(reports.every((report) => report.failed + report.retried === 0)).toBe(true);
    const records = await readAuditEvents(test.app.db, inArray(auditEvents.subjectId, sent.map(({ id }) => id)));
    expect(records.filter((record) => record.action === 'prescription.deleted_by_retention')).toHaveLength(3);
  });

  it.skipIf(!testDatabaseUrl())('skips a job another process holds, without waiting for it', async () => {
    const patient = await newPatient();
    const sentAt = new Date();
    await deliver([(await prescriptionOf(patient.id, 'signed')).id], sentAt);
    const runAt = new Date(sentAt.getTime() + retentionDelayMs + 3 * day);
    const job = await jobOf(patient.id);

    const released = signal();
    const claimed = signal();
    const holder = test.app.db.transaction(async (tx) => {
      await tx.select().from(scheduledJobs).where(eq(scheduledJobs.id, job.id)).for('update');
      claimed.resolve();
      await released.promise;
    });
    await claimed.promise;
    try {
      expect(await runDueJobs(test.app.db, runAt)).toMatchObject({ done: 0 });
      expect(await jobOf(patient.id)).toMatchObject({ status: 'pending' });
    } finally {
      released.resolve();
      await holder;
    }
    expect(await runDueJobs(test.app.db, runAt)).toMatchObject({ done: 1 });
  });
});

describe('the retention job on archived and restricted prescriptions', () => {
  it('keeps, for 3 years, a signed one whose patient never accepted, and says so; deletes a plain one as before', async () => {
    const patient = await newPatient();
    const archived = await createPrescription(test.app, {
      workspaceId, doctorUserId: doctorId, patientId: patient.id, state: 'signed',
      items: [{ ...sampleMedications.clonazepam, subtype: 'archived' }],
    });
    const plain = await prescriptionOf(patient.id, 'signed');
    const sentAt = new Date();
    await deliver([archived.id, plain.id], sentAt);

    const report = await runDueJobs(test.app.db, new Date(sentAt.getTime() + retentionDelayMs + day));
    expect(report).toEqual({ done: 1, retried: 0, failed: 0 });
    expect(await existing([archived.id, plain.id])).toEqual([archived.id]);
    const [kept] = await test.app.db.select().from(prescriptions).where(eq(prescriptions.id, archived.id));
    expect(kept).toMatchObject({ state: 'signed', patientId: null, patientDni: patient.dni });
    expect(await test.app.db.select().from(prescriptionItems).where(eq(prescriptionItems.prescriptionId, archived.id)))
      .toHaveLength(1);
    const retained = await readAuditEvents(test.app.db, eq(auditEvents.action, 'prescription.retained_controlled'));
    expect(retained.map((record) => record.subjectId)).toEqual([archived.id]);
    expect(retained[0]).toMatchObject({ actorUserId: null, subjectType: 'prescription', details: { years: 3 } });
  });
});
