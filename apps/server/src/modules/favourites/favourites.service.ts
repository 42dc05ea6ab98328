import {
  maxFavouritesPerDoctor, messages, PrescriptionItemValuesSchema, type Favourite, type FavouriteInputSchema,
} from '@receta/domain';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { favourites } from '../../db/schema/index.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { withSubtypes } from '../prescriptions/index.ts';
import {
  countFavouritesOf, deleteFavouriteOf, findFavouritesOf, insertFavourite, lockFavouritesOf,
} from './favourites.repository.ts';

export type FavouriteData = z.output<typeof FavouriteInputSchema>;
type FavouriteRow = typeof favourites.$inferSelect;

const ItemValuesWithoutSubtypeSchema = PrescriptionItemValuesSchema.omit({ subtype: true }).array();

/** The favourites as the API shows them, each line with the subtype the vademecum gives it today. */
async function favouritesOf(db: Database, rows: FavouriteRow[]): Promise<Favourite[]> {
  const lines = rows.map((row) => ItemValuesWithoutSubtypeSchema.parse(row.items));
  const withSubtype = await withSubtypes(db, lines.flat());
  let next = 0;
  return rows.map((row, index) => {
    const count = lines[index]?.length ?? 0;
    const items = withSubtype.slice(next, next + count);
    next += count;
    return {
      id: row.id,
      kind: row.kind,
      prescriptionKind: row.prescriptionKind,
      name: row.name,
      items,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

/** The doctor's own favourites, newest first. */
export async function listFavourites(db: Database, userId: string): Promise<Favourite[]> {
  return favouritesOf(db, await findFavouritesOf(db, userId, maxFavouritesPerDoctor));
}

/** Saves a line or a whole prescription's lines as the doctor's favourite, up to the maximum. */
export async function saveFavourite(db: Database, userId: string, input: FavouriteData): Promise<Favourite> {
  const row = await db.transaction(async (tx) => {
    await lockFavouritesOf(tx, userId);
    if (await countFavouritesOf(tx, userId) >= maxFavouritesPerDoctor) {
      throw new AppError('conflict', messages.favourites.full, 'favouritesFull');
    }
    return insertFavourite(tx, { userId, ...input });
  });
  if (!row) throw new Error('Favourite not saved');
  const [favourite] = await favouritesOf(db, [row]);
  if (!favourite) throw new Error('Favourite not saved');
  return favourite;
}

/** Deletes one of the doctor's own favourites; anyone else's is "not found", so ids cannot be probed. */
export async function removeFavourite(db: Database, userId: string, id: string): Promise<void> {
  if (!await deleteFavouriteOf(db, userId, id)) throw AppError.notFound(messages.favourites.notFound);
}
