import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { prescriptions } from './clinical.ts';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * Text messages waiting to be sent, written in the same transaction as the change that causes
 * them. Without an SMS transport configured the rows stay here, like mail without SMTP.
 */
export const smsOutbox = pgTable('sms_outbox', {
  id: uuid().primaryKey().defaultRandom(),
  to: text().notNull(),
  text: text().notNull(),
  /** The working link the stored text holds; taken out of it, and cleared, once the message is settled. */
  link: text(),
  /** Whose link the message carries (or carried), as in the mail outbox. */
  linkKind: text({ enum: ['account', 'patient'] }),
  status: text({ enum: ['pending', 'sent', 'kept', 'failed'] }).notNull().default('pending'),
  attempts: integer().notNull().default(0),
  nextAttemptAt: createdAt(),
  lastError: text(),
  sentAt: timestamp({ withTimezone: true }),
  createdAt: createdAt(),
}, (table) => [index().on(table.status, table.nextAttemptAt), index().on(table.createdAt)]);

/** What the patient did with a signed prescription sent to them. */
export const patientAccess = pgTable('patient_access', {
  prescriptionId: uuid().primaryKey().references(() => prescriptions.id, { onDelete: 'cascade' }),
  firstSentAt: timestamp({ withTimezone: true }).notNull(),
  lastSentAt: timestamp({ withTimezone: true }).notNull(),
  /** When the patient accepted the terms and the privacy policy; null until then. */
  termsAcceptedAt: timestamp({ withTimezone: true }),
  openCount: integer().notNull().default(0),
  lastOpenedAt: timestamp({ withTimezone: true }),
});

/**
 * The patient's links: only the SHA-256 of each token is kept. A link is valid until the
 * prescription expires; sending again issues a new token and leaves the earlier ones valid.
 */
export const patientLinkTokens = pgTable('patient_link_tokens', {
  tokenHash: text().primaryKey(),
  prescriptionId: uuid().notNull().references(() => prescriptions.id, { onDelete: 'cascade' }),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  createdAt: createdAt(),
}, (table) => [index().on(table.prescriptionId)]);

/**
 * Work due at a later time that must survive a crash and a restart (the retention of a
 * patient's data the patient never accepted), written in the same transaction as the change
 * that schedules it and claimed by any server process with `for update skip locked`.
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  id: uuid().primaryKey().defaultRandom(),
  kind: text().notNull(),
  /** Identifies the job's subject, so that scheduling it twice keeps one row per kind. */
  subjectId: text().notNull(),
  runAt: timestamp({ withTimezone: true }).notNull(),
  payload: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  status: text({ enum: ['pending', 'done', 'failed'] }).notNull().default('pending'),
  attempts: integer().notNull().default(0),
  lastError: text(),
  doneAt: timestamp({ withTimezone: true }),
  createdAt: createdAt(),
}, (table) => [index().on(table.status, table.runAt), index().on(table.kind, table.subjectId)]);
