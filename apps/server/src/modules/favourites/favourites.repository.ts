import type { FavouriteKind, PrescriptionKind } from '@receta/domain';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { favourites, users } from '../../db/schema/index.ts';

export interface FavouriteInsert {
  userId: string;
  kind: FavouriteKind;
  prescriptionKind: PrescriptionKind;
  name: string;
  items: unknown[];
}

/** The doctor's favourites, newest first. */
export function findFavouritesOf(db: Database, userId: string, limit: number) {
  return db.select().from(favourites)
    .where(eq(favourites.userId, userId))
    .orderBy(desc(favourites.createdAt), desc(favourites.id))
    .limit(limit);
}

export function countFavouritesOf(db: Database, userId: string): Promise<number> {
  return db.select({ total: count() }).from(favourites).where(eq(favourites.userId, userId))
    .then(([row]) => row?.total ?? 0);
}

/** Locks the doctor's account row until the transaction ends, so two saves count one after the other. */
export async function lockFavouritesOf(db: Database, userId: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export function insertFavourite(db: Database, favourite: FavouriteInsert) {
  return db.insert(favourites).values(favourite).returning().then(([row]) => row);
}

/** Deletes the favourite if it is the doctor's own; answers whether it was. */
export async function deleteFavouriteOf(db: Database, userId: string, id: string): Promise<boolean> {
  const deleted = await db.delete(favourites)
    .where(and(eq(favourites.id, id), eq(favourites.userId, userId)))
    .returning({ id: favourites.id });
  return deleted.length > 0;
}
