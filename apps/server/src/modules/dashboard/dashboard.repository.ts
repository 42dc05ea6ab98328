import {
  dashboardRules, type DashboardPeriod, type PrescriptionDisplayState, type PrescriptionType,
} from '@receta/domain';
import { and, count, desc, eq, gte, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { doctors, prescriptionItems, prescriptions, users } from '../../db/schema/index.ts';

/** Whose prescriptions a dashboard counts: a workspace's, or in it only one doctor's. */
export interface DashboardReach {
  workspaceId: string;
  /** Set when only the prescriptions this user wrote count. */
  doctorUserId?: string | undefined;
}

/** The prescriptions of the reach issued in the period; the (workspace, doctor, issue date) index finds them. */
function issuedWithin(period: DashboardPeriod, reach?: DashboardReach): SQL | undefined {
  return and(
    reach ? eq(prescriptions.workspaceId, reach.workspaceId) : undefined,
    reach?.doctorUserId ? eq(prescriptions.doctorUserId, reach.doctorUserId) : undefined,
    gte(prescriptions.issuedOn, period.from),
    lte(prescriptions.issuedOn, period.to),
  );
}

const signedCount = sql<number>`count(*) filter (where ${prescriptions.state} <> 'draft')`.mapWith(Number);

/**
 * The state shown on `today`, in SQL: `displayStateOf` of the domain package, so the database
 * can count by it. dashboard.repository.test.ts holds the two to the same answers.
 */
export function displayStateSql(today: string): SQL<PrescriptionDisplayState> {
  return sql<PrescriptionDisplayState>`case
    when ${prescriptions.state} in ('signed', 'partially_dispensed') and ${prescriptions.expiryDate} < ${today}::date then 'expired'
    when ${prescriptions.state} = 'signed' and ${prescriptions.startDate} > ${today}::date then 'pending'
    when ${prescriptions.state} = 'signed' then 'valid'
    else ${prescriptions.state} end`;
}

/** Prescriptions issued and signed in each calendar month of the period, months without any included. */
export function countPerMonth(db: Database, period: DashboardPeriod, reach: DashboardReach) {
  const month = sql`date_trunc('month', ${prescriptions.issuedOn}::timestamp)`;
  const counts = db.select({ month: month.as('month'), issued: count().as('issued'), signed: signedCount.as('signed') })
    .from(prescriptions)
    .where(issuedWithin(period, reach))
    .groupBy(month)
    .as('counts');
  return db.select({
    month: sql<string>`to_char(months.first_day, 'YYYY-MM')`,
    issued: sql<number>`coalesce(${counts.issued}, 0)`.mapWith(Number),
    signed: sql<number>`coalesce(${counts.signed}, 0)`.mapWith(Number),
  })
    .from(sql`generate_series(date_trunc('month', ${period.from}::timestamp), ${period.to}::timestamp, interval '1 month') as months(first_day)`)
    .leftJoin(counts, sql`${counts.month} = months.first_day`)
    .orderBy(sql`months.first_day`);
}

/** Prescriptions issued and signed on each day of the period, on the whole platform, days without any included. */
export function countPerDay(db: Database, period: DashboardPeriod) {
  const counts = db.select({ issuedOn: prescriptions.issuedOn, issued: count().as('issued'), signed: signedCount.as('signed') })
    .from(prescriptions)
    .where(issuedWithin(period))
    .groupBy(prescriptions.issuedOn)
    .as('counts');
  return db.select({
    date: sql<string>`to_char(days.day, 'YYYY-MM-DD')`,
    issued: sql<number>`coalesce(${counts.issued}, 0)`.mapWith(Number),
    signed: sql<number>`coalesce(${counts.signed}, 0)`.mapWith(Number),
  })
    .from(sql`generate_series(${period.from}::timestamp, ${period.to}::timestamp, interval '1 day') as days(day)`)
    .leftJoin(counts, sql`${counts.issuedOn} = days.day::date`)
    .orderBy(sql`days.day`);
}

/** How many of the period's prescriptions there are of each display state and type, one row per pair that occurs. */
export function countByStateAndType(db: Database, period: DashboardPeriod, reach: DashboardReach, today: string) {
  return db.select({ state: displayStateSql(today), type: sql<PrescriptionType>`${prescriptions.type}`, count: count() })
    .from(prescriptions)
    .where(issuedWithin(period, reach))
    // By position: repeated, the state's expression would carry its date as new parameters,
    // which PostgreSQL does not take for the same expression.
    .groupBy(sql`1`, sql`2`);
}

/** Different patients, told apart by DNI because a patient's record may since have been removed. */
export function countPatients(db: Database, period: DashboardPeriod, reach: DashboardReach): Promise<number> {
  return db.select({ patients: sql<number>`count(distinct ${prescriptions.patientDni})`.mapWith(Number) })
    .from(prescriptions)
    .where(issuedWithin(period, reach))
    .then(([row]) => row?.patients ?? 0);
}

/** Signed and not cancelled: what the patients were actually given. */
const givenToPatients = notInArray(prescriptions.state, ['draft', 'cancelled']);

/**
 * The generic names prescribed most often, counting each prescription once. Names typed by
 * hand differ in case from the vademecum's, so they are compared in lower case.
 */
export function findTopMedications(db: Database, period: DashboardPeriod, reach: DashboardReach) {
  const name = sql`lower(${prescriptionItems.genericName})`;
  const prescriptionsWithIt = sql<number>`count(distinct ${prescriptions.id})`.mapWith(Number);
  return db.select({ genericName: sql<string>`min(${prescriptionItems.genericName})`, count: prescriptionsWithIt })
    .from(prescriptions)
    .innerJoin(prescriptionItems, eq(prescriptionItems.prescriptionId, prescriptions.id))
    .where(and(issuedWithin(period, reach), givenToPatients))
    .groupBy(name)
    .orderBy(desc(prescriptionsWithIt), name)
    .limit(dashboardRules.topSize);
}

/** The CIE-10 diagnoses prescribed for most often, with the description the prescriptions printed. */
export function findTopDiagnoses(db: Database, period: DashboardPeriod, reach: DashboardReach) {
  return db.select({
    code: prescriptions.diagnosisCode,
    description: sql<string>`min(${prescriptions.diagnosisDescription})`,
    count: count(),
  })
    .from(prescriptions)
    .where(and(issuedWithin(period, reach), givenToPatients))
    .groupBy(prescriptions.diagnosisCode)
    .orderBy(desc(count()), prescriptions.diagnosisCode)
    .limit(dashboardRules.topSize);
}

/** Approved doctors whose account is active: those who may prescribe today. */
export function countActiveDoctors(db: Database): Promise<number> {
  return db.select({ count: count() })
    .from(doctors)
    .innerJoin(users, eq(users.id, doctors.userId))
    .where(eq(users.status, 'active'))
    .then(([row]) => row?.count ?? 0);
}
