import { zodResolver } from '@hookform/resolvers/zod';
import { messages, OwnerInputSchema, type Owner } from '@receta/domain';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';

export interface OwnerFormValues {
  name: string;
  cuit: string;
  address: string;
  /** One of the 24 provinces by name; blank until chosen. */
  province: string;
  contactName: string;
  email: string;
  phone: string;
}
export type OwnerFormOutput = z.output<typeof OwnerInputSchema>;
type OwnerField = keyof OwnerFormValues;

export const emptyOwnerForm: OwnerFormValues = { name: '', cuit: '', address: '', province: '', contactName: '', email: '', phone: '' };

/** The server tells these conflicts by message; each belongs to one field. */
export const ownerConflicts: Record<string, OwnerField> = {
  [messages.owners.cuitTaken]: 'cuit',
  [messages.owners.emailTaken]: 'email',
};

/** The domain's schema checks the form, with its Spanish messages (spec section 5). */
export const ownerResolver = zodResolver(OwnerInputSchema) as unknown as Resolver<
  OwnerFormValues, unknown, OwnerFormOutput
>;

export function ownerFormOf(owner: Owner): OwnerFormValues {
  const { name, cuit, address, province, contactName, email, phone } = owner;
  return { name, cuit, address, province, contactName, email, phone };
}
