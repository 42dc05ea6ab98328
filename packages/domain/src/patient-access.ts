import { z } from 'zod';
import { ItemReferenceSchema } from './dispensing.ts';
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
  /** Each item's CUIR and subtype, which the patient may show or quote at the pharmacy. */
  items: z.array(ItemReferenceSchema),
  termsAccepted: z.boolean(),
  /** Why their doctor cancelled it; null unless cancelled. */
  cancellationReason: z.string().nullable(),
});
export type PatientLink = z.infer<typeof PatientLinkSchema>;

/**
 * `POST /api/prescriptions/{id}/patient-link`: a new link to the prescription, answered only to
 * its own doctor, who hands it to the patient; it works until the end of `expiryDate`.
 */
export const PatientLinkHandoverSchema = z.object({ url: z.string(), expiryDate: z.string() });
export type PatientLinkHandover = z.infer<typeof PatientLinkHandoverSchema>;
