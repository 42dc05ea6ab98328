import { AdministratorCreateSchema, AdministratorUpdateSchema, type Administrator } from '@receta/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';

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

/**
 * The domain's create schema for a new administrator, its update schema otherwise (the email is
 * the login and stays); both check the same fields with the same messages.
 */
export function administratorResolver(isNew: boolean): Resolver<AdministratorFormValues> {
  const resolver = isNew ? zodResolver(AdministratorCreateSchema) : zodResolver(AdministratorUpdateSchema);
  return resolver as unknown as Resolver<AdministratorFormValues>;
}
