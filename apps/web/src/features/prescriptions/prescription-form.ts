import {
  addDays, isAllowedStartDate, messages, MedicationItemInputSchema, medicineText, particularInsurerId,
  PrescriptionInputSchema, prescriptionKindRules, prescriptionRules, PrescriptionUpdateSchema, subtypeOfSaleCondition,
  type InsurerSummary, type Medication, type MedicationSubtype, type Prescription, type PrescriptionItemValues,
  type PrescriptionKind, type PrescriptionType, type RepeatedPrescription,
} from '@receta/domain';
import type { FieldPath } from 'react-hook-form';
import { z } from 'zod';
import { ApiRequestError } from '../../lib/api-client.ts';
import { zodFormResolver } from '../../lib/form-resolver.ts';

/** The insurer of patients who pay themselves, in the form's path: `/prescriptions/particular/new`. */
export const particularInsurerSlug = particularInsurerId;

/** The path's insurer slug for a prescription's or a patient's insurer; none is 'particular'. */
export function insurerSlugOf(insurer: Pick<InsurerSummary, 'slug'> | null): string {
  return insurer?.slug ?? particularInsurerSlug;
}

export interface PrescriptionItemFormValues {
  /** The vademecum presentation chosen; null for a generic name written by hand. */
  medicationId: number | null;
  /** The catalogue practice chosen; null for a practice written by hand, a device or a medicine. */
  practiceCode: string | null;
  /** The medicine's generic name, or the device's or practice's name. */
  genericName: string;
  brandName: string;
  strength: string;
  pharmaceuticalForm: string;
  presentation: string;
  /** Units, or sessions of a practice. */
  quantity: string;
  /** How to take a medicine, or the indications of a device or a practice. */
  dosage: string;
  patientInstructions: string;
  pharmacyNote: string;
  noSubstitution: boolean;
  /**
   * Shown, not sent: the subtype the server will give the item (Annex I), from the chosen
   * presentation's condition of sale; a medicine written by hand is sold under prescription.
   */
  subtype: MedicationSubtype;
}

/** The form holds the body of the request but the insurer, which is the path's. */
export interface PrescriptionFormValues {
  patientId: string;
  /** Fixed once the draft exists: the server keeps a draft's kind. */
  kind: PrescriptionKind;
  affiliateNumber: string;
  diagnosisCode: string;
  symptoms: string;
  /** YYYY-MM-DD once typed in full; the date field shows dd/MM/yyyy. */
  startDate: string;
  type: PrescriptionType;
  /** Kept while the type is Receta Única, so that switching back finds the doctor's choice. */
  seriesLength: 2 | 3;
  items: PrescriptionItemFormValues[];
}
export type PrescriptionFormField = FieldPath<PrescriptionFormValues>;

/** What the form sends: the create body, or on an edit the update body (its type and series stay). */
export type PrescriptionFormOutput =
  | z.output<typeof PrescriptionInputSchema>
  | z.output<typeof PrescriptionUpdateSchema>;

export const emptyPrescriptionItem: PrescriptionItemFormValues = {
  medicationId: null, practiceCode: null, genericName: '', brandName: '', strength: '', pharmaceuticalForm: '', presentation: '',
  quantity: '1', dosage: '', patientInstructions: '', pharmacyNote: '', noSubstitution: false, subtype: 'prescription',
};

export function emptyPrescriptionForm(issuedOn: string, patientId = '', affiliateNumber = ''): PrescriptionFormValues {
  return {
    patientId, kind: 'medication', affiliateNumber, diagnosisCode: '', symptoms: '', startDate: issuedOn, type: 'classic',
    seriesLength: prescriptionRules.defaultChronicSeriesLength, items: [emptyPrescriptionItem],
  };
}

/** The start of the series' first prescription: what an edit sends, as when the series was issued. */
export function seriesStartOf(prescription: Pick<Prescription, 'startDate' | 'seriesPosition'>): string {
  const { validityDays } = prescriptionKindRules.medication;
  return addDays(prescription.startDate, -(prescription.seriesPosition - 1) * validityDays);
}

/** A line of a past prescription, a favourite or a repeated prescription, as the form holds it. */
export function itemFormOf(
  item: Omit<PrescriptionItemValues, 'subtype'> & { subtype: MedicationSubtype | null },
): PrescriptionItemFormValues {
  return {
    medicationId: item.medicationId,
    practiceCode: item.practiceCode ?? null,
    genericName: item.genericName,
    brandName: item.brandName ?? '',
    strength: item.strength ?? '',
    pharmaceuticalForm: item.pharmaceuticalForm ?? '',
    presentation: item.presentation ?? '',
    quantity: String(item.quantity),
    dosage: item.dosage ?? '',
    patientInstructions: item.patientInstructions ?? '',
    pharmacyNote: item.pharmacyNote ?? '',
    noSubstitution: item.noSubstitution,
    subtype: item.subtype ?? 'prescription',
  };
}

/** What a draft or a repeated prescription puts in the form, starting on `startDate`. */
function contentFormOf(content: {
  patientId: string;
  kind: PrescriptionKind;
  affiliateNumber: string | null;
  diagnosisCode: string;
  symptoms: string | null;
  type: PrescriptionType;
  seriesLength?: number | undefined;
  items: Parameters<typeof itemFormOf>[0][];
}, startDate: string): PrescriptionFormValues {
  return {
    patientId: content.patientId,
    kind: content.kind,
    affiliateNumber: content.affiliateNumber ?? '',
    diagnosisCode: content.diagnosisCode,
    symptoms: content.symptoms ?? '',
    startDate,
    type: content.type,
    seriesLength: content.seriesLength === 2 ? 2 : prescriptionRules.defaultChronicSeriesLength,
    items: content.items.map(itemFormOf),
  };
}

export function prescriptionFormOf(prescription: Prescription): PrescriptionFormValues {
  return contentFormOf({
    ...prescription,
    patientId: prescription.patient.id ?? '',
    diagnosisCode: prescription.diagnosis.code,
  }, seriesStartOf(prescription));
}

/** A repeated prescription's content in the form; its dates start again on the day it is issued. */
export function repeatFormOf(repeated: RepeatedPrescription, issuedOn: string): PrescriptionFormValues {
  return contentFormOf({ ...repeated, diagnosisCode: repeated.diagnosis.code }, issuedOn);
}

/** The line as a prescription's input takes it; undefined while it misses something a prescription requires. */
export function itemInputOf(
  item: PrescriptionItemFormValues,
): z.output<typeof MedicationItemInputSchema> | undefined {
  const parsed = MedicationItemInputSchema.safeParse(item);
  return parsed.success ? parsed.data : undefined;
}

/**
 * What choosing a vademecum presentation writes into an item, in the normal case a prescription
 * writes ('500 mg', not the vademecum's '500 Mg'); a product without a generic name goes by its brand.
 */
export function itemFieldsOf(
  medication: Medication,
): Pick<
  PrescriptionItemFormValues,
  'medicationId' | 'genericName' | 'brandName' | 'strength' | 'pharmaceuticalForm' | 'presentation' | 'subtype'
> {
  return {
    medicationId: medication.id,
    genericName: medication.genericName ?? medication.brandName,
    brandName: medication.brandName,
    strength: medicineText(medication.strength ?? ''),
    pharmaceuticalForm: medicineText(medication.pharmaceuticalForm ?? ''),
    presentation: medicineText(medication.presentation),
    subtype: subtypeOfSaleCondition(medication.saleCondition),
  };
}

function hasNoIssueAt(field: string) {
  return (payload: { issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    !payload.issues.some((issue) => issue.path?.[0] === field);
}

/** The start date lies between the issue date and 30 days later, the one future date the product takes. */
function withStartDateBounds<Schema extends z.ZodType<{ startDate?: string | undefined }>>(
  schema: Schema, issuedOn: string,
) {
  return schema.refine((input) => input.startDate === undefined || isAllowedStartDate(input.startDate, issuedOn), {
    message: messages.prescriptions.startDateInvalid,
    path: ['startDate'],
    when: hasNoIssueAt('startDate'),
  });
}

/**
 * The domain's schema checks the form, with its Spanish messages: the create schema for a new
 * prescription, the update schema for a draft. The insurer comes from the path, and the number
 * of monthly prescriptions only goes with a Receta Crónica.
 */
export function prescriptionResolver(
  { isEdit, insurerSlug, issuedOn }: { isEdit: boolean; insurerSlug: string; issuedOn: string },
) {
  const schema = isEdit
    ? withStartDateBounds(PrescriptionUpdateSchema, issuedOn)
    : withStartDateBounds(PrescriptionInputSchema, issuedOn);
  const body = z.preprocess((values: PrescriptionFormValues) => ({
    ...values,
    insurerSlug,
    seriesLength: values.type === 'chronic' ? values.seriesLength : undefined,
  }), schema);
  return zodFormResolver<PrescriptionFormValues, PrescriptionFormOutput>(body);
}

const formFields = new Set<string>(Object.keys(emptyPrescriptionForm('')));

/** The server names fields as its validation does (`body.items.0.genericName`); these are the form's names. */
export function serverFieldErrors(error: unknown): { field: PrescriptionFormField; message: string }[] {
  if (!(error instanceof ApiRequestError)) return [];
  return (error.fields ?? []).flatMap(({ field, message }) => {
    const name = field.replace(/^body\./, '');
    // A medicine the vademecum, or a practice the catalogue, no longer has is the item's name the doctor sees.
    const formField = name.replace(/\.(medicationId|practiceCode)$/, '.genericName');
    return formFields.has(formField.split('.')[0] ?? '') ? [{ field: formField as PrescriptionFormField, message }] : [];
  });
}
