import { z } from 'zod';
import * as messages from './messages/index.ts';
import { PrescriptionItemValuesSchema } from './prescription-templates.ts';
import { MedicationItemInputSchema, prescriptionKindRules, prescriptionKinds } from './prescriptions.ts';
import { requiredText, textLimits } from './schema-helpers.ts';

const message = messages.favourites;
const invalid = messages.common.invalidData;

/** A favourite keeps one line of a prescription, or all the lines of one. */
export const favouriteKinds = ['item', 'prescription'] as const;
export type FavouriteKind = (typeof favouriteKinds)[number];

/** How many favourites a doctor keeps (docs/decisions/038): a menu, not an archive. */
export const maxFavouritesPerDoctor = 100;

/** The name the doctor gives a favourite, as the save dialog asks it. */
export const FavouriteNameSchema = z.object({ name: requiredText(textLimits.name) });

/** `POST /api/favourites`: a line (`kind: 'item'`, one item) or a whole prescription's lines. */
export const FavouriteInputSchema = z.object({
  kind: z.enum(favouriteKinds, invalid),
  ...FavouriteNameSchema.shape,
  /** Favourites keep medicines only: a device or a practice line is quicker to write than to find. */
  prescriptionKind: z.literal('medication', invalid).default('medication'),
  items: z.array(MedicationItemInputSchema, invalid)
    .min(1, messages.prescriptions.itemsRequired)
    .max(prescriptionKindRules.medication.maxItems, messages.prescriptions.itemsMax),
}).refine((input) => input.kind === 'prescription' || input.items.length === 1, {
  message: message.oneItem, path: ['items'],
});
export type FavouriteInput = z.input<typeof FavouriteInputSchema>;

export const FavouriteSchema = z.object({
  id: z.string(),
  kind: z.enum(favouriteKinds),
  prescriptionKind: z.enum(prescriptionKinds),
  name: z.string(),
  items: z.array(PrescriptionItemValuesSchema),
  createdAt: z.string(),
});
export type Favourite = z.infer<typeof FavouriteSchema>;

/** `GET /api/favourites`: the doctor's own, newest first (never more than the maximum). */
export const FavouriteListSchema = z.object({ items: z.array(FavouriteSchema) });

export const FavouriteSavedSchema = z.object({ message: z.string(), favourite: FavouriteSchema });
