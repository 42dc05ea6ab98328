import {
  messages, particularInsurerId, todayInArgentina,
  type Prescription, type PrescriptionItemValues, type RepeatedPrescription,
} from '@receta/domain';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { withSubtypes } from './item-subtypes.ts';
import { findPatientOfWorkspace } from './prescriptions.repository.ts';
import { showPrescription, type PrescriptionActor } from './prescriptions.service.ts';

/** The line as a new prescription's input takes it, without what the prescription it was on gave it. */
function itemValuesOf(item: Prescription['items'][number]): Omit<PrescriptionItemValues, 'subtype'> {
  return {
    medicationId: item.medicationId,
    practiceCode: item.practiceCode,
    genericName: item.genericName,
    brandName: item.brandName,
    strength: item.strength,
    pharmaceuticalForm: item.pharmaceuticalForm,
    presentation: item.presentation,
    quantity: item.quantity,
    dosage: item.dosage,
    patientInstructions: item.patientInstructions,
    pharmacyNote: item.pharmacyNote,
    noSubstitution: item.noSubstitution,
  };
}

/**
 * A new prescription's input from a past one the actor reaches: the same patient, type, kind,
 * lines and diagnosis, under the coverage the patient's record holds today, without dates (the
 * form starts them again from today). A prescription whose patient's data were deleted by
 * retention cannot be repeated.
 */
export async function repeatPrescription(
  db: Database, id: string, actor: PrescriptionActor, today = todayInArgentina(),
): Promise<RepeatedPrescription> {
  const past = await showPrescription(db, id, actor, today);
  const patient = past.patient.id ? await findPatientOfWorkspace(db, actor.workspaceId, past.patient.id) : undefined;
  if (!patient) throw AppError.notFound(messages.patients.notFound);
  return {
    repeatedFrom: past.id,
    patientId: patient.id,
    insurerSlug: patient.insurerSlug ?? particularInsurerId,
    affiliateNumber: patient.insurerId ? patient.affiliateNumber : null,
    diagnosis: past.diagnosis,
    symptoms: past.symptoms,
    type: past.type,
    ...past.type === 'chronic' ? { seriesLength: past.seriesLength } : {},
    kind: past.kind,
    items: await withSubtypes(db, past.items.map(itemValuesOf)),
  };
}
