import { subtypeOfSaleCondition, type PrescriptionItemValues } from '@receta/domain';
import type { Database } from '../../db/client.ts';
import { findActiveMedications } from './prescriptions.repository.ts';

/**
 * Each line with the subtype the vademecum gives it today, which the form shows before
 * sending; a medicine written by hand (or one the vademecum no longer lists) shows as sold
 * under prescription.
 */
export async function withSubtypes<Item extends { medicationId: number | null }>(
  db: Database, items: Item[],
): Promise<Array<Item & Pick<PrescriptionItemValues, 'subtype'>>> {
  const active = await findActiveMedications(db, items.flatMap((item) => item.medicationId ?? []));
  return items.map((item) => ({
    ...item,
    subtype: item.medicationId === null || !active.has(item.medicationId)
      ? 'prescription'
      : subtypeOfSaleCondition(active.get(item.medicationId)),
  }));
}
