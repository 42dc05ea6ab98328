import { z } from 'zod';
import { cuirPattern, medicationSubtypes } from './cuir.ts';
import * as messages from './messages/index.ts';
import {
  anyKindLimits, licenceTypes, prescriptionDisplayStates, prescriptionKinds, prescriptionTypes, PrescriptionSchema,
} from './prescriptions.ts';

const invalid = messages.common.invalidData;

/**
 * The Buscador Nacional de Medicamentos, whose link every prescription carries so that the
 * patient may compare prices (Disposición DNSISA 1/2025 art. 5).
 */
export const medicinePriceFinder = {
  name: 'Buscador Nacional de Medicamentos',
  url: 'https://www.argentina.gob.ar/buscador-de-precios-de-medicamentos',
} as const;

/** An item as pages without the patient's data show it: its CUIR and its subtype, not the medicine. */
export const ItemReferenceSchema = z.object({
  cuir: z.string().nullable(),
  subtype: z.enum(medicationSubtypes).nullable(),
});
export type ItemReference = z.infer<typeof ItemReferenceSchema>;

/**
 * How a prescription was looked up: by the verification code under its QR code, printed only on
 * the patient's copy, or by the CUIR of one of its items, which anyone could compose (its group
 * module is the prescription's number), so it tells less (docs/decisions/036).
 */
export const lookupKinds = ['code', 'cuir'] as const;
export type LookupKind = (typeof lookupKinds)[number];

/**
 * The public verification of a prescription (no login): whether it is genuine, its state and
 * dates, and its items' CUIRs and subtypes; by its QR code also who signed it. Nothing of the
 * patient, of their health or of the medicines.
 */
export const VerificationSchema = z.object({
  foundBy: z.enum(lookupKinds),
  genuine: z.boolean(),
  number: z.number().int(),
  type: z.enum(prescriptionTypes),
  /** Medicines, devices, or studies and practices: what a pharmacy, an optician or a laboratory is asked for. */
  kind: z.enum(prescriptionKinds),
  state: z.enum(prescriptionDisplayStates),
  seriesPosition: z.number().int(),
  seriesLength: z.number().int(),
  issuedOn: z.string(),
  startDate: z.string(),
  expiryDate: z.string(),
  signedAt: z.string().nullable(),
  /** Null when found by a CUIR. */
  prescriber: z.object({
    name: z.string(),
    lastName: z.string(),
    licenceType: z.enum(licenceTypes),
    enrollment: z.string(),
    jurisdiction: z.string(),
  }).nullable(),
  /** Every item when found by the QR code; only the item of the CUIR when found by one. */
  items: z.array(ItemReferenceSchema),
  /**
   * Why its doctor cancelled it, when found by the QR code (printed on the PDF, beside the
   * diagnosis and the medicines); null otherwise, and always by a CUIR, which anyone can compose.
   */
  cancellationReason: z.string().nullable(),
});
export type Verification = z.infer<typeof VerificationSchema>;

/** One dispense of one item, as the scanner and the detail page show it. */
export const DispensationSchema = z.object({
  id: z.string(),
  itemId: z.string(),
  quantity: z.number().int(),
  pharmacy: z.object({ id: z.string().nullable(), displayName: z.string() }),
  dispensedAt: z.string(),
  undoneAt: z.string().nullable(),
  /** Whether the user asking may still undo it (same pharmacy, same day in Argentina). */
  canUndo: z.boolean(),
});
export type Dispensation = z.infer<typeof DispensationSchema>;

/** `GET /api/scanner/{verificationCode}` (index.scan): the whole prescription for the pharmacy. */
export const ScannedPrescriptionSchema = z.object({
  prescription: PrescriptionSchema,
  /** The stored PDF's signature checked again against the platform CA. */
  signatureValid: z.boolean(),
  dispensations: z.array(DispensationSchema),
  /**
   * What the scanner says when it cannot be dispensed (docs/decisions/039): the day of the
   * dispense that completed it, and the doctor's reason for cancelling it. The start and
   * expiry dates are the prescription's own.
   */
  dispensedOn: z.string().nullable(),
  cancellationReason: z.string().nullable(),
});
export type ScannedPrescription = z.infer<typeof ScannedPrescriptionSchema>;

/** A dispense or its undo: the prescription as the scanner shows it now, and what to tell the pharmacist. */
export const DispenseResultSchema = ScannedPrescriptionSchema.extend({ message: z.string() });
export type DispenseResult = z.infer<typeof DispenseResultSchema>;

/**
 * `POST /api/prescriptions/{id}/dispense` (mark.prescription): every pending unit with
 * `all`, or the quantities of some items.
 */
export const DispenseSchema = z.union([
  z.object({ all: z.literal(true) }),
  z.object({
    items: z.array(z.object({
      itemId: z.uuid(invalid),
      quantity: z.number(invalid).int(invalid).min(1, messages.dispensing.quantityInvalid)
        .max(anyKindLimits.maxQuantity, messages.dispensing.quantityInvalid),
    }), invalid).min(1, messages.dispensing.nothingToDispense).max(anyKindLimits.maxItems, invalid),
  }),
], invalid);
export type DispenseInput = z.input<typeof DispenseSchema>;

/** A verification code as printed under the QR code: 16 characters of Crockford base 32. */
export const verificationCodePattern = /^[0-9A-HJKMNP-TV-Z]{16}$/;

/**
 * What finds a signed prescription, as typed or scanned: its verification code, or the CUIR of
 * one of its items. Spaces and dashes are left out (people copy a CUIR in groups of digits) and
 * letters are capitalised; the answer is the code or the 41 digits.
 */
export const PrescriptionLookupSchema = z.string(messages.dispensing.codeInvalid)
  .transform((text) => text.replace(/[\s-]/g, '').toUpperCase())
  .refine((text) => cuirPattern.test(text) || verificationCodePattern.test(text), messages.dispensing.codeInvalid);

/** Whether a lookup (as `PrescriptionLookupSchema` answers it) is a CUIR rather than a verification code. */
export function lookupKindOf(lookup: string): LookupKind {
  return cuirPattern.test(lookup) ? 'cuir' : 'code';
}
