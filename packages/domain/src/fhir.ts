import { z } from 'zod';

/**
 * `GET /api/prescriptions/{id}/fhir`: the prescription as a FHIR R4 transaction Bundle of HL7
 * Argentina's RDI profiles (docs/decisions/042). Only its frame is described here: the
 * entries follow FHIR R4 and are answered whole.
 */
export const FhirBundleSchema = z.looseObject({
  resourceType: z.literal('Bundle'),
  type: z.string(),
});
export type FhirBundle = z.infer<typeof FhirBundleSchema>;
