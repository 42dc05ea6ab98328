import { z } from 'zod';
import { DisplayNameSchema, newPassword, RefepsCodeSchema, typedPassword } from './accounts.ts';
import { MedicalDetailSchema } from './directory.ts';
import * as messages from './messages/index.ts';
import { PersonalDataSchema } from './registration.ts';
import { textLimits, verbatimText } from './schema-helpers.ts';

const required = messages.common.required;

/**
 * The part of a doctor's record the doctor may correct alone (docs/decisions/023): how to reach
 * them. The identity and the licence were checked against the documents by a moderator, so
 * changing them goes through the moderator again.
 */
export const ContactDataSchema = PersonalDataSchema.pick({
  phoneNumber: true, address: true, apartment: true, district: true, province: true,
});
export type ContactDataInput = z.input<typeof ContactDataSchema>;

/** The doctor's record as the profile shows it: everything the doctor registered, and whether the PIN is set. */
export const DoctorProfileSchema = MedicalDetailSchema.pick({
  name: true,
  lastName: true,
  birthDate: true,
  dni: true,
  cuit: true,
  phoneNumber: true,
  address: true,
  apartment: true,
  district: true,
  province: true,
  enrollment: true,
  jurisdiction: true,
  specialty: true,
  profession: true,
  refepsCode: true,
  restrictedAuthorisation: true,
  hasPin: true,
});
export type DoctorProfile = z.infer<typeof DoctorProfileSchema>;

/** `GET /api/profile`: the signed-in user's own account; `doctor` only for a doctor. */
export const ProfileSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  photoURL: z.string().nullable(),
  /** The names of the user's roles, main role first. */
  roleNames: z.array(z.string()),
  /** When the authenticator app was set up; null until the next login enrols one. */
  secondFactorEnrolledAt: z.string().nullable(),
  doctor: DoctorProfileSchema.nullable(),
});
export type Profile = z.infer<typeof ProfileSchema>;

/**
 * `PUT /api/profile/refeps-code`: the doctor's Licencia Sanitaria Federal, which a doctor
 * registered before it was asked gives before their next signature.
 */
export const RefepsCodeUpdateSchema = z.object({ refepsCode: RefepsCodeSchema });
export type RefepsCodeUpdateInput = z.input<typeof RefepsCodeUpdateSchema>;

/** `PUT /api/profile`: what every user may change of their own account. */
export const ProfileUpdateSchema = z.object({ displayName: DisplayNameSchema });
export type ProfileUpdateInput = z.input<typeof ProfileUpdateSchema>;

/** `POST /api/profile/password`: the current password proves it is the owner, not someone at an unlocked screen. */
export const PasswordChangeSchema = z.object({
  currentPassword: typedPassword,
  newPassword,
  confirmPassword: verbatimText(textLimits.password).min(1, required),
})
  .refine((form) => form.confirmPassword === form.newPassword, {
    message: messages.registration.passwordsMismatch, path: ['confirmPassword'],
  })
  .refine((form) => form.newPassword !== form.currentPassword, {
    message: messages.profile.samePassword, path: ['newPassword'],
  });
export type PasswordChangeInput = z.input<typeof PasswordChangeSchema>;

/** `POST /api/profile/second-factor/reset`: the password, for the same reason as a password change. */
export const SecondFactorResetSchema = z.object({ password: typedPassword });
export type SecondFactorResetInput = z.input<typeof SecondFactorResetSchema>;

/** One of the user's live sessions, as `GET /api/profile/sessions` lists them. */
export const ProfileSessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  /** Read from the user agent, e.g. "Chrome"; null when it tells nothing known. */
  browser: z.string().nullable(),
  /** Read from the user agent, e.g. "Android"; null when it tells nothing known. */
  system: z.string().nullable(),
  ipAddress: z.string().nullable(),
  /** The session of the request that asked. */
  isCurrent: z.boolean(),
});
export type ProfileSession = z.infer<typeof ProfileSessionSchema>;

/** `GET /api/profile/sessions`: the most recently used first. */
export const ProfileSessionsSchema = z.object({ items: z.array(ProfileSessionSchema) });

/** What closing sessions did, and the message to show. */
export const SessionsClosedSchema = z.object({ message: z.string(), closed: z.number().int().nonnegative() });
