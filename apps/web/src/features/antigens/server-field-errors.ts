import { ApiRequestError } from '../../lib/api-client.ts';

/**
 * The fields of a form that a server refusal is about, with their messages: those its
 * validation names (`body.cuit`), or the field of a known conflict, such as a CUIT taken by
 * another owner, which the server tells by its message alone.
 */
export function serverFieldErrors<Field extends string>(
  error: unknown,
  formFields: readonly Field[],
  conflicts: Readonly<Record<string, Field>> = {},
): { field: Field; message: string }[] {
  if (!(error instanceof ApiRequestError)) return [];
  const named = (error.fields ?? []).flatMap(({ field, message }) => {
    const name = field.replace(/^body\./, '');
    return formFields.includes(name as Field) ? [{ field: name as Field, message }] : [];
  });
  if (named.length > 0) return named;
  const conflict = conflicts[error.message];
  return conflict ? [{ field: conflict, message: error.message }] : [];
}
