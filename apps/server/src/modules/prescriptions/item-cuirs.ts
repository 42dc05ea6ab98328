import {
  composeCuir, cuirGroupOf, cuirItemOf, cuirPrescriptionTypeCodes, indecCodeOf, medicationSubtypeCodes,
  type MedicationSubtype, type Prescriber,
} from '@receta/domain';

/** The codes the national registry gave the platform as prescriber and as repository (configuration). */
export interface CuirCodes {
  platformCode: string;
  repositoryCode: string;
}

/**
 * The official CUIR of an item being signed (Res. 2214/2025 Annex IV): the jurisdiction is
 * the licence's as the prescriber snapshot of the signature holds it, the group the
 * prescription's platform-wide number, and the item its position.
 */
export function itemCuirOf(
  codes: CuirCodes, prescriber: Prescriber, prescriptionNumber: number,
  item: { position: number; subtype: MedicationSubtype },
): string {
  if (!prescriber.jurisdictionCode) throw new Error(`The prescriber ${prescriber.userId} has no jurisdiction code`);
  return composeCuir({
    platform: codes.platformCode,
    repository: codes.repositoryCode,
    jurisdiction: indecCodeOf(prescriber.jurisdictionCode),
    type: cuirPrescriptionTypeCodes.medication,
    subtype: medicationSubtypeCodes[item.subtype],
    group: cuirGroupOf(prescriptionNumber),
    item: cuirItemOf(item.position),
  });
}
