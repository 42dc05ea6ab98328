import { z } from 'zod';
import { DiagnosisSchema } from './clinical-search.ts';
import { medicationSubtypes } from './cuir.ts';
import { prescriptionKinds, prescriptionTypes } from './prescriptions.ts';

/**
 * One line as a new prescription's input takes it (`PrescriptionItemInputSchema`'s output),
 * as the server answers it in a favourite or a repeated prescription.
 */
export const PrescriptionItemValuesSchema = z.object({
  medicationId: z.number().int().nullable(),
  /** The catalogue practice of a study or practice line; absent or null otherwise. */
  practiceCode: z.string().nullish(),
  genericName: z.string(),
  brandName: z.string().nullable(),
  strength: z.string().nullable(),
  pharmaceuticalForm: z.string().nullable(),
  presentation: z.string().nullable(),
  quantity: z.number().int(),
  dosage: z.string().nullable(),
  patientInstructions: z.string().nullable(),
  pharmacyNote: z.string().nullable(),
  noSubstitution: z.boolean(),
  /** Shown, not sent: the subtype the vademecum gives the line today (Annex I). */
  subtype: z.enum(medicationSubtypes),
});
export type PrescriptionItemValues = z.infer<typeof PrescriptionItemValuesSchema>;

/**
 * `GET /api/prescriptions/{id}/repeat`: a new prescription's input built from a past one, for
 * the same patient under the coverage their record holds today, without dates.
 */
export const RepeatedPrescriptionSchema = z.object({
  /** The prescription repeated. */
  repeatedFrom: z.string(),
  patientId: z.string(),
  /** The patient's current insurer, 'particular' for none. */
  insurerSlug: z.string(),
  affiliateNumber: z.string().nullable(),
  diagnosis: DiagnosisSchema,
  symptoms: z.string().nullable(),
  type: z.enum(prescriptionTypes),
  /** The number of monthly prescriptions of a Receta Crónica; absent for a Receta Única. */
  seriesLength: z.number().int().optional(),
  kind: z.enum(prescriptionKinds),
  items: z.array(PrescriptionItemValuesSchema),
});
export type RepeatedPrescription = z.infer<typeof RepeatedPrescriptionSchema>;
