import { z } from 'zod';
import { pinCode as pin } from './accounts.ts';
import * as messages from './messages/index.ts';
import { PrescriptionSchema } from './prescriptions.ts';
import { withoutControls } from './schema-helpers.ts';

const invalid = messages.common.invalidData;

/** `POST /api/prescriptions/{id}/sign`. */
export const SignPrescriptionSchema = z.object({ pin });
/** `POST /api/prescriptions/sign`: several drafts with one PIN, one attempt for the batch. */
export const SignPrescriptionsSchema = z.object({
  ids: z.array(z.uuid(invalid), invalid).min(1, invalid).max(30, invalid),
  pin,
});
export type SignPrescriptionsInput = z.input<typeof SignPrescriptionsSchema>;

/** What signing answers: '¡Prescripción firmada!' and the signed prescriptions. */
export const PrescriptionsSignedSchema = z.object({
  message: z.string(),
  prescriptions: z.array(PrescriptionSchema),
});
export type PrescriptionsSigned = z.infer<typeof PrescriptionsSignedSchema>;

/** `POST /api/prescriptions/{id}/cancel`: a signed prescription not yet dispensed. */
export const CancelPrescriptionSchema = z.object({
  reason: withoutControls(z.string({ error: messages.common.required }).trim()
    .min(1, messages.common.required).max(500, messages.signing.reasonTooLong), { multiline: true }),
});
export type CancelPrescriptionInput = z.input<typeof CancelPrescriptionSchema>;

/** What cancelling answers: '¡Prescripción anulada!' and the prescription as it is now. */
export const PrescriptionCancelledSchema = z.object({ message: z.string(), prescription: PrescriptionSchema });
export type PrescriptionCancelled = z.infer<typeof PrescriptionCancelledSchema>;

/** The events of a prescription, for its detail page (`GET /api/prescriptions/{id}/events`). */
export const prescriptionEventKinds = [
  'created', 'edited', 'signed', 'sent', 'opened', 'dispensed', 'dispense_undone', 'cancelled', 'deleted_by_retention',
] as const;
export type PrescriptionEventKind = (typeof prescriptionEventKinds)[number];
export const prescriptionEventLabels: Record<PrescriptionEventKind, string> = {
  created: 'Creada',
  edited: 'Editada',
  signed: 'Firmada',
  sent: 'Enviada al paciente',
  opened: 'Abierta por el paciente',
  dispensed: 'Dispensada',
  dispense_undone: 'Dispensa anulada',
  cancelled: 'Anulada',
  deleted_by_retention: 'Eliminada por retención',
};

export const PrescriptionEventSchema = z.object({
  id: z.string(),
  kind: z.enum(prescriptionEventKinds),
  at: z.string(),
  /** Who did it; null for the patient or the platform. */
  actor: z.object({ id: z.string(), displayName: z.string() }).nullable(),
  /** A short readable detail: the channel of a send, the items of a dispense, a reason. */
  detail: z.string().nullable(),
});
export type PrescriptionEvent = z.infer<typeof PrescriptionEventSchema>;
export const PrescriptionEventsSchema = z.object({ events: z.array(PrescriptionEventSchema) });
