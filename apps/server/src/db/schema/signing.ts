import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bytea, users } from './accounts.ts';
import { prescriptions } from './clinical.ts';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * A doctor's signing credential: the certificate the platform CA issued and its private key,
 * encrypted under a master key (named by `masterKeyId`, so that keys can rotate). A doctor
 * has one credential in use; a new one revokes the previous.
 */
export const doctorCredentials = pgTable('doctor_credentials', {
  id: uuid().primaryKey().defaultRandom(),
  userId: uuid().notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** Hexadecimal, as certificate tools print it. */
  serialNumber: text().notNull().unique(),
  certificate: bytea().notNull(),
  /** AES-256-GCM nonce, tag and ciphertext of the PKCS#8 private key. */
  encryptedPrivateKey: bytea().notNull(),
  masterKeyId: text().notNull(),
  notAfter: timestamp({ withTimezone: true }).notNull(),
  createdAt: createdAt(),
  revokedAt: timestamp({ withTimezone: true }),
}, (table) => [
  uniqueIndex('doctor_credentials_in_use_index').on(table.userId).where(sql`${table.revokedAt} is null`),
  index().on(table.masterKeyId),
]);

/** The signed PDF of a prescription, written once when it is signed and never changed. */
export const prescriptionDocuments = pgTable('prescription_documents', {
  prescriptionId: uuid().primaryKey().references(() => prescriptions.id, { onDelete: 'cascade' }),
  pdf: bytea().notNull(),
  /** Hexadecimal SHA-256 of the PDF, by which a signed file is found again. */
  sha256: text().notNull(),
  signedAt: createdAt(),
}, (table) => [index().on(table.sha256)]);
