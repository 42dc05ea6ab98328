import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * Mail waiting to be sent, written in the same transaction as the change that causes it.
 * Without SMTP the rows stay here and the superadmin reads them on the outbox page.
 */
export const mailOutbox = pgTable('mail_outbox', {
  id: uuid().primaryKey().defaultRandom(),
  to: text().notNull(),
  subject: text().notNull(),
  html: text().notNull(),
  text: text().notNull(),
  /** The working link the stored body holds; taken out of the body, and cleared, once the mail is settled. */
  link: text(),
  /** Whose link the mail carries (or carried): an account's, or a patient's prescription. */
  linkKind: text({ enum: ['account', 'patient'] }),
  status: text({ enum: ['pending', 'sent', 'kept', 'failed'] }).notNull().default('pending'),
  attempts: integer().notNull().default(0),
  nextAttemptAt: createdAt(),
  lastError: text(),
  sentAt: timestamp({ withTimezone: true }),
  createdAt: createdAt(),
}, (table) => [index().on(table.status, table.nextAttemptAt), index().on(table.createdAt)]);

/**
 * Attempts spent per key (a policy and an account or address), in the shape rate-limiter-flexible's
 * Drizzle store keeps them: the points spent and when they expire, or until when the key is
 * locked. Shared by every server process, unless Redis keeps them (decision 026).
 */
export const attemptLimits = pgTable('attempt_limits', {
  key: text().primaryKey(),
  points: integer().notNull(),
  expire: timestamp({ withTimezone: true }),
}, (table) => [index().on(table.expire)]);

/** Secrets the platform generates for itself at first start (token signing keys). */
export const platformSecrets = pgTable('platform_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: createdAt(),
});

/** Every change that matters, with who made it, when and from which page. */
export const auditEvents = pgTable('audit_events', {
  id: uuid().primaryKey().defaultRandom(),
  at: createdAt(),
  actorUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
  action: text().notNull(),
  subjectType: text().notNull(),
  subjectId: text().notNull(),
  pagePath: text(),
  details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
}, (table) => [
  index().on(table.subjectType, table.subjectId, table.at),
  // What one person did, by action and time: the documents a doctor signed for apps.
  index().on(table.actorUserId, table.action, table.at),
]);
