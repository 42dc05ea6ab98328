import {
  dashboardRules, type DashboardPeriod, type PrescriptionDisplayState, type PrescriptionType,
} from '@receta/domain';
import { and, count, desc, eq, gte, lte, notInArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared-statement.ts';
import { doctors, prescriptionItems, prescriptions, users } from '../../db/schema/index.ts';

/** Whose prescriptions a dashboard counts: a workspace's, or in it only one doctor's. */
export interface DashboardReach {
  workspaceId: string;
  /** Set when only the prescriptions this user wrote count. */
  doctorUserId?: string | undefined;
}

/** Whose prescriptions a statement counts: one doctor's in a workspace, a workspace's, or every one. */
type Scope = 'own' | 'workspace' | 'platform';

/** What the statements of a dashboard are given: the period and the reach. */
function parametersOf(period: DashboardPeriod, reach?: DashboardReach) {
  return { from: period.from, to: period.to, workspaceId: reach?.workspaceId, doctorUserId: reach?.doctorUserId };
}

/** The prescriptions of the scope issued in the period; the (workspace, doctor, issue date) index finds them. */
function issuedWithin(scope: Scope): SQL | undefined {
  return and(
    scope === 'platform' ? undefined : eq(prescriptions.workspaceId, sql.placeholder('workspaceId')),
    scope === 'own' ? eq(prescriptions.doctorUserId, sql.placeholder('doctorUserId')) : undefined,
    gte(prescriptions.issuedOn, sql.placeholder('from')),
    lte(prescriptions.issuedOn, sql.placeholder('to')),
  );
}

/**
 * A dashboard's statement, named and built once per database for each of the two reaches (a
 * doctor's own prescriptions, or the workspace's): prepared, PostgreSQL and PGlite parse and
 * plan it once rather than at every request, a tenth of a millisecond and more per statement.
 */
function preparedPerReach<Statement>(build: (db: Database, scope: 'own' | 'workspace') => Statement) {
  const own = preparedPerDatabase((db) => build(db, 'own'));
  const workspace = preparedPerDatabase((db) => build(db, 'workspace'));
  return (db: Database, reach: DashboardReach) => (reach.doctorUserId ? own : workspace)(db);
}

const signedCount = sql<number>`count(*) filter (where ${prescriptions.state} <> 'draft')`.mapWith(Number);

/**
 * The state shown on `today`, in SQL: `displayStateOf` of the domain package, so the database
 * can count by it. dashboard.repository.test.ts holds the two to the same answers.
 */
export function displayStateSql(today: string | Placeholder): SQL<PrescriptionDisplayState> {
  return sql<PrescriptionDisplayState>`case
    when ${prescriptions.state} in ('signed', 'partially_dispensed') and ${prescriptions.expiryDate} < ${today}::date then 'expired'
    when ${prescriptions.state} = 'signed' and ${prescriptions.startDate} > ${today}::date then 'pending'
    when ${prescriptions.state} = 'signed' then 'valid'
    else ${prescriptions.state} end`;
}

const perMonth = preparedPerReach((db, scope) => {
  const month = sql`date_trunc('month', ${prescriptions.issuedOn}::timestamp)`;
  const counts = db.select({ month: month.as('month'), issued: count().as('issued'), signed: signedCount.as('signed') })
    .from(prescriptions)
    .where(issuedWithin(scope))
    .groupBy(month)
    .as('counts');
  return db.select({
    month: sql<string>`to_char(months.first_day, 'YYYY-MM')`,
    issued: sql<number>`coalesce(${counts.issued}, 0)`.mapWith(Number),
    signed: sql<number>`coalesce(${counts.signed}, 0)`.mapWith(Number),
  })
    .from(sql`generate_series(date_trunc('month', ${sql.placeholder('from')}::timestamp), ${sql.placeholder('to')}::timestamp, interval '1 month') as months(first_day)`)
    .leftJoin(counts, sql`${counts.month} = months.first_day`)
    .orderBy(sql`months.first_day`)
    .prepare(`dashboard_per_month_${scope}`);
});

/** Prescriptions issued and signed in each calendar month of the period, months without any included. */
export function countPerMonth(db: Database, period: DashboardPeriod, reach: DashboardReach) {
  return perMonth(db, reach).execute(parametersOf(period, reach));
}

const perDay = preparedPerDatabase((db) => {
  const counts = db.select({ issuedOn: prescriptions.issuedOn, issued: count().as('issued'), signed: signedCount.as('signed') })
    .from(prescriptions)
    .where(issuedWithin('platform'))
    .groupBy(prescriptions.issuedOn)
    .as('counts');
  return db.select({
    date: sql<string>`to_char(days.day, 'YYYY-MM-DD')`,
    issued: sql<number>`coalesce(${counts.issued}, 0)`.mapWith(Number),
    signed: sql<number>`coalesce(${counts.signed}, 0)`.mapWith(Number),
  })
    .from(sql`generate_series(${sql.placeholder('from')}::timestamp, ${sql.placeholder('to')}::timestamp, interval '1 day') as days(day)`)
    .leftJoin(counts, sql`${counts.issuedOn} = days.day::date`)
    .orderBy(sql`days.day`)
    .prepare('dashboard_per_day');
});

/** Prescriptions issued and signed on each day of the period, on the whole platform, days without any included. */
export function countPerDay(db: Database, period: DashboardPeriod) {
  return perDay(db).execute(parametersOf(period));
}

const byStateAndType = preparedPerReach((db, scope) => db
  .select({ state: displayStateSql(sql.placeholder('today')), type: sql<PrescriptionType>`${prescriptions.type}`, count: count() })
  .from(prescriptions)
  .where(issuedWithin(scope))
  // By position: written again, the state's expression would bind its day as parameters of its
  // own, which PostgreSQL does not take for the same expression.
  .groupBy(sql`1`, sql`2`)
  .prepare(`dashboard_by_state_and_type_${scope}`));

/** How many of the period's prescriptions there are of each display state and type, one row per pair that occurs. */
export function countByStateAndType(db: Database, period: DashboardPeriod, reach: DashboardReach, today: string) {
  return byStateAndType(db, reach).execute({ ...parametersOf(period, reach), today });
}

const patientsCount = preparedPerReach((db, scope) => db
  .select({ patients: sql<number>`count(distinct ${prescriptions.patientDni})`.mapWith(Number) })
  .from(prescriptions)
  .where(issuedWithin(scope))
  .prepare(`dashboard_patients_${scope}`));

/** Different patients, told apart by DNI because a patient's record may since have been removed. */
export function countPatients(db: Database, period: DashboardPeriod, reach: DashboardReach): Promise<number> {
  return patientsCount(db, reach).execute(parametersOf(period, reach)).then(([row]) => row?.patients ?? 0);
}

/** Signed and not cancelled: what the patients were actually given. */
const givenToPatients = notInArray(prescriptions.state, ['draft', 'cancelled']);

const topMedications = preparedPerReach((db, scope) => {
  const name = sql`lower(${prescriptionItems.genericName})`;
  const prescriptionsWithIt = sql<number>`count(distinct ${prescriptions.id})`.mapWith(Number);
  return db.select({ genericName: sql<string>`min(${prescriptionItems.genericName})`, count: prescriptionsWithIt })
    .from(prescriptions)
    .innerJoin(prescriptionItems, eq(prescriptionItems.prescriptionId, prescriptions.id))
    .where(and(issuedWithin(scope), givenToPatients))
    .groupBy(name)
    .orderBy(desc(prescriptionsWithIt), name)
    .limit(dashboardRules.topSize)
    .prepare(`dashboard_top_medications_${scope}`);
});

/**
 * The generic names prescribed most often, counting each prescription once. Names typed by
 * hand differ in case from the vademecum's, so they are compared in lower case.
 */
export function findTopMedications(db: Database, period: DashboardPeriod, reach: DashboardReach) {
  return topMedications(db, reach).execute(parametersOf(period, reach));
}

const topDiagnoses = preparedPerReach((db, scope) => db
  .select({
    code: prescriptions.diagnosisCode,
    description: sql<string>`min(${prescriptions.diagnosisDescription})`,
    count: count(),
  })
  .from(prescriptions)
  .where(and(issuedWithin(scope), givenToPatients))
  .groupBy(prescriptions.diagnosisCode)
  .orderBy(desc(count()), prescriptions.diagnosisCode)
  .limit(dashboardRules.topSize)
  .prepare(`dashboard_top_diagnoses_${scope}`));

/** The CIE-10 diagnoses prescribed for most often, with the description the prescriptions printed. */
export function findTopDiagnoses(db: Database, period: DashboardPeriod, reach: DashboardReach) {
  return topDiagnoses(db, reach).execute(parametersOf(period, reach));
}

/** Approved doctors whose account is active: those who may prescribe today. */
export function countActiveDoctors(db: Database): Promise<number> {
  return db.select({ count: count() })
    .from(doctors)
    .innerJoin(users, eq(users.id, doctors.userId))
    .where(eq(users.status, 'active'))
    .then(([row]) => row?.count ?? 0);
}
