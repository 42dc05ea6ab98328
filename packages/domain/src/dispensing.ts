import { z } from 'zod';
import { messages } from './messages.ts';
import {
  licenceTypes, prescriptionDisplayStates, prescriptionRules, prescriptionTypes, PrescriptionSchema,
} from './prescriptions.ts';

const invalid = messages.common.invalidData;

/**
 * The public verification of a prescription (the QR code's page, no login): whether it is
 * genuine, its state and dates and who signed it, and nothing of the patient's health.
 */
export const VerificationSchema = z.object({
  genuine: z.boolean(),
  number: z.number().int(),
  type: z.enum(prescriptionTypes),
  state: z.enum(prescriptionDisplayStates),
  seriesPosition: z.number().int(),
  seriesLength: z.number().int(),
  issuedOn: z.string(),
  startDate: z.string(),
  expiryDate: z.string(),
  signedAt: z.string().nullable(),
  prescriber: z.object({
    name: z.string(),
    lastName: z.string(),
    licenceType: z.enum(licenceTypes),
    enrollment: z.string(),
    jurisdiction: z.string(),
  }),
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
        .max(prescriptionRules.maxQuantity, messages.dispensing.quantityInvalid),
    }), invalid).min(1, messages.dispensing.nothingToDispense).max(prescriptionRules.maxItems, invalid),
  }),
], invalid);
export type DispenseInput = z.input<typeof DispenseSchema>;

/** A verification code as printed under the QR code: 16 characters of Crockford base 32. */
export const verificationCodePattern = /^[0-9A-HJKMNP-TV-Z]{16}$/;
export const VerificationCodeSchema = z.string().trim().toUpperCase()
  .regex(verificationCodePattern, messages.dispensing.codeInvalid);
