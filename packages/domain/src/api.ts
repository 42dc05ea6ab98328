import { z } from 'zod';
import { errorCodes } from './error-codes.ts';
import * as messages from './messages/index.ts';
import { textLimits, withoutControls } from './schema-helpers.ts';

const invalid = messages.common.invalidData;

/** The one error shape every endpoint answers with (ARCHITECTURE.md, "Errors"). */
export const ApiErrorSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  errorCode: z.enum(errorCodes).optional(),
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

/**
 * The query of a resource list (ARCHITECTURE.md, generic resource contract): the page, its
 * size, a free-text search and a sort. Each resource adds its own filters and names the
 * columns it sorts by.
 */
export const ListQuerySchema = z.object({
  page: z.coerce.number<string | number>(invalid).int(invalid).positive(invalid).default(1),
  pageSize: z.coerce.number<string | number>(invalid).int(invalid).positive(invalid).max(100, invalid).default(20),
  q: withoutControls(z.string().trim().max(100, invalid)).optional(),
  sort: withoutControls(z.string().max(textLimits.code, invalid)).optional(),
  order: z.enum(['asc', 'desc'], invalid).default('asc'),
});
export type ListQuery = z.output<typeof ListQuerySchema>;

/** `DELETE /api/<resource>` removes several rows at once. */
export const DeleteManySchema = z.object({
  ids: z.array(z.uuid(invalid), invalid).min(1, invalid).max(100, invalid),
});

/** What a delete of several rows removed, and the message to show. */
export const DeleteManyResultSchema = z.object({ deleted: z.array(z.string()), message: z.string() });

/** A plain answer whose message the web app shows as it is. */
export const MessageAnswerSchema = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof MessageAnswerSchema>;
