import { allergyConflictsOf, messages, type Allergy, type AllergyConflict } from '@receta/domain';
import type { Database } from '../../db/client.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { prescriptionEventSubject, prescriptionRecordActions } from './prescription-events.ts';

/**
 * The medicines of a prescription being written that the patient's allergies or intolerances
 * forbid. Unless the doctor confirmed them after the form's warning, they are refused as the
 * duplicate warning is (409), so that an API client is stopped as the web app is.
 */
export function unconfirmedAllergyConflicts(
  patient: { allergies: Allergy[] },
  content: { items: ReadonlyArray<{ genericName: string }>; confirmAllergies: boolean },
): AllergyConflict[] {
  const conflicts = allergyConflictsOf(patient.allergies, content.items);
  if (conflicts.length > 0 && !content.confirmAllergies) {
    throw new AppError('conflict', messages.prescriptions.allergyWarning, 'allergyWarning');
  }
  return conflicts;
}

/**
 * Records, in the transaction that writes the prescriptions, that their doctor issued them
 * knowing the patient's allergies: the audit trail shows who overrode which warning.
 */
export async function recordConfirmedAllergies(
  tx: Database, actor: AuditActor, prescriptionIds: readonly string[], conflicts: readonly AllergyConflict[],
): Promise<void> {
  if (conflicts.length === 0) return;
  for (const id of prescriptionIds) {
    await recordAudit(tx, actor, {
      action: prescriptionRecordActions.allergyConfirmed, subjectType: prescriptionEventSubject, subjectId: id,
      details: { conflicts },
    });
  }
}
