import {
  particularInsurerId, PatientInputSchema,
  type Allergy, type IdentityDocumentType, type InsurerSummary, type Patient, type PatientInput, type PatientSex,
} from '@receta/domain';
import { z } from 'zod';
import type { ServerFieldErrorOptions } from '../../lib/server-field-errors.ts';

/**
 * The patient form holds the chosen insurer itself, so that the field can show it; the schema
 * and the server take its id.
 */
export interface PatientFormValues {
  name: string;
  lastName: string;
  dni: string;
  cuil: string;
  /** A foreigner without CUIL gives the document used instead (Res. 2214/2025 Annex II). */
  foreigner: boolean;
  identityDocument: { type: IdentityDocumentType | ''; number: string };
  sex: PatientSex | '';
  /** YYYY-MM-DD once typed in full; the date field shows dd/MM/yyyy. */
  dateOfBirth: string;
  insurer: InsurerSummary | null;
  affiliateNumber: string;
  email: string;
  phone: string;
  address: string;
  allergies: Allergy[];
}
export type PatientFormField = keyof PatientFormValues;

export const emptyPatientForm: PatientFormValues = {
  name: '', lastName: '', dni: '', cuil: '', foreigner: false, identityDocument: { type: '', number: '' }, sex: '', dateOfBirth: '',
  insurer: null, affiliateNumber: '', email: '', phone: '', address: '', allergies: [],
};

export function patientFormOf(patient: Patient): PatientFormValues {
  return {
    name: patient.name,
    lastName: patient.lastName,
    dni: patient.dni,
    cuil: patient.cuil ?? '',
    foreigner: !patient.cuil && patient.identityDocument !== null,
    identityDocument: patient.identityDocument ?? { type: '', number: '' },
    sex: patient.sex,
    dateOfBirth: patient.dateOfBirth,
    insurer: patient.insurer,
    affiliateNumber: patient.affiliateNumber ?? '',
    email: patient.email ?? '',
    phone: patient.phone ?? '',
    address: patient.address ?? '',
    allergies: patient.allergies,
  };
}

/** Whether the insurer asks for an affiliate number: any but none and "Particular / sin cobertura". */
export function needsAffiliateNumber(insurer: InsurerSummary | null): boolean {
  return insurer !== null && insurer.id !== particularInsurerId;
}

function toPatientInput({ insurer, foreigner, identityDocument, ...values }: PatientFormValues): PatientInput {
  // An unchosen sex or document type stays '' for the schema to refuse with the required message.
  return {
    ...values,
    cuil: foreigner ? null : values.cuil,
    identityDocument: foreigner
      ? { type: identityDocument.type as IdentityDocumentType, number: identityDocument.number }
      : null,
    sex: values.sex as PatientSex,
    insurerId: insurer?.id ?? null,
  };
}

/** The domain's schema checks the form, with its Spanish messages (spec section 5). */
export const patientFormSchema = z.preprocess(
  (values: PatientFormValues) => toPatientInput(values),
  PatientInputSchema,
);

/** The server takes the insurer's id, and tells a DNI taken in the workspace by its code. */
export const patientServerFields: ServerFieldErrorOptions<PatientFormField> = {
  renamed: { insurerId: 'insurer' },
  conflicts: { dniTaken: 'dni' },
};
