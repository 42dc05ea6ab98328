import { messages, type DuplicateMedication } from '@receta/domain';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { normalizeForSearch } from '../../db/search-text.ts';
import { findDispensableItemsOfPatient } from './prescriptions.repository.ts';

export interface MedicineOfItem {
  medicationId: number | null;
  genericName: string;
}

interface DispensableItem extends MedicineOfItem {
  prescriptionId: string;
  number: number;
  expiryDate: string;
}

/**
 * The dispensable items that name the same medicine as one of `items`: the same vademecum
 * presentation, or the same generic name however it was capitalised or accented.
 */
export function repeatedMedicines(dispensable: DispensableItem[], items: MedicineOfItem[]): DuplicateMedication[] {
  const medicationIds = new Set(items.flatMap((item) => item.medicationId ?? []));
  const genericNames = new Set(items.map((item) => normalizeForSearch(item.genericName)));
  return dispensable
    .filter((item) => (item.medicationId !== null && medicationIds.has(item.medicationId))
      || genericNames.has(normalizeForSearch(item.genericName)))
    .map(({ prescriptionId, number, genericName, expiryDate }) => ({
      prescriptionId, number, genericName, expiryDate,
    }));
}

/**
 * The medicines of `items` the patient already has on a signed prescription that can still be
 * dispensed on `today`, leaving out one series (the one being edited).
 */
export async function findDuplicateMedications(
  db: Database, patientId: string, items: MedicineOfItem[], today: string, exceptSeriesId?: string,
): Promise<DuplicateMedication[]> {
  return repeatedMedicines(await findDispensableItemsOfPatient(db, patientId, today, exceptSeriesId), items);
}

/** Refuses, with the warning the form shows, a medicine the patient already has unless the doctor confirmed it. */
export async function assertNoUnconfirmedDuplicates(
  db: Database,
  content: { patientId: string; items: MedicineOfItem[]; confirmDuplicates: boolean },
  today: string,
  exceptSeriesId?: string,
): Promise<void> {
  if (content.confirmDuplicates) return;
  const duplicates = await findDuplicateMedications(db, content.patientId, content.items, today, exceptSeriesId);
  if (duplicates.length > 0) {
    throw new AppError('conflict', messages.prescriptions.duplicateMedication, 'duplicateMedication');
  }
}
