import { AdministratorCreateSchema, AdministratorUpdateSchema, type Administrator } from '@receta/domain';
import type { Control } from 'react-hook-form';
import type { z } from 'zod';

export interface AdministratorFormValues {
  email: string;
  displayName: string;
  roles: string[];
  authorized: boolean;
}

export const emptyAdministratorForm: AdministratorFormValues = { email: '', displayName: '', roles: [], authorized: true };

export function administratorFormOf(administrator: Administrator): AdministratorFormValues {
  return {
    email: administrator.email,
    displayName: administrator.displayName,
    roles: [...administrator.roles],
    authorized: administrator.authorized,
  };
}

/** What the form sends: a new administrator's data with the email, or the changes without it. */
export type AdministratorFormOutput =
  | z.output<typeof AdministratorCreateSchema>
  | z.output<typeof AdministratorUpdateSchema>;
export type AdministratorFormControl = Control<AdministratorFormValues, unknown, AdministratorFormOutput>;

/**
 * The domain's create schema for a new administrator, its update schema otherwise (the email is
 * the login and stays); both check the same fields with the same messages.
 */
export function administratorFormSchema(isNew: boolean): z.ZodType<AdministratorFormOutput> {
  return isNew ? AdministratorCreateSchema : AdministratorUpdateSchema;
}
