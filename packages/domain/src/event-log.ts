import { z } from 'zod';
import * as messages from './messages/index.ts';

/** The longest range one export covers: a year of a busy platform is already a large file. */
export const eventLogExportMaxDays = 366;

const calendarDay = z.iso.date(messages.eventLog.invalidDate);

/** `GET /api/event-log/export`: the days (in Argentina) whose events go to the authority. */
export const EventLogExportQuerySchema = z.object({ from: calendarDay, to: calendarDay })
  .refine((range) => !areDays(range) || range.from <= range.to, {
    message: messages.eventLog.rangeReversed, path: ['to'],
  })
  .refine(
    (range) => !areDays(range) || range.from > range.to || daysBetween(range.from, range.to) < eventLogExportMaxDays,
    { message: messages.eventLog.rangeTooLong, path: ['to'] },
  );
export type EventLogExportQuery = z.infer<typeof EventLogExportQuerySchema>;

/** The range's own checks wait for two dates: a bad one has its message already. */
function areDays(range: { from: unknown; to: unknown }): boolean {
  return calendarDay.safeParse(range.from).success && calendarDay.safeParse(range.to).success;
}

function daysBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
}

/** `POST /api/event-log/verification`: the whole chain walked, and where it first breaks. */
export const EventLogVerificationSchema = z.object({
  total: z.number().int(),
  checked: z.number().int(),
  lastSeq: z.number().int(),
  verifiedAt: z.string(),
  firstBroken: z.object({
    seq: z.number().int().nullable(),
    eventId: z.string().nullable(),
    at: z.string().nullable(),
    reason: z.string(),
  }).nullable(),
});
export type EventLogVerification = z.infer<typeof EventLogVerificationSchema>;
