import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn, bigint, boolean, customType, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/** Binary content kept in the database, so that every server process reads the same bytes. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const roles = pgTable('roles', {
  id: uuid().primaryKey().defaultRandom(),
  slug: text().notNull().unique(),
  name: text().notNull(),
  description: text().notNull().default(''),
  landingPage: text(),
  permissions: text().array().notNull().default(sql`'{}'::text[]`),
  isBuiltIn: boolean().notNull().default(false),
  createdAt: createdAt(),
});

export const users = pgTable('users', {
  id: uuid().primaryKey().defaultRandom(),
  /** Stored lower-cased, so that one mailbox is one account. */
  email: text().notNull().unique(),
  passwordHash: text().notNull(),
  /** When the password was chosen: one older than PASSWORD_MAX_AGE_DAYS is changed at the next login. */
  passwordChangedAt: createdAt(),
  displayName: text().notNull(),
  status: text({ enum: ['pending_approval', 'active', 'rejected', 'suspended'] }).notNull(),
  photoUrl: text(),
  /** When the user accepted the terms and the privacy policy; null until then. */
  termsAcceptedAt: timestamp({ withTimezone: true }),
  /** The TOTP secret (base32) from the first login; enrolment completes with the first valid code. */
  totpSecret: text(),
  totpEnabledAt: timestamp({ withTimezone: true }),
  /** The last TOTP time step accepted, so that a code is accepted once. */
  totpLastStep: bigint({ mode: 'number' }),
  settings: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  shortcuts: text().array().notNull().default(sql`'{}'::text[]`),
  createdAt: createdAt(),
  updatedAt: createdAt(),
});

/** A user's roles in order: the first one decides the landing page and the workspace rules. */
export const userRoles = pgTable('user_roles', {
  userId: uuid().notNull().references(() => users.id, { onDelete: 'cascade' }),
  roleId: uuid().notNull().references(() => roles.id, { onDelete: 'restrict' }),
  position: integer().notNull(),
}, (table) => [primaryKey({ columns: [table.userId, table.roleId] }), index().on(table.roleId)]);

/** The professional record of a doctor's account (registration steps 1 and 3). */
export const doctors = pgTable('doctors', {
  userId: uuid().primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  name: text().notNull(),
  lastName: text().notNull(),
  birthDate: date().notNull(),
  dni: text().notNull().unique(),
  cuit: text().notNull().unique(),
  phoneNumber: text().notNull(),
  address: text().notNull(),
  apartment: text(),
  district: text().notNull(),
  province: text().notNull(),
  specialtyId: integer().notNull(),
  jurisdictionCode: text().notNull(),
  enrollment: text().notNull(),
  professionCode: text().notNull(),
  /** argon2id of the signing PIN; null until the doctor follows the confirmation link. */
  pinHash: text(),
  pinFailedAttempts: integer().notNull().default(0),
  rejectionReason: text(),
  reviewedAt: timestamp({ withTimezone: true }),
  reviewedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  /** The doctor's code in the federation's own registry, when known (spec's "reference code"). */
  referenceCode: text(),
  /**
   * The Licencia Sanitaria Federal: the doctor's code in REFEPS (Res. 2214/2025 Annex II).
   * Required at registration; a doctor registered before gives it before their next signature.
   */
  refepsCode: text(),
  /**
   * The jurisdiction's authorisation to prescribe legally restricted medicines (psychotropics of
   * list II, narcotics of lists I-II), as a moderator recorded it from the evidence uploaded:
   * the date the jurisdiction granted it, the evidence file, who recorded it and when.
   */
  restrictedAuthorisedOn: date({ mode: 'string' }),
  restrictedEvidenceFileId: uuid().references((): AnyPgColumn => files.id, { onDelete: 'set null' }),
  restrictedRecordedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  restrictedRecordedAt: timestamp({ withTimezone: true }),
  createdAt: createdAt(),
}, (table) => [
  // The moderation queue, oldest first: only requests nobody has reviewed yet.
  index('doctors_awaiting_review_index').on(table.createdAt).where(sql`${table.reviewedAt} is null`),
]);

/**
 * Uploaded files, kept in the database so that every server process sees them. A file not
 * attached to an account by `expiresAt` is deleted.
 */
export const files = pgTable('files', {
  id: uuid().primaryKey().defaultRandom(),
  ownerUserId: uuid().references(() => users.id, { onDelete: 'cascade' }),
  /** What the file is for an account, e.g. `dniFront`; null until attached. */
  field: text(),
  name: text().notNull(),
  contentType: text().notNull(),
  size: integer().notNull(),
  content: bytea().notNull(),
  expiresAt: timestamp({ withTimezone: true }),
  createdAt: createdAt(),
}, (table) => [index().on(table.ownerUserId), index().on(table.expiresAt)]);

/** Single-use, expiring tokens of the mailed links; only their SHA-256 is stored. */
export const userTokens = pgTable('user_tokens', {
  id: uuid().primaryKey().defaultRandom(),
  userId: uuid().notNull().references(() => users.id, { onDelete: 'cascade' }),
  purpose: text({ enum: ['confirm_account', 'password_recovery', 'pin_recovery', 'invitation'] }).notNull(),
  tokenHash: text().notNull().unique(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  usedAt: timestamp({ withTimezone: true }),
  createdAt: createdAt(),
}, (table) => [index().on(table.userId, table.purpose)]);

/** Server-side sessions behind the access tokens: revoking one ends the token at once. */
export const sessions = pgTable('sessions', {
  id: uuid().primaryKey().defaultRandom(),
  userId: uuid().notNull().references(() => users.id, { onDelete: 'cascade' }),
  userAgent: text(),
  ipAddress: text(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  revokedAt: timestamp({ withTimezone: true }),
  lastSeenAt: createdAt(),
  createdAt: createdAt(),
}, (table) => [index().on(table.userId)]);
