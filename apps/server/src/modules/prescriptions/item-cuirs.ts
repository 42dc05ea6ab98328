import {
  composeCuir, cuirGroupOf, cuirItemOf, cuirPrescriptionTypeCodes, indecCodeOf, medicationSubtypeCodes,
  type MedicationSubtype, type Prescriber, type PrescriptionKind,
} from '@receta/domain';

/** The codes the national registry gave the platform as prescriber and as repository (configuration). */
export interface CuirCodes {
  platformCode: string;
  repositoryCode: string;
}

/**
 * The official CUIR of an item being signed (Res. 2214/2025 Annex IV): the jurisdiction is
 * the licence's as the prescriber snapshot of the signature holds it, the group the
 * prescription's platform-wide number, and the item its position. A device or a practice has
 * no subtype: `00`.
 */
export function itemCuirOf(
  codes: CuirCodes, prescriber: Prescriber, prescription: { number: number; kind: PrescriptionKind },
  item: { position: number; subtype: MedicationSubtype | null },
): string {
  if (!prescriber.jurisdictionCode) throw new Error(`The prescriber ${prescriber.userId} has no jurisdiction code`);
  return composeCuir({
    platform: codes.platformCode,
    repository: codes.repositoryCode,
    jurisdiction: indecCodeOf(prescriber.jurisdictionCode),
    type: cuirPrescriptionTypeCodes[prescription.kind],
    subtype: item.subtype === null ? '00' : medicationSubtypeCodes[item.subtype],
    group: cuirGroupOf(prescription.number),
    item: cuirItemOf(item.position),
  });
}
