import { z } from 'zod';
import { licenceTypes, prescriptionDisplayStates } from './prescriptions.ts';

/**
 * What the patient's link page shows before and after the patient accepts the terms
 * (`GET /api/public/patient-links/{token}`): enough to recognise the prescription.
 */
export const PatientLinkSchema = z.object({
  number: z.number().int(),
  state: z.enum(prescriptionDisplayStates),
  patientName: z.string(),
  prescriber: z.object({
    name: z.string(),
    lastName: z.string(),
    licenceType: z.enum(licenceTypes),
    enrollment: z.string(),
  }),
  issuedOn: z.string(),
  startDate: z.string(),
  expiryDate: z.string(),
  termsAccepted: z.boolean(),
});
export type PatientLink = z.infer<typeof PatientLinkSchema>;
