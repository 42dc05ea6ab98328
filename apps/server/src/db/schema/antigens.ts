import { antigenResults } from '@receta/domain';
import { date, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { files, users } from './accounts.ts';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** An organisation that has its people tested with rapid antigen tests; its user manages them. */
export const owners = pgTable('owners', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  cuit: text().notNull().unique(),
  address: text().notNull(),
  province: text().notNull(),
  contactName: text().notNull(),
  email: text().notNull(),
  phone: text().notNull(),
  /** The owner's account (role owner), invited by mail when the owner is created. */
  userId: uuid().unique().references(() => users.id, { onDelete: 'set null' }),
  /** Lower-case, accent-free name and CUIT, for the list's search. */
  searchText: text().notNull(),
  createdAt: createdAt(),
}, (table) => [index().on(table.name)]);

/**
 * A person an owner has tested. The last test's result and date are kept on the row, in the
 * same transaction as the test, so the list filters and sorts by them through an index.
 */
export const employees = pgTable('employees', {
  id: uuid().primaryKey().defaultRandom(),
  ownerId: uuid().notNull().references(() => owners.id, { onDelete: 'cascade' }),
  name: text().notNull(),
  lastName: text().notNull(),
  dni: text().notNull(),
  birthDate: date({ mode: 'string' }).notNull(),
  email: text(),
  phone: text(),
  position: text(),
  lastResult: text({ enum: antigenResults }),
  lastTestedOn: date({ mode: 'string' }),
  /** Lower-case, accent-free last name, name and DNI, for the list's search. */
  searchText: text().notNull(),
  createdAt: createdAt(),
}, (table) => [
  unique().on(table.ownerId, table.dni),
  index().on(table.ownerId, table.lastName, table.name),
  index().on(table.ownerId, table.lastResult),
]);

/** One rapid antigen test of an employee. */
export const antigenTests = pgTable('antigen_tests', {
  id: uuid().primaryKey().defaultRandom(),
  employeeId: uuid().notNull().references(() => employees.id, { onDelete: 'cascade' }),
  testedOn: date({ mode: 'string' }).notNull(),
  result: text({ enum: antigenResults }).notNull(),
  place: text().notNull(),
  /** The uploaded certificate, checked by content like every upload. */
  certificateFileId: uuid().references(() => files.id, { onDelete: 'set null' }),
  recordedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
}, (table) => [index().on(table.employeeId, table.testedOn)]);
