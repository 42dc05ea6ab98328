import { messages, type MedicationSubtype, type PrescriptionType } from '@receta/domain';
import type { FieldError } from '../../platform/http/app-error.ts';

/** What the rules on legally restricted medicines look at, besides the items' subtypes. */
export interface RestrictedItemsContext {
  type: PrescriptionType;
  /** The patient's address as the patient record holds it now. */
  patientAddress: string | null;
  /** The date the doctor's jurisdiction authorised them to prescribe restricted medicines, if it did. */
  restrictedAuthorisedOn: string | null | undefined;
}

/**
 * The faults of a prescription with a legally restricted item (psychotropics of list II,
 * narcotics of lists I-II): only an authorised doctor issues it (Res. 2214/2025 Annex I), with
 * the patient's address (Annex II; Ley 19.303 art. 13), and alone on a Receta Única, as the
 * official form holds one medicine for at most 20 days (art. 13, 16; docs/decisions/034).
 * The fields are those of the prescription's body, which the draft's form shows them beside.
 */
export function restrictedItemFaults(
  subtypes: (MedicationSubtype | null)[], context: RestrictedItemsContext,
): FieldError[] {
  if (!subtypes.includes('restricted')) return [];
  const message = messages.prescriptions;
  const fields: FieldError[] = [];
  if (!context.restrictedAuthorisedOn) {
    subtypes.forEach((subtype, index) => {
      if (subtype === 'restricted') {
        fields.push({ field: `body.items.${index}.medicationId`, message: message.restrictedNotAuthorised });
      }
    });
  }
  if (!context.patientAddress?.trim()) {
    fields.push({ field: 'body.patientId', message: message.restrictedAddressRequired });
  }
  if (subtypes.length > 1 || context.type === 'chronic') {
    fields.push({ field: 'body.items', message: message.restrictedAlone });
  }
  return fields;
}
