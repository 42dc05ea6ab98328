import { index, pgTable, smallint, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { prescriptionItems, prescriptions } from './clinical.ts';

/**
 * One dispense of one item by a pharmacy. The item's `dispensed_quantity` is raised in the
 * same statement that checks it, so two pharmacists pressing at once cannot both dispense the
 * last unit. An undone dispense keeps its row, with who undid it and when.
 */
export const dispensations = pgTable('dispensations', {
  id: uuid().primaryKey().defaultRandom(),
  prescriptionId: uuid().notNull().references(() => prescriptions.id, { onDelete: 'restrict' }),
  itemId: uuid().notNull().references(() => prescriptionItems.id, { onDelete: 'restrict' }),
  quantity: smallint().notNull(),
  pharmacyUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
  dispensedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  undoneAt: timestamp({ withTimezone: true }),
  undoneBy: uuid().references(() => users.id, { onDelete: 'set null' }),
}, (table) => [index().on(table.prescriptionId), index().on(table.itemId)]);
