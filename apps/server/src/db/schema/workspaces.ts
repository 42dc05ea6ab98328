import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { files, users } from './accounts.ts';

/**
 * A clinic, or a doctor's own practice ("Consultorio <apellido>"), that patients and
 * prescriptions belong to. Members see its patients; the `x-workspace` header picks one.
 */
export const workspaces = pgTable('workspaces', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  /** URL of the avatar image, or null for the default one. */
  avatarUri: text(),
  /** The stored avatar that `avatarUri` serves; replaced and deleted with the workspace. */
  avatarFileId: uuid().references(() => files.id, { onDelete: 'set null' }),
  kind: text({ enum: ['clinic', 'personal'] }).notNull(),
  /** The doctor whose personal practice this is; null for a clinic. */
  ownerUserId: uuid().unique().references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (table) => [index().on(table.name), index().on(table.createdAt)]);

export const workspaceMembers = pgTable('workspace_members', {
  workspaceId: uuid().notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
  userId: uuid().notNull().references(() => users.id, { onDelete: 'cascade' }),
  addedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (table) => [primaryKey({ columns: [table.workspaceId, table.userId] }), index().on(table.userId)]);
