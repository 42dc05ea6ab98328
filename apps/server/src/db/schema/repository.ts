import type { RepositoryPointerData } from '@receta/domain';
import { repositoryPointerKinds, repositoryPointerStatuses } from '@receta/domain';
import { index, integer, jsonb, pgSequence, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { prescriptions } from './clinical.ts';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** Res. 2214/2025 Annex IV: the "ID transacción", a sequential number the repository generates. */
export const repositoryTransactionIds = pgSequence('repository_transaction_id_seq', { startWith: 1 });

/**
 * Pointers waiting for the national repository (Res. 2214/2025 art. 7), one per item and
 * event, written in the transaction of the signature, cancellation or dispense they tell of.
 * Without `CENTRAL_REPOSITORY_URL` they stay pending, where the superadmin sees them. A
 * patient's deletion under the retention rules takes their pointers with it.
 */
export const repositoryPointers = pgTable('repository_pointers', {
  id: uuid().primaryKey().defaultRandom(),
  kind: text({ enum: repositoryPointerKinds }).notNull(),
  prescriptionId: uuid().notNull().references(() => prescriptions.id, { onDelete: 'cascade' }),
  cuir: text().notNull(),
  /** What is POSTed, as it was when the event happened. */
  data: jsonb().$type<RepositoryPointerData>().notNull(),
  status: text({ enum: repositoryPointerStatuses }).notNull().default('pending'),
  attempts: integer().notNull().default(0),
  nextAttemptAt: createdAt(),
  lastError: text(),
  sentAt: timestamp({ withTimezone: true }),
  createdAt: createdAt(),
}, (table) => [
  index().on(table.status, table.nextAttemptAt),
  index().on(table.createdAt),
  index().on(table.prescriptionId),
]);
