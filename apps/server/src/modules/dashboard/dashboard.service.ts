import {
  prescriptionDisplayStates, prescriptionTypes, todayInArgentina, type AdminDashboard, type DashboardPeriod,
  type MedicalDashboard,
} from '@receta/domain';
import type { Database } from '../../db/client.ts';
import { countPendingUsers, type PendingScope } from '../moderation/index.ts';
import {
  countActiveDoctors, countByStateAndType, countPatients, countPerDay, countPerMonth, findTopDiagnoses,
  findTopMedications, type DashboardReach,
} from './dashboard.repository.ts';

/** The sum of the counts of the rows that match. */
function sumOf<Row extends { count: number }>(rows: readonly Row[], matches: (row: Row) => boolean): number {
  return rows.filter(matches).reduce((sum, row) => sum + row.count, 0);
}

/**
 * The doctor's dashboard (dashboard.medical): the prescriptions issued in the period within
 * `reach`, per month, by state shown today and by type, the patients, and the medications and
 * diagnoses given most often. Every figure is counted by the database.
 */
export async function showMedicalDashboard(
  db: Database, period: DashboardPeriod, reach: DashboardReach, today = todayInArgentina(),
): Promise<MedicalDashboard> {
  const [perMonth, stateAndType, patients, topMedications, topDiagnoses] = await Promise.all([
    countPerMonth(db, period, reach),
    countByStateAndType(db, period, reach, today),
    countPatients(db, period, reach),
    findTopMedications(db, period, reach),
    findTopDiagnoses(db, period, reach),
  ]);
  return {
    period,
    reach: reach.doctorUserId ? 'own' : 'workspace',
    totals: {
      issued: perMonth.reduce((sum, month) => sum + month.issued, 0),
      signed: perMonth.reduce((sum, month) => sum + month.signed, 0),
      patients,
    },
    perMonth,
    byState: prescriptionDisplayStates
      .map((state) => ({ state, count: sumOf(stateAndType, (row) => row.state === state) })),
    byType: prescriptionTypes.map((type) => ({ type, count: sumOf(stateAndType, (row) => row.type === type) })),
    topMedications,
    topDiagnoses,
  };
}

/**
 * The administrators' dashboard: the accounts waiting on the not-authorized page (those it
 * shows them), the active doctors, and the platform's prescriptions per day in the period.
 */
export async function showAdminDashboard(
  db: Database, period: DashboardPeriod, pending: PendingScope,
): Promise<AdminDashboard> {
  const [pendingApprovals, activeDoctors, perDay] = await Promise.all([
    countPendingUsers(db, pending),
    countActiveDoctors(db),
    countPerDay(db, period),
  ]);
  return {
    period,
    pendingApprovals,
    activeDoctors,
    totals: {
      issued: perDay.reduce((sum, day) => sum + day.issued, 0),
      signed: perDay.reduce((sum, day) => sum + day.signed, 0),
    },
    perDay,
  };
}
