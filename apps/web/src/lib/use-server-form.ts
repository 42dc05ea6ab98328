import type { BaseSyntheticEvent } from 'react';
import {
  useForm, type DefaultValues, type FieldValues, type Path, type Resolver, type UseFormProps, type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { errorMessageOf } from './api-client.ts';
import { zodFormResolver } from './form-resolver.ts';
import { useNotify } from './notify.ts';
import { setServerFieldErrors, type ServerFieldErrorOptions } from './server-field-errors.ts';

/**
 * What checks the form: the domain schema, which also shapes what is sent; or, for a form
 * that checks in steps (the registration), a resolver of its own.
 */
type FormCheck<Values extends FieldValues, Output> =
  | { schema: z.ZodType<Output>; resolver?: never }
  | { resolver: Resolver<Values, unknown, Output>; schema?: never };

export type ServerFormOptions<Values extends FieldValues, Output> =
  Omit<UseFormProps<Values, unknown, Output>, 'resolver' | 'defaultValues'> & FormCheck<Values, Output> & {
    /** Every field's first value: the form's values type is read from it. */
    defaultValues: DefaultValues<Values> & Values;
    /** How the server's field names and conflicts map onto the form's fields. */
    serverFields?: ServerFieldErrorOptions<Path<Values>>;
  };

export interface SubmitOptions<Result> {
  /** The message that says it worked, or where the server's answer has it; none shows nothing. */
  success?: string | ((result: Result) => string);
  /** What follows, once the message is shown: close the dialog, go to the saved record. */
  onSaved?: (result: Result) => unknown;
}

export interface ServerForm<Values extends FieldValues, Output> extends UseFormReturn<Values, unknown, Output> {
  /**
   * The form's submit handler: checks the values, runs `save`, shows its success message (or
   * takes back the refusal of an earlier try) and then runs `onSaved`. A refusal of the server
   * goes onto the fields it names, with its message in a notification.
   */
  submitWith: <Result>(
    save: (values: Output) => Promise<Result>, options?: SubmitOptions<Result>,
  ) => (event?: BaseSyntheticEvent) => Promise<void>;
}

/** A react-hook-form form checked by a domain schema and submitted to the server. */
export function useServerForm<Values extends FieldValues, Output>(
  { schema, resolver, serverFields, ...options }: ServerFormOptions<Values, Output>,
): ServerForm<Values, Output> {
  const form = useForm<Values, unknown, Output>({
    ...options,
    resolver: schema ? zodFormResolver<Values, Output>(schema) : resolver,
  });
  const notify = useNotify();

  const submitWith: ServerForm<Values, Output>['submitWith'] = (save, { success, onSaved } = {}) => form.handleSubmit(
    async (values) => {
      let result;
      try {
        result = await save(values);
      } catch (error) {
        setServerFieldErrors(form.setError, error, form.getValues(), serverFields);
        notify({ message: errorMessageOf(error), variant: 'error' });
        return;
      }
      const message = typeof success === 'function' ? success(result) : success;
      if (message) notify({ message, variant: 'success' });
      else notify.withdraw();
      await onSaved?.(result);
    },
  );

  return { ...form, submitWith };
}
