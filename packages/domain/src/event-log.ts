import { z } from 'zod';
import { messages } from './messages.ts';

/** The longest range one export covers: a year of a busy platform is already a large file. */
export const eventLogExportMaxDays = 366;

const calendarDay = z.iso.date(messages.eventLog.invalidDate);

/** `GET /api/event-log/export`: the days (in Argentina) whose events go to the authority. */
export const EventLogExportQuerySchema = z.object({ from: calendarDay, to: calendarDay })
  .refine(({ from, to }) => from <= to, { message: messages.eventLog.rangeReversed, path: ['to'] })
  .refine(({ from, to }) => daysBetween(from, to) < eventLogExportMaxDays, {
    message: messages.eventLog.rangeTooLong, path: ['to'],
  });
export type EventLogExportQuery = z.infer<typeof EventLogExportQuerySchema>;

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
