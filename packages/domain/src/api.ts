import { z } from 'zod';

/** The one error shape every endpoint answers with (ARCHITECTURE.md, "Errors"). */
export const ApiErrorSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  errorCode: z.string().optional(),
  fields: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** The lookup lists answer `{ payload: [...] }` (spec section 7). */
export function payloadOf<Item extends z.ZodType>(item: Item) {
  return z.object({ payload: z.array(item) });
}

/** A page of a resource list (ARCHITECTURE.md, generic resource contract). */
export function pageOf<Item extends z.ZodType>(item: Item) {
  return z.object({
    items: z.array(item),
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    pageSize: z.number().int().positive(),
  });
}
