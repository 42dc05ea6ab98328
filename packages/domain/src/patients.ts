import { z } from 'zod';
import { DniSchema, emailSchema, pastDate, PhoneSchema } from './accounts.ts';
import { DeleteManyResultSchema, ListQuerySchema, pageOf } from './api.ts';
import { InsurerSummarySchema } from './clinical-search.ts';
import { hasValidCuitCheckDigit } from './identity.ts';
import * as messages from './messages/index.ts';
import { optionalText, requiredName, requiredText, stop, textLimits, withoutControls } from './schema-helpers.ts';

/** The sex on the DNI: Ley 26.743 adds X to F and M. */
export const patientSexes = ['F', 'M', 'X'] as const;
export type PatientSex = (typeof patientSexes)[number];
export const patientSexLabels: Record<PatientSex, string> = { F: 'Femenino', M: 'Masculino', X: 'X' };

const message = messages.patients;

/**
 * The documents that identify a foreigner without CUIL on a prescription (Res. 2214/2025
 * Annex II): the type and the number are printed instead of the CUIL.
 */
export const identityDocumentTypes = ['CUIT', 'CDI', 'PASAPORTE'] as const;
export type IdentityDocumentType = (typeof identityDocumentTypes)[number];
export const identityDocumentTypeLabels: Record<IdentityDocumentType, string> = {
  CUIT: 'CUIT', CDI: 'CDI', PASAPORTE: 'Pasaporte',
};
export const IdentityDocumentSchema = z.object({
  type: z.enum(identityDocumentTypes),
  number: z.string(),
});
export type IdentityDocument = z.infer<typeof IdentityDocumentSchema>;

/** Whether `number` fits a document of `type`: a CUIT or CDI as AFIP builds it, a passport's letters and digits. */
export function isIdentityDocumentNumber(type: IdentityDocumentType, number: string): boolean {
  return type === 'PASAPORTE'
    ? /^[A-Z0-9]{6,20}$/.test(number)
    : /^\d{11}$/.test(number) && hasValidCuitCheckDigit(number);
}

/** The document a foreigner without CUIL is identified by, as the doctor writes it. */
const IdentityDocumentInputSchema = z.object({
  type: z.enum(identityDocumentTypes, messages.common.required),
  // Passports are compared as issued, in capitals.
  number: z.string().trim().toUpperCase().min(1, stop(messages.common.required)),
}).refine((document) => isIdentityDocumentNumber(document.type, document.number), {
  message: message.identityDocumentInvalid, path: ['number'],
});

/**
 * What the patient must not be given: an allergy or an intolerance, to an active ingredient of
 * the vademecum or to something the doctor writes.
 */
export const allergyKinds = ['allergy', 'intolerance'] as const;
export type AllergyKind = (typeof allergyKinds)[number];
export const allergyKindLabels: Record<AllergyKind, string> = { allergy: 'Alergia', intolerance: 'Intolerancia' };
export const AllergySchema = z.object({
  kind: z.enum(allergyKinds),
  /** The active ingredient as the vademecum names it, or the doctor's own words. */
  substance: z.string(),
  /** Whether `substance` was picked from the vademecum's active ingredients. */
  fromVademecum: z.boolean(),
});
export type Allergy = z.infer<typeof AllergySchema>;

/** Enough for any patient's record, few enough to read on a prescription form. */
export const maxAllergies = 20;

const AllergyInputSchema = z.object({
  kind: z.enum(allergyKinds, messages.common.required),
  substance: requiredText(120, message.allergyTooLong),
  fromVademecum: z.boolean().default(false),
});

/** The insurer row of patients who pay themselves ("Particular / sin cobertura"). */
export const particularInsurerId = 'particular';

/** An 11-digit CUIL with a valid check digit; its middle eight digits are the DNI. */
const CuilSchema = z.string()
  .trim()
  .regex(/^\d{11}$/, stop(message.cuilLength))
  .refine(hasValidCuitCheckDigit, message.cuilInvalid);

/**
 * An optional field a form may leave blank: blank and null are null, anything else must pass
 * `schema`. A pipe rather than a union, so the field shows `schema`'s own message.
 */
function blankAsNull<Output>(schema: z.ZodType<Output, string>) {
  return z.string().nullish().transform((text) => text?.trim() || null).pipe(schema.nullable());
}

/** Whether `cuil` holds `dni` in its middle eight digits, as ANSES builds it. */
export function cuilMatchesDni(cuil: string, dni: string): boolean {
  return cuil.slice(2, 10) === dni.padStart(8, '0');
}

/**
 * A patient as the doctor writes it: the data of the DNI, the CUIL (or, for a foreigner without
 * one, the document used instead; Res. 2214/2025 Annex II), the insurer (null: particular, no
 * coverage) with the affiliate number it requires, and how to reach the patient with the
 * prescription.
 */
export const PatientInputSchema = z.object({
  name: requiredName(80, message.nameTooLong),
  lastName: requiredName(80, message.nameTooLong),
  dni: DniSchema,
  cuil: blankAsNull(CuilSchema),
  identityDocument: IdentityDocumentInputSchema.nullish().transform((document) => document ?? null),
  sex: z.enum(patientSexes, messages.common.required),
  dateOfBirth: pastDate(message.dateOfBirthInvalid),
  insurerId: withoutControls(z.string().trim()
    .min(1, message.insurerUnknown)
    .max(textLimits.name, message.insurerUnknown))
    .nullish()
    .transform((id) => id ?? null),
  affiliateNumber: optionalText(30, message.affiliateNumberTooLong),
  email: blankAsNull(emailSchema(messages.registration.emailInvalid, messages.registration.emailInvalid)),
  phone: blankAsNull(PhoneSchema),
  address: optionalText(200, message.addressTooLong),
  allergies: z.array(AllergyInputSchema, messages.common.invalidData)
    .max(maxAllergies, message.allergiesMax)
    .default([]),
})
  .refine((patient) => patient.cuil || patient.identityDocument, {
    message: message.cuilRequired, path: ['cuil'],
  })
  .refine((patient) => !patient.cuil || cuilMatchesDni(patient.cuil, patient.dni), {
    message: message.cuilDniMismatch, path: ['cuil'],
  })
  .refine((patient) => !patient.insurerId || patient.insurerId === particularInsurerId || patient.affiliateNumber, {
    message: message.affiliateNumberRequired, path: ['affiliateNumber'],
  })
  // The document stands in for a CUIL the patient lacks (Annex II): with a CUIL it is not kept.
  .transform((patient) => (patient.cuil ? { ...patient, identityDocument: null } : patient));
export type PatientInput = z.input<typeof PatientInputSchema>;
export type PatientData = z.output<typeof PatientInputSchema>;

export const PatientSchema = z.object({
  id: z.string(),
  name: z.string(),
  lastName: z.string(),
  dni: z.string(),
  cuil: z.string().nullable(),
  identityDocument: IdentityDocumentSchema.nullable(),
  sex: z.enum(patientSexes),
  dateOfBirth: z.string(),
  insurer: InsurerSummarySchema.nullable(),
  affiliateNumber: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  allergies: z.array(AllergySchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Patient = z.infer<typeof PatientSchema>;
export const PatientPageSchema = pageOf(PatientSchema);
export type PatientPage = z.infer<typeof PatientPageSchema>;

export const patientSorts = ['lastName', 'dni', 'dateOfBirth', 'createdAt'] as const;

/** `GET /api/patients`: q finds by last name, name or DNI. */
export const PatientsQuerySchema = ListQuerySchema.extend({
  sort: z.enum(patientSorts, messages.common.invalidData).default('lastName'),
});
export type PatientsQuery = z.input<typeof PatientsQuerySchema>;

export const PatientsRemovedSchema = DeleteManyResultSchema;
