import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import { z } from 'zod';

/**
 * A form's resolver from a domain schema: the schema checks the values with its Spanish
 * messages and hands the submit handler its output. A form may hold what the schema's input
 * type does not name (a blank choice not made yet, a chosen insurer where the schema takes its
 * id); the schema parses whatever the form holds, so the form names its own values type.
 */
export function zodFormResolver<Values extends FieldValues, Output>(
  schema: z.ZodType<Output>,
): Resolver<Values, unknown, Output> {
  // The form's values go in as they are; the schema takes them as unknown input.
  return zodResolver(z.custom<Values>().transform((values): unknown => values).pipe(schema));
}
