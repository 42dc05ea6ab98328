import { and, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';

/** How long an upload waits to be attached to an account before the worker deletes it. */
export const unattachedFileLifetimeMs = 24 * 60 * 60 * 1000;

const locationPattern = /^\/api\/files\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** Where a stored file is read (`GET /api/files/{id}`): the `attachment.location` of an upload. */
export function fileLocation(id: string): string {
  return `/api/files/${id}`;
}

/** The id behind a location this server handed out, or null for anything else. */
export function fileIdOfLocation(location: string): string | null {
  return locationPattern.exec(location)?.[1]?.toLowerCase() ?? null;
}

/** A file name safe to keep and to show: no folders, no control characters, bounded. */
function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const printable = base.replace(/[\u0000-\u001f\u007f-\u009f"]/g, '').trim();
  // By characters, not UTF-16 units: half of an emoji would make the name unencodable in a download's header.
  return Array.from(printable).slice(-200).join('') || 'archivo';
}

export interface NewFile {
  name: string;
  contentType: string;
  content: Buffer;
}

/** Stores an upload that belongs to nobody yet; it expires unless an account claims it in time. */
export async function storeUnattachedFile(db: Database, file: NewFile, now = new Date()): Promise<string> {
  const [row] = await db.insert(files).values({
    name: cleanFileName(file.name),
    contentType: file.contentType,
    size: file.content.length,
    content: file.content,
    expiresAt: new Date(now.getTime() + unattachedFileLifetimeMs),
  }).returning({ id: files.id });
  if (!row) throw new Error('The file was not stored');
  return row.id;
}

export function findFile(db: Database, id: string) {
  return db.select().from(files).where(eq(files.id, id)).then(([row]) => row);
}

/**
 * Which of `ids` are still unattached and unexpired, locked until the transaction ends so
 * that two registrations cannot both claim the same upload.
 */
export async function lockClaimableFiles(db: Database, ids: string[], now = new Date()): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: files.id })
    .from(files)
    .where(and(inArray(files.id, ids), isNull(files.ownerUserId), gt(files.expiresAt, now)))
    .for('update');
  return new Set(rows.map((row) => row.id));
}

/** Gives a file to an account for good: it no longer expires. */
export async function attachFile(db: Database, id: string, ownerUserId: string, field: string): Promise<void> {
  await db.update(files).set({ ownerUserId, field, expiresAt: null }).where(eq(files.id, id));
}

/** The locations of an account's attached files by field, for the accounts given. */
export async function findAttachedFiles(db: Database, ownerUserIds: string[]) {
  if (ownerUserIds.length === 0) return [];
  return db.select({ id: files.id, ownerUserId: files.ownerUserId, field: files.field })
    .from(files)
    .where(inArray(files.ownerUserId, ownerUserIds));
}

/** Deletes uploads nobody claimed in time; answers how many. */
export async function deleteExpiredFiles(db: Database, now = new Date()): Promise<number> {
  const deleted = await db.delete(files)
    .where(and(isNull(files.ownerUserId), lte(files.expiresAt, now)))
    .returning({ id: files.id });
  return deleted.length;
}
