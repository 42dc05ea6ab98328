import type { PrescriptionEventKind } from '@receta/domain';

/**
 * The audit action each event of a prescription is recorded under (subject type
 * 'prescription', subject id its id). Every module that records one takes the string from
 * here, so that the detail page's history finds it. A short readable detail (the channel
 * of a send, the items of a dispense) goes in the event's details as `detail`; a
 * cancellation keeps its `reason`.
 */
export const prescriptionEventActions = {
  created: 'prescription.created',
  edited: 'prescription.edited',
  signed: 'prescription.signed',
  sent: 'prescription.sent',
  opened: 'prescription.opened',
  dispensed: 'prescription.dispensed',
  dispense_undone: 'prescription.dispense_undone',
  cancelled: 'prescription.cancelled',
  deleted_by_retention: 'prescription.deleted_by_retention',
} as const satisfies Record<PrescriptionEventKind, string>;

export const prescriptionEventSubject = 'prescription';

/** Audit actions on a prescription that its history does not show. */
export const prescriptionRecordActions = {
  deleted: 'prescription.deleted',
  termsAccepted: 'prescription.terms_accepted',
  /** The retention job kept an archived or restricted prescription it would have deleted. */
  retainedControlled: 'prescription.retained_controlled',
  /** The doctor issued a medicine the patient's allergies warned of. */
  allergyConfirmed: 'prescription.allergy_confirmed',
  /** A pharmacy system looked a prescription up by its verification code or a CUIR (Annex III §3). */
  lookedUpByPharmacySystem: 'prescription.looked_up_by_pharmacy_system',
} as const;

const kindByAction = new Map<string, PrescriptionEventKind>(
  Object.entries(prescriptionEventActions).map(([kind, action]) => [action, kind as PrescriptionEventKind]),
);

/** The event an audit action stands for, or undefined for one the history does not show. */
export function eventKindOf(action: string): PrescriptionEventKind | undefined {
  return kindByAction.get(action);
}
