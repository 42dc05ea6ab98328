import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditEvents, prescriptions } from '../../db/schema/index.ts';
import { prescriptionEventActions, prescriptionEventSubject } from '../prescriptions/index.ts';

const patientOf = sql<string>`${prescriptions.patientName} || ' ' || ${prescriptions.patientLastName}`;

/** The doctor's drafts: how many, and the latest few. */
export async function findDrafts(db: Database, doctorUserId: string, limit: number) {
  const isDraftOf = and(eq(prescriptions.doctorUserId, doctorUserId), eq(prescriptions.state, 'draft'));
  const [latest, [total]] = await Promise.all([
    db.select({
      id: prescriptions.id, number: prescriptions.number, patient: patientOf, createdAt: prescriptions.createdAt,
    })
      .from(prescriptions)
      .where(isDraftOf)
      .orderBy(desc(prescriptions.createdAt))
      .limit(limit),
    db.select({ total: count() }).from(prescriptions).where(isDraftOf),
  ]);
  return { total: total?.total ?? 0, latest };
}

// Events are looked for among the doctor's latest prescriptions only, so that the panel costs
// two index reads however many prescriptions the doctor has written.
const recentPrescriptionsSearched = 50;

/** The latest events on the doctor's recent prescriptions, newest first. */
export function findRecentEvents(db: Database, doctorUserId: string, limit: number) {
  const recent = db.$with('recent').as(
    db.select({ id: prescriptions.id, number: prescriptions.number, patient: patientOf.as('patient') })
      .from(prescriptions)
      .where(eq(prescriptions.doctorUserId, doctorUserId))
      .orderBy(desc(prescriptions.createdAt))
      .limit(recentPrescriptionsSearched),
  );
  return db.with(recent)
    .select({
      id: auditEvents.id,
      action: auditEvents.action,
      at: auditEvents.at,
      prescriptionId: recent.id,
      prescriptionNumber: recent.number,
      patient: recent.patient,
    })
    .from(auditEvents)
    .innerJoin(recent, sql`${auditEvents.subjectId} = ${recent.id}::text`)
    .where(and(
      eq(auditEvents.subjectType, prescriptionEventSubject),
      inArray(auditEvents.action, Object.values(prescriptionEventActions)),
    ))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(limit);
}
