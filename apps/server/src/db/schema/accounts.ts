import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const roles = pgTable('roles', {
  id: uuid().primaryKey().defaultRandom(),
  slug: text().notNull().unique(),
  name: text().notNull(),
  description: text().notNull().default(''),
  landingPage: text(),
  permissions: text().array().notNull().default(sql`'{}'::text[]`),
  isBuiltIn: boolean().notNull().default(false),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const users = pgTable('users', {
  id: uuid().primaryKey().defaultRandom(),
  /** Stored lower-cased, so that one mailbox is one account. */
  email: text().notNull().unique(),
  passwordHash: text().notNull(),
  displayName: text().notNull(),
  status: text({ enum: ['pending_approval', 'active', 'rejected', 'suspended'] }).notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A user's roles in order: the first one decides the landing page and the workspace rules. */
export const userRoles = pgTable('user_roles', {
  userId: uuid().notNull().references(() => users.id, { onDelete: 'cascade' }),
  roleId: uuid().notNull().references(() => roles.id, { onDelete: 'restrict' }),
  position: integer().notNull(),
}, (table) => [primaryKey({ columns: [table.userId, table.roleId] })]);
