import type { ErrorCode } from '@receta/domain';
import type { ErrorOption } from 'react-hook-form';
import { ApiRequestError } from './api-client.ts';

export interface ServerFieldErrorOptions<Field extends string> {
  /** Server names that differ from the form's, such as `insurerId` for the chosen `insurer`. */
  renamed?: Readonly<Record<string, Field>>;
  /**
   * The field of a conflict the server may tell by its error code alone, such as a DNI taken
   * by another patient.
   */
  conflicts?: Readonly<Partial<Record<ErrorCode, Field>>>;
}

/**
 * The fields of a form that a server refusal is about, with their messages. The server names
 * them as its validation does (`body.dni`); the form has its own names, the keys of `formValues`.
 */
export function serverFieldErrors<Field extends string>(
  error: unknown,
  formValues: Readonly<Record<Field, unknown>>,
  { renamed = {}, conflicts = {} }: ServerFieldErrorOptions<Field> = {},
): { field: Field; message: string }[] {
  if (!(error instanceof ApiRequestError)) return [];
  const isFormField = (name: string): name is Field => Object.hasOwn(formValues, name);
  const named = (error.fields ?? []).flatMap(({ field, message }) => {
    const name = field.replace(/^body\./, '');
    const formField = renamed[name] ?? name;
    return isFormField(formField) ? [{ field: formField, message }] : [];
  });
  if (named.length > 0) return named;
  const conflict = error.errorCode !== undefined ? conflicts[error.errorCode] : undefined;
  return conflict ? [{ field: conflict, message: error.message }] : [];
}

/** Shows each server field error on its field, and moves the focus to the first. */
export function setServerFieldErrors<Field extends string>(
  setError: (field: NoInfer<Field>, error: ErrorOption, options: { shouldFocus: boolean }) => void,
  error: unknown,
  formValues: Readonly<Record<Field, unknown>>,
  options?: ServerFieldErrorOptions<Field>,
): void {
  serverFieldErrors(error, formValues, options).forEach(({ field, message }, index) => {
    setError(field, { message }, { shouldFocus: index === 0 });
  });
}
