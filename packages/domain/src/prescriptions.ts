import { z } from 'zod';
import { DeleteManyResultSchema, ListQuerySchema, pageOf } from './api.ts';
import { InsurerSummarySchema } from './clinical-search.ts';
import { addDays, todayInArgentina } from './dates.ts';
import * as messages from './messages/index.ts';
import { AllergyConflictSchema } from './allergies.ts';
import { medicationSubtypes } from './cuir.ts';
import { IdentityDocumentSchema, patientSexes } from './patients.ts';
import { int4Max, optionalText, requiredText, textLimits, withoutControls } from './schema-helpers.ts';

const message = messages.prescriptions;
const invalid = messages.common.invalidData;

/** Spec section 1: Receta Única and Receta Crónica. */
export const prescriptionTypes = ['classic', 'chronic'] as const;
export type PrescriptionType = (typeof prescriptionTypes)[number];
export const prescriptionTypeLabels: Record<PrescriptionType, string> = {
  classic: 'Receta Única',
  chronic: 'Receta Crónica',
};

/**
 * What is prescribed (Res. 2214/2025 Annex I): medicines, medical devices and supplies
 * (glasses, orthopaedics, consumables), or studies, practices and procedures. Each kind is a
 * prescription of its own, with its heading on the PDF and its type in the CUIR.
 */
export const prescriptionKinds = ['medication', 'device', 'practice'] as const;
export type PrescriptionKind = (typeof prescriptionKinds)[number];
export const prescriptionKindLabels: Record<PrescriptionKind, string> = {
  medication: 'Medicamentos',
  device: 'Dispositivos médicos e insumos',
  practice: 'Estudios, prácticas y procedimientos',
};
/** The heading each kind's PDF and page carry. */
export const prescriptionKindHeadings: Record<PrescriptionKind, string> = {
  medication: 'Receta electrónica de medicamentos',
  device: 'Receta electrónica de dispositivos médicos e insumos',
  practice: 'Orden electrónica de estudios, prácticas y procedimientos',
};

/**
 * What each kind allows: medicines are dispensed for 30 days and devices, studies and practices
 * for 60 (Decreto 98/2023); a prescription of medicines holds up to three, of 10 units at most
 * (spec section 1), one of devices or practices up to ten lines of 50 units or sessions
 * (docs/decisions/037).
 */
export const prescriptionKindRules = {
  medication: { validityDays: 30, maxItems: 3, maxQuantity: 10 },
  device: { validityDays: 60, maxItems: 10, maxQuantity: 50 },
  practice: { validityDays: 60, maxItems: 10, maxQuantity: 50 },
} as const satisfies Record<PrescriptionKind, { validityDays: number; maxItems: number; maxQuantity: number }>;

/** The widest limits of any kind: what a request is checked against before its kind is known. */
export const anyKindLimits = {
  maxItems: Math.max(...prescriptionKinds.map((kind) => prescriptionKindRules[kind].maxItems)),
  maxQuantity: Math.max(...prescriptionKinds.map((kind) => prescriptionKindRules[kind].maxQuantity)),
};

/** The stored states (DECISIONS.md). "Valid" is shown, never stored: see `displayStateOf`. */
export const prescriptionStates = ['draft', 'signed', 'partially_dispensed', 'dispensed', 'cancelled', 'expired'] as const;
export type PrescriptionState = (typeof prescriptionStates)[number];

/** What a list or a pharmacy is told: a signed prescription is pending, valid or expired by date. */
export const prescriptionDisplayStates = [
  'draft', 'pending', 'valid', 'partially_dispensed', 'dispensed', 'cancelled', 'expired',
] as const;
export type PrescriptionDisplayState = (typeof prescriptionDisplayStates)[number];
export const prescriptionDisplayStateLabels: Record<PrescriptionDisplayState, string> = {
  draft: 'Borrador',
  pending: 'Firmado, vigente desde su fecha de inicio',
  valid: 'Firmado, vigente',
  partially_dispensed: 'Dispensado parcialmente',
  dispensed: 'Dispensado',
  cancelled: 'Anulado',
  expired: 'Vencido',
};

export const prescriptionRules = {
  /** The start date may be set up to 30 days after the issue date, never earlier. */
  maxStartDelayDays: 30,
  chronicSeriesLengths: [2, 3] as const,
  defaultChronicSeriesLength: 3,
} as const;

/** The last day a prescription of `kind` that starts on `startDate` may be dispensed, its start date included. */
export function expiryDateOf(startDate: string, kind: PrescriptionKind): string {
  return addDays(startDate, prescriptionKindRules[kind].validityDays - 1);
}

/**
 * The validity windows of a series: each prescription of a Receta Crónica (of medicines only)
 * starts 30 days after the one before, so the windows follow each other without a gap or an overlap.
 */
export function seriesWindows(startDate: string, length: number): Array<{ startDate: string; expiryDate: string }> {
  const { validityDays } = prescriptionKindRules.medication;
  return Array.from({ length }, (_, index) => {
    const start = addDays(startDate, index * validityDays);
    return { startDate: start, expiryDate: expiryDateOf(start, 'medication') };
  });
}

/** Whether `startDate` may start a prescription issued on `issuedOn`. */
export function isAllowedStartDate(startDate: string, issuedOn: string): boolean {
  return startDate >= issuedOn && startDate <= addDays(issuedOn, prescriptionRules.maxStartDelayDays);
}

/** The state to show on `today`: a signed prescription before, inside or after its window. */
export function displayStateOf(
  prescription: { state: PrescriptionState; startDate: string; expiryDate: string },
  today: string = todayInArgentina(),
): PrescriptionDisplayState {
  const { state, startDate, expiryDate } = prescription;
  if (state === 'signed' || state === 'partially_dispensed') {
    if (today > expiryDate) return 'expired';
    if (state === 'signed') return today < startDate ? 'pending' : 'valid';
  }
  return state;
}

/** Licences (spec section 2): Nacional (MN) or Provincial (MP). */
export const licenceTypes = ['MN', 'MP'] as const;
export type LicenceType = (typeof licenceTypes)[number];
export const licenceTypeLabels: Record<LicenceType, string> = { MN: 'Nacional (MN)', MP: 'Provincial (MP)' };

/** The prescriber as printed on the prescription, copied when it is written. */
export const PrescriberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  lastName: z.string(),
  cuit: z.string(),
  licenceType: z.enum(licenceTypes),
  enrollment: z.string(),
  jurisdiction: z.string(),
  profession: z.string(),
  specialty: z.string(),
  address: z.string(),
  /**
   * What Res. 2214/2025 Annex II added to the professional block; absent from prescriptions
   * written before it. `jurisdictionCode` is the product's code of the licence's jurisdiction
   * ('CABA', 'BUE', 'MN'), whose INDEC code is the CUIR's third module.
   */
  jurisdictionCode: z.string().optional(),
  /** The Licencia Sanitaria Federal: the doctor's code in REFEPS. */
  refepsCode: z.string().nullish(),
  /** Who issued the licence: the jurisdiction's health ministry, or the nation's for MN. */
  licenceIssuer: z.string().optional(),
  email: z.string().nullish(),
  phone: z.string().nullish(),
  /** The date of the jurisdiction's authorisation to prescribe restricted medicines, if any. */
  restrictedAuthorisedOn: z.string().nullish(),
});
export type Prescriber = z.infer<typeof PrescriberSchema>;

const itemQuantity = (max: number, tooBig: string) => z.coerce.number<string | number>(tooBig).int(tooBig)
  .min(1, tooBig).max(max, tooBig);

const itemFields = {
  medicationId: z.number().int().positive().max(int4Max, message.medicationUnknown)
    .nullish()
    .transform((id) => id ?? null),
  genericName: requiredText(200, messages.input.tooLong),
  brandName: optionalText(200, messages.input.tooLong),
  strength: optionalText(200, messages.input.tooLong),
  pharmaceuticalForm: optionalText(200, messages.input.tooLong),
  patientInstructions: optionalText(1000, messages.input.tooLong, { multiline: true }),
  pharmacyNote: optionalText(500, messages.input.tooLong, { multiline: true }),
  noSubstitution: z.boolean().default(false),
};

/** One medicine: its generic name (Ley 25.649), the presentation, how much and how to take it. */
export const MedicationItemInputSchema = z.object({
  ...itemFields,
  presentation: requiredText(200, messages.input.tooLong),
  quantity: itemQuantity(prescriptionKindRules.medication.maxQuantity, message.quantityInvalid),
  dosage: requiredText(500, messages.input.tooLong),
});

/**
 * A line of any kind: a medicine, a device (its name, quantity and indications) or a study or
 * practice (from the catalogue by `practiceCode`, or by name; units or sessions). What each
 * kind requires besides is checked with the prescription's kind (`itemIssuesOf`).
 */
export const PrescriptionItemInputSchema = z.object({
  ...itemFields,
  practiceCode: optionalText(textLimits.code, message.practiceUnknown),
  presentation: optionalText(200, messages.input.tooLong),
  quantity: itemQuantity(anyKindLimits.maxQuantity, message.quantityInvalidOther),
  dosage: optionalText(500, messages.input.tooLong),
});
export type PrescriptionItemInput = z.input<typeof PrescriptionItemInputSchema>;

type ItemOutput = z.output<typeof PrescriptionItemInputSchema>;
interface ItemIssue { path: Array<string | number>; message: string }

/** What a prescription of `kind` refuses in its lines beyond their own shape. */
export function itemIssuesOf(kind: PrescriptionKind, items: ReadonlyArray<ItemOutput>): ItemIssue[] {
  const rules = prescriptionKindRules[kind];
  const issues: ItemIssue[] = [];
  if (items.length > rules.maxItems) {
    issues.push({ path: ['items'], message: kind === 'medication' ? message.itemsMax : message.itemsMaxOther });
  }
  items.forEach((item, index) => {
    const at = (field: string, text: string) => issues.push({ path: ['items', index, field], message: text });
    if (kind !== 'medication' && item.medicationId !== null) at('medicationId', invalid);
    if (kind !== 'practice' && item.practiceCode !== null) at('practiceCode', invalid);
    if (kind !== 'medication') return;
    if (item.quantity > rules.maxQuantity) at('quantity', message.quantityInvalid);
    if (item.presentation === null) at('presentation', messages.common.required);
    if (item.dosage === null) at('dosage', messages.common.required);
  });
  return issues;
}

/**
 * Adds `itemIssuesOf` to a schema whose output has a kind and items. Only once the rest parsed:
 * on a body that is not even an object there is nothing to check them against.
 */
function withItemRules<T extends z.ZodType<{ kind: PrescriptionKind; items: ItemOutput[] }>>(schema: T) {
  return schema.superRefine((input, context) => {
    for (const issue of itemIssuesOf(input.kind, input.items)) context.addIssue({ code: 'custom', ...issue });
  });
}

const prescriptionContent = {
  patientId: z.uuid(messages.patients.notFound),
  /**
   * The insurer's slug, as in `/prescriptions/{providerSlug}/new`; 'particular' for none, only
   * when the doctor says so. Absent: the patient's insurer and affiliate number, as their record
   * holds them (docs/decisions/038).
   */
  insurerSlug: requiredText(textLimits.name, message.unknownInsurer).optional(),
  affiliateNumber: optionalText(30, messages.patients.affiliateNumberTooLong),
  diagnosisCode: withoutControls(z.string({ error: message.diagnosisRequired }).trim().min(1, message.diagnosisRequired)
    .max(textLimits.code, message.diagnosisUnknown)),
  symptoms: optionalText(1000, messages.input.tooLong, { multiline: true }),
  /** Defaults to the issue date. */
  startDate: z.iso.date(message.startDateInvalid).optional(),
  items: z.array(PrescriptionItemInputSchema, invalid)
    .min(1, message.itemsRequired).max(anyKindLimits.maxItems, message.itemsMaxOther),
  /** The doctor saw the warning that a medicine repeats one still valid for the patient. */
  confirmDuplicates: z.boolean().default(false),
  /** The doctor saw the warning that the patient is allergic or intolerant to a medicine. */
  confirmAllergies: z.boolean().default(false),
};

/**
 * `POST /api/prescriptions`: a Receta Única, or the series of a Receta Crónica (of medicines
 * only); of medicines unless `kind` says otherwise.
 */
export const PrescriptionInputSchema = withItemRules(z.object({
  ...prescriptionContent,
  kind: z.enum(prescriptionKinds, invalid).default('medication'),
  type: z.enum(prescriptionTypes, messages.common.required),
  seriesLength: z
    .union(prescriptionRules.chronicSeriesLengths.map((length) => z.literal(length)), message.seriesLengthInvalid)
    .optional(),
}).refine((input) => input.type === 'chronic' || input.seriesLength === undefined, {
  message: message.seriesLengthInvalid, path: ['seriesLength'],
}).refine((input) => input.type === 'classic' || input.kind === 'medication', {
  message: message.chronicOnlyMedicines, path: ['type'],
}));
export type PrescriptionInput = z.input<typeof PrescriptionInputSchema>;

/**
 * `PUT /api/prescriptions/{id}`: the content of a draft; its type, kind and series stay (a kind
 * that is sent must be the draft's). For a Receta Crónica, startDate is the start of the series'
 * first prescription, as when issued.
 */
export const PrescriptionUpdateSchema = withItemRules(z.object({
  ...prescriptionContent,
  kind: z.enum(prescriptionKinds, invalid).default('medication'),
}));
export type PrescriptionUpdateInput = z.input<typeof PrescriptionUpdateSchema>;

/** `POST /api/prescriptions/duplicates`: the check the form runs before issuing. */
export const DuplicateCheckSchema = z.object({
  patientId: z.uuid(messages.patients.notFound),
  items: z.array(MedicationItemInputSchema.pick({ medicationId: true, genericName: true }), invalid)
    .min(1, message.itemsRequired).max(prescriptionKindRules.medication.maxItems, message.itemsMax),
  /** When editing, the series whose own prescriptions are not duplicates of themselves. */
  excludePrescriptionId: z.uuid(invalid).optional(),
});
export type DuplicateCheckInput = z.input<typeof DuplicateCheckSchema>;

export const DuplicateMedicationSchema = z.object({
  prescriptionId: z.string(),
  number: z.number().int(),
  genericName: z.string(),
  expiryDate: z.string(),
});
export type DuplicateMedication = z.infer<typeof DuplicateMedicationSchema>;
/** What the form warns of before issuing: repeated medicines and the patient's allergies. */
export const DuplicateCheckResultSchema = z.object({
  duplicates: z.array(DuplicateMedicationSchema),
  allergies: z.array(AllergyConflictSchema),
});

export const PrescriptionItemSchema = z.object({
  id: z.string(),
  medicationId: z.number().int().nullable(),
  /** The catalogue practice of a study or practice line; null otherwise. */
  practiceCode: z.string().nullable(),
  /** The medicine's generic name, or the device's or practice's name. */
  genericName: z.string(),
  brandName: z.string().nullable(),
  strength: z.string().nullable(),
  pharmaceuticalForm: z.string().nullable(),
  /** A medicine's presentation; null for a device or a practice. */
  presentation: z.string().nullable(),
  /** Units, or sessions of a practice. */
  quantity: z.number().int(),
  /** How to take a medicine, or the indications of a device or a practice. */
  dosage: z.string().nullable(),
  patientInstructions: z.string().nullable(),
  pharmacyNote: z.string().nullable(),
  noSubstitution: z.boolean(),
  dispensedQuantity: z.number().int(),
  /** Annex I's subtype, from the presentation's condition of sale; null outside medicines. */
  subtype: z.enum(medicationSubtypes).nullable(),
  /** The item's official CUIR, given when the prescription is signed; null on a draft. */
  cuir: z.string().nullable(),
});
export type PrescriptionItem = z.infer<typeof PrescriptionItemSchema>;

export const PrescriptionSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  type: z.enum(prescriptionTypes),
  kind: z.enum(prescriptionKinds),
  state: z.enum(prescriptionStates),
  displayState: z.enum(prescriptionDisplayStates),
  seriesId: z.string(),
  seriesPosition: z.number().int(),
  seriesLength: z.number().int(),
  issuedOn: z.string(),
  startDate: z.string(),
  expiryDate: z.string(),
  patient: z.object({
    id: z.string().nullable(),
    name: z.string(),
    lastName: z.string(),
    dni: z.string(),
    cuil: z.string().nullable(),
    /** For a foreigner without CUIL: the document used instead (Annex II). */
    identityDocument: IdentityDocumentSchema.nullable(),
    sex: z.enum(patientSexes),
    dateOfBirth: z.string(),
    /** Mandatory on a prescription of a legally restricted medicine. */
    address: z.string().nullable(),
  }),
  insurer: InsurerSummarySchema.nullable(),
  affiliateNumber: z.string().nullable(),
  diagnosis: z.object({ code: z.string(), description: z.string() }),
  symptoms: z.string().nullable(),
  prescriber: PrescriberSchema,
  items: z.array(PrescriptionItemSchema),
  signed: z.boolean(),
  createdAt: z.string(),
  signedAt: z.string().nullable(),
});
export type Prescription = z.infer<typeof PrescriptionSchema>;
export const PrescriptionPageSchema = pageOf(PrescriptionSchema);
export type PrescriptionPage = z.infer<typeof PrescriptionPageSchema>;

/** What `POST /api/prescriptions` created: one prescription, or the whole chronic series. */
export const PrescriptionsCreatedSchema = z.object({
  message: z.string(),
  prescriptions: z.array(PrescriptionSchema),
});
export type PrescriptionsCreated = z.infer<typeof PrescriptionsCreatedSchema>;

/** What `PUT /api/prescriptions/{id}` rewrote: the draft, or every draft of its chronic series. */
export const PrescriptionsEditedSchema = PrescriptionsCreatedSchema;

export const prescriptionSorts = ['number', 'createdAt', 'patientLastName', 'startDate', 'expiryDate', 'state'] as const;

/**
 * `GET /api/prescriptions` (the workspace's), with `mine=true` the doctor's own, with
 * `signed=true` only signed ones. q finds by number, patient DNI or last name.
 */
export const PrescriptionsQuerySchema = ListQuerySchema.extend({
  sort: z.enum(prescriptionSorts, invalid).default('createdAt'),
  order: z.enum(['asc', 'desc'], invalid).default('desc'),
  state: z.enum(prescriptionDisplayStates, invalid).optional(),
  from: z.iso.date(invalid).optional(),
  to: z.iso.date(invalid).optional(),
  patientId: z.uuid(invalid).optional(),
  insurerSlug: withoutControls(z.string().trim().max(80, invalid)).optional(),
  mine: z.stringbool(invalid).optional(),
  signed: z.stringbool(invalid).optional(),
});
export type PrescriptionsQuery = z.input<typeof PrescriptionsQuerySchema>;

export const PrescriptionsRemovedSchema = DeleteManyResultSchema;
