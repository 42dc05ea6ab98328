import { type FhirBundle, messages, type Prescription } from '@receta/domain';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { findDispensationsOf } from '../dispensing/index.ts';
import { prescriptionBundleOf } from './prescription-bundle.ts';

/** A prescription the caller may read, as the FHIR bundle of the RDI profiles with the dispenses standing. */
export async function exportPrescription(
  db: Database, prescription: Prescription, now = new Date(),
): Promise<FhirBundle> {
  // A draft has no CUIR yet and is no prescription: there is nothing to register.
  if (!prescription.signed) throw new AppError('conflict', messages.prescriptions.fhirNotSigned);
  const dispensations = await findDispensationsOf(db, prescription.id);
  const standing = dispensations.filter((dispensation) => dispensation.undoneAt === null);
  // Spread into a plain object: the response contract is an open object, which an interface is not.
  return { ...prescriptionBundleOf(prescription, standing, now) };
}
