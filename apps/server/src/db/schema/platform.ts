import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bytea } from './accounts.ts';

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
 * Attempts spent per key (a policy and an account or address): how many, and when the count
 * expires, with its window or with its lock. Shared by every server process, unless Redis keeps
 * them; spent and released by the functions of migration 0025 (decisions 026 and 055).
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

/**
 * The event log (Disp. DNSISA 1/2025 Annexes II and III): every access and every change that
 * matters, append-only. What may name a person (the address, the page, the outcome and the
 * details) is sealed with AES-256-GCM under AUDIT_LOG_KEY; what finds an event (when, who,
 * what, on what) stays readable, so that a prescription's history needs no decryption of the
 * whole log. `contentHash` covers every column the application writes; at commit a deferred
 * trigger chains the event after the last one (`seq`, `prevHash`, `hash`), so that a changed,
 * deleted or reordered row breaks the chain (decision 050). Nothing refers to users with a
 * foreign key, so that no change elsewhere ever rewrites an event.
 */
export const auditEvents = pgTable('audit_events', {
  id: uuid().primaryKey().defaultRandom(),
  at: createdAt(),
  actorUserId: uuid(),
  /** The external app that acted for the user, or the pharmacy system (OAuth2 client row id). */
  oauthClientId: uuid(),
  action: text().notNull(),
  subjectType: text().notNull(),
  subjectId: text().notNull(),
  /** Events written before the log was sealed keep their page and details here until start-up seals them. */
  pagePath: text(),
  details: jsonb().$type<Record<string, unknown>>(),
  keyId: text(),
  sealed: bytea(),
  contentHash: bytea(),
  /** Set at commit by the chaining trigger; null only for an event that never reached the chain. */
  seq: bigint({ mode: 'number' }),
  prevHash: bytea(),
  hash: bytea(),
  /** The order events were written in, which the chain follows among the events of one commit. */
  written: bigint({ mode: 'number' }).generatedByDefaultAsIdentity(),
}, (table) => [
  index().on(table.subjectType, table.subjectId, table.at),
  // What one person did, by action and time: the documents a doctor signed for apps.
  index().on(table.actorUserId, table.action, table.at),
  uniqueIndex().on(table.seq),
  index().on(table.at),
  // The events a commit is about to chain: those sealed and not chained yet.
  index('audit_events_unchained_index').on(table.written).where(sql`${table.hash} is null and ${table.contentHash} is not null`),
]);

/** The end of the event log's chain: one row, locked by each commit that appends to the log. */
export const auditLogHead = pgTable('audit_log_head', {
  id: integer().primaryKey(),
  seq: bigint({ mode: 'number' }).notNull(),
  hash: bytea().notNull(),
});

/**
 * Until when a PostgreSQL server process may answer from memory: one row, renewed by the one
 * process that holds the database's remembering lock, so that a process starting after it has
 * stopped answering (its connection lost, say) waits until then (decision 068).
 */
export const rememberingLease = pgTable('remembering_lease', {
  id: integer().primaryKey(),
  heldUntil: timestamp({ withTimezone: true }).notNull(),
});
