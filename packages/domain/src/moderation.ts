import { z } from 'zod';
import { RecoveryEmailSchema } from './accounts.ts';
import { AdministratorSchema } from './admin.ts';
import { ListQuerySchema, pageOf } from './api.ts';
import * as messages from './messages/index.ts';
import { withoutControls } from './schema-helpers.ts';

/** `POST /api/doctors/uploadFile` answers where the stored file can be read (spec section 3). */
export const UploadedAttachmentSchema = z.object({ attachment: z.object({ location: z.string() }) });
export type UploadedAttachment = z.infer<typeof UploadedAttachmentSchema>;

/** The registration checks answer this when the DNI, CUIT or email is free. */
export const VerificationPassedSchema = z.object({ valid: z.literal(true) });

/**
 * `POST /api/auth/register`: the account is created waiting for a moderator, so there is no
 * access token to hand out yet.
 */
export const AccountRegisteredSchema = z.object({
  user: z.object({ id: z.string(), email: z.string(), status: z.literal('pending_approval') }),
  access_token: z.null(),
});
export type AccountRegistered = z.infer<typeof AccountRegisteredSchema>;

/** `POST /api/auth/doctors/send-confirmation`. */
export const SendConfirmationSchema = RecoveryEmailSchema;

/**
 * `GET /api/users/not-authorized`: doctors waiting for approval and administrators not yet
 * authorized, oldest first; `q` searches a doctor's name, last name, email and DNI and an
 * administrator's email and display name.
 */
export const PendingUsersQuerySchema = ListQuerySchema.pick({ page: true, pageSize: true, q: true });
export type PendingUsersQuery = z.input<typeof PendingUsersQuerySchema>;

/** A doctor waiting for a moderator, with what they entered and where their documents are. */
export const PendingDoctorSchema = z.object({
  kind: z.literal('doctor'),
  id: z.string(),
  email: z.string(),
  name: z.string(),
  lastName: z.string(),
  birthDate: z.string(),
  dni: z.string(),
  cuit: z.string(),
  phoneNumber: z.string(),
  address: z.string(),
  apartment: z.string().nullable(),
  district: z.string(),
  province: z.string(),
  specialty: z.string().nullable(),
  jurisdiction: z.string().nullable(),
  doctorEnrollment: z.string(),
  profession: z.string().nullable(),
  /** The Licencia Sanitaria Federal; null for a request made before it was asked. */
  refepsCode: z.string().nullable(),
  createdAt: z.string(),
  attachments: z.object({
    dniFront: z.string().nullable(),
    dniBack: z.string().nullable(),
    degreeCertificate: z.string().nullable(),
    doctorEnrollmentLocation: z.string().nullable(),
  }),
});
export type PendingDoctor = z.infer<typeof PendingDoctorSchema>;

/** An administrator created without authorization, waiting for it. */
export const PendingAdministratorSchema = AdministratorSchema
  .pick({ id: true, email: true, displayName: true, roles: true, roleNames: true, createdAt: true })
  .extend({ kind: z.literal('administrator') });
export type PendingAdministrator = z.infer<typeof PendingAdministratorSchema>;

/** An account on the not-authorized page: `kind` tells a doctor's request from an administrator. */
export const PendingUserSchema = z.discriminatedUnion('kind', [PendingDoctorSchema, PendingAdministratorSchema]);
export type PendingUser = z.infer<typeof PendingUserSchema>;
export const PendingUserPageSchema = pageOf(PendingUserSchema);
export type PendingUserPage = z.infer<typeof PendingUserPageSchema>;

/** `POST /api/users/{id}/reject`: the reason is mailed to the doctor. */
export const RejectDoctorSchema = z.object({
  reason: withoutControls(z.string({ error: messages.moderation.reasonRequired })
    .trim()
    .min(1, messages.moderation.reasonRequired)
    .max(500, messages.moderation.reasonTooLong), { multiline: true }),
});
export type RejectDoctorInput = z.input<typeof RejectDoctorSchema>;

export const mailStatuses = ['pending', 'sent', 'kept', 'failed'] as const;
export type MailStatus = (typeof mailStatuses)[number];

/** `GET /api/outbox`: newest first. */
export const OutboxQuerySchema = ListQuerySchema.pick({ page: true, pageSize: true });
export type OutboxQuery = z.input<typeof OutboxQuerySchema>;

/**
 * What the outbox leaves out of a message: `content`, a patient's message (its text, and its
 * address but for a hint), since only the prescription's doctor may hand a patient's link
 * over; `link`, an account's link, shown only while no transport delivers the messages.
 */
export const outboxWithholdings = ['content', 'link'] as const;
export type OutboxWithholding = (typeof outboxWithholdings)[number];

/** A mail of the outbox as the superadmin reads it; `text` and `html` are null when its content is withheld. */
export const OutboxMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string().nullable(),
  html: z.string().nullable(),
  withheld: z.enum(outboxWithholdings).nullable(),
  status: z.enum(mailStatuses),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxMail = z.infer<typeof OutboxMailSchema>;
export const OutboxPageSchema = pageOf(OutboxMailSchema);
export type OutboxPage = z.infer<typeof OutboxPageSchema>;

/** A text message of the SMS outbox (`GET /api/sms-outbox`), withheld like the mail's. */
export const OutboxSmsSchema = OutboxMailSchema.omit({ subject: true, html: true });
export type OutboxSms = z.infer<typeof OutboxSmsSchema>;
export const SmsOutboxPageSchema = pageOf(OutboxSmsSchema);
export type SmsOutboxPage = z.infer<typeof SmsOutboxPageSchema>;
