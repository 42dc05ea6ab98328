import { z } from 'zod';
import { todayInArgentina } from './dates.ts';
import * as messages from './messages/index.ts';
import { prescriptionDisplayStates, prescriptionTypes } from './prescriptions.ts';

const message = messages.dashboard;

export const dashboardRules = {
  /** The default period: this month and the eleven before it, one bar each. */
  defaultMonths: 12,
  /** At most two years, so the monthly chart has at most 24 bars and the daily one about 730 points. */
  maxMonths: 24,
  /** How many medications and diagnoses the rankings show. */
  topSize: 10,
} as const;

/** The first day of the month `months - 1` months before the month of `date`: a period of `months` calendar months. */
export function periodStartFor(date: string, months: number): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  const start = new Date(Date.UTC(year, month - 1 - (months - 1), 1));
  return start.toISOString().slice(0, 10);
}

/** How many calendar months from `from` to `to` touch, both included. */
export function monthsSpanned(from: string, to: string): number {
  const [fromYear, fromMonth] = from.split('-').map(Number) as [number, number];
  const [toYear, toMonth] = to.split('-').map(Number) as [number, number];
  return (toYear - fromYear) * 12 + (toMonth - fromMonth) + 1;
}

/** The presets of the period selector, in the order shown. */
export const dashboardPeriodPresets = ['thisMonth', 'last3Months', 'last12Months'] as const;
export type DashboardPeriodPreset = (typeof dashboardPeriodPresets)[number];

const presetMonths: Record<DashboardPeriodPreset, number> = { thisMonth: 1, last3Months: 3, last12Months: 12 };

/** A preset's period: whole calendar months up to today. */
export function dashboardPeriodOf(preset: DashboardPeriodPreset, today: string = todayInArgentina()): DashboardPeriod {
  return { from: periodStartFor(today, presetMonths[preset]), to: today };
}

/** A calendar date that exists: `2026-02-30` is refused, as a date picker would. */
const calendarDate = z.iso.date(messages.registration.invalidDate);

/**
 * The period the dashboard counts, by issue date, both ends included. Without dates it is the
 * last twelve calendar months up to today. It may not end after today, nor start after its
 * end, nor span more than 24 calendar months.
 */
export const DashboardQuerySchema = z.object({
  from: calendarDate.optional(),
  to: calendarDate.optional(),
}).transform((query, context) => {
  const today = todayInArgentina();
  const to = query.to ?? today;
  const from = query.from ?? periodStartFor(to, dashboardRules.defaultMonths);
  if (to > today) {
    context.addIssue({ code: 'custom', message: message.periodInFuture, path: ['to'] });
  } else if (from > to) {
    context.addIssue({ code: 'custom', message: message.periodReversed, path: ['from'] });
  } else if (monthsSpanned(from, to) > dashboardRules.maxMonths) {
    context.addIssue({ code: 'custom', message: message.periodTooLong, path: ['from'] });
  }
  return { from, to };
});
export type DashboardQuery = z.input<typeof DashboardQuerySchema>;

export const DashboardPeriodSchema = z.object({ from: z.string(), to: z.string() });
export type DashboardPeriod = z.infer<typeof DashboardPeriodSchema>;

const countSchema = z.number().int().nonnegative();

/** Prescriptions issued in one month (YYYY-MM) or on one day (YYYY-MM-DD), and how many of them were signed. */
const IssuedAndSignedSchema = z.object({ issued: countSchema, signed: countSchema });

export const MonthCountSchema = IssuedAndSignedSchema.extend({ month: z.string() });
export type MonthCount = z.infer<typeof MonthCountSchema>;

export const DayCountSchema = IssuedAndSignedSchema.extend({ date: z.string() });
export type DayCount = z.infer<typeof DayCountSchema>;

/** Whose prescriptions the doctor's dashboard counts: the user's own, or the whole workspace's. */
export const dashboardReaches = ['own', 'workspace'] as const;

/**
 * `GET /api/dashboard/medical`: the prescriptions issued in the period, in the current
 * workspace, by the user (or by everyone there, for holders of index.prescription). Every
 * month and every state and type is listed, with zero where there were none.
 */
export const MedicalDashboardSchema = z.object({
  period: DashboardPeriodSchema,
  reach: z.enum(dashboardReaches),
  totals: z.object({
    issued: countSchema,
    signed: countSchema,
    /** Different patients (by DNI) with a prescription in the period. */
    patients: countSchema,
  }),
  perMonth: z.array(MonthCountSchema),
  byState: z.array(z.object({ state: z.enum(prescriptionDisplayStates), count: countSchema })),
  byType: z.array(z.object({ type: z.enum(prescriptionTypes), count: countSchema })),
  /** Over the signed prescriptions that were not cancelled: what patients were given. */
  topMedications: z.array(z.object({ genericName: z.string(), count: countSchema })),
  topDiagnoses: z.array(z.object({ code: z.string(), description: z.string(), count: countSchema })),
});
export type MedicalDashboard = z.infer<typeof MedicalDashboardSchema>;

/** `GET /api/dashboard/admin`: the moderators' queue, the doctors at work and the platform's prescriptions per day. */
export const AdminDashboardSchema = z.object({
  period: DashboardPeriodSchema,
  /** Accounts on the not-authorized page: doctors to review and administrators to authorize. */
  pendingApprovals: countSchema,
  /** Approved doctors whose account is active. */
  activeDoctors: countSchema,
  totals: IssuedAndSignedSchema,
  perDay: z.array(DayCountSchema),
});
export type AdminDashboard = z.infer<typeof AdminDashboardSchema>;
