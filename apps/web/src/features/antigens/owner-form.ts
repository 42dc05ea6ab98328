import type { Owner } from '@receta/domain';

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

export const emptyOwnerForm: OwnerFormValues = { name: '', cuit: '', address: '', province: '', contactName: '', email: '', phone: '' };

export function ownerFormOf(owner: Owner): OwnerFormValues {
  const { name, cuit, address, province, contactName, email, phone } = owner;
  return { name, cuit, address, province, contactName, email, phone };
}
