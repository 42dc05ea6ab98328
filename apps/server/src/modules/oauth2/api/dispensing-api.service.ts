import { lookupKindOf, type ScannedPrescription } from '@receta/domain';
import type { Database } from '../../../db/client.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import type { x509 } from '../../../platform/pki/x509.ts';
import { scanPrescription, type PharmacyActor } from '../../dispensing/index.ts';
import { prescriptionEventSubject, prescriptionRecordActions } from '../../prescriptions/index.ts';

/**
 * The prescription of a verification code or CUIR, as the scanner shows it, for a pharmacy
 * system. Every lookup is recorded with the client, the ones that find nothing too: a system
 * trying CUIRs one after another shows in the event log (Disp. 1/2025 Annex III §3 and §4).
 */
export async function lookUpForPharmacySystem(
  db: Database, ca: x509.X509Certificate, lookup: string, actor: PharmacyActor,
): Promise<ScannedPrescription> {
  const event = {
    action: prescriptionRecordActions.lookedUpByPharmacySystem, details: { lookup, foundBy: lookupKindOf(lookup) },
  };
  try {
    const scanned = await scanPrescription(db, ca, lookup, actor.userId);
    await recordAudit(db, actor.audit, {
      ...event, subjectType: prescriptionEventSubject, subjectId: scanned.prescription.id,
    });
    return scanned;
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') {
      await recordAudit(db, actor.audit, {
        ...event, subjectType: 'prescription_lookup', subjectId: lookup, details: { ...event.details, found: false },
      });
    }
    throw error;
  }
}
