import { zodResolver } from '@hookform/resolvers/zod';
import { OwnerInputSchema, type Owner } from '@receta/domain';
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

export const emptyOwnerForm: OwnerFormValues = { name: '', cuit: '', address: '', province: '', contactName: '', email: '', phone: '' };

/** The domain's schema checks the form, with its Spanish messages (spec section 5). */
export const ownerResolver = zodResolver(OwnerInputSchema) as unknown as Resolver<
  OwnerFormValues, unknown, OwnerFormOutput
>;

export function ownerFormOf(owner: Owner): OwnerFormValues {
  const { name, cuit, address, province, contactName, email, phone } = owner;
  return { name, cuit, address, province, contactName, email, phone };
}
