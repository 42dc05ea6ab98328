// The doctor registration wizard (spec section 5): its three steps and the request that sends them.
import { z } from 'zod';
import {
  CuitSchema, DniSchema, EnrollmentSchema, newPassword, pastDate, PhoneSchema, RefepsCodeSchema,
  RegistrationEmailSchema,
} from './accounts.ts';
import * as messages from './messages/index.ts';
import { provinceNames } from './provinces.ts';
import { int4Max, requiredName, requiredText, text, textLimits, verbatimText, withoutControls } from './schema-helpers.ts';

const required = messages.common.required;

/** Step 1 of the registration wizard: personal data. */
export const PersonalDataSchema = z.object({
  name: requiredName(textLimits.name),
  lastName: requiredName(textLimits.name),
  birthDate: pastDate(messages.registration.invalidDate),
  dni: DniSchema,
  cuit: CuitSchema,
  phoneNumber: PhoneSchema,
  address: requiredText(textLimits.line),
  apartment: text(textLimits.code).optional(),
  district: requiredText(textLimits.name),
  province: z.enum(provinceNames, required),
});
export type PersonalData = z.infer<typeof PersonalDataSchema>;

/** Step 2: the credentials, typed twice. */
export const CredentialsStepSchema = z.object({
  email: RegistrationEmailSchema,
  emailCopy: verbatimText(textLimits.email),
  password: newPassword,
  passwordConfirm: verbatimText(textLimits.password),
})
  .refine((step) => step.emailCopy.trim().toLowerCase() === step.email, {
    message: messages.registration.emailsMismatch, path: ['emailCopy'],
  })
  .refine((step) => step.passwordConfirm === step.password, {
    message: messages.registration.passwordsMismatch, path: ['passwordConfirm'],
  });
export type CredentialsStep = z.input<typeof CredentialsStepSchema>;

const documentsMissing = messages.registration.documentsMissing;
const attachment = withoutControls(z.string({ error: documentsMissing })
  .min(1, documentsMissing)
  .max(textLimits.line, messages.registration.attachmentInvalid));

export const DoctorAttachmentsSchema = z.object({
  dniFront: attachment,
  dniBack: attachment,
  degreeCertificate: attachment,
  doctorEnrollmentLocation: attachment,
}, { error: documentsMissing });
export type DoctorAttachments = z.infer<typeof DoctorAttachmentsSchema>;

export const attachmentFields = ['dniFront', 'dniBack', 'degreeCertificate', 'doctorEnrollmentLocation'] as const;
export type AttachmentField = (typeof attachmentFields)[number];

const accepted = z.literal(true, messages.registration.termsNotAccepted);

/** Professional data of step 3, shared by the wizard and the final payload. */
const ProfessionalDataSchema = z.object({
  specialtyId: z.coerce.number<string | number>(required).int(required).positive(required)
    .max(int4Max, messages.registration.unknownReference),
  jurisdictionCode: requiredText(textLimits.code, messages.registration.unknownReference),
  doctorEnrollment: EnrollmentSchema,
  professionCode: requiredText(textLimits.code, messages.registration.unknownReference),
  refepsCode: RefepsCodeSchema,
});

/** Step 3 of the wizard: professional data, the four documents and the legal acceptance. */
export const ProfessionalStepSchema = ProfessionalDataSchema.extend({
  ...DoctorAttachmentsSchema.shape,
  termsAndCondition: accepted,
  privacyPolicy: accepted,
});
export type ProfessionalStep = z.input<typeof ProfessionalStepSchema>;

/** `POST /api/auth/register/doctors`: the three steps without the copies, documents nested. */
export const DoctorRegistrationSchema = PersonalDataSchema
  .extend({ email: RegistrationEmailSchema, password: newPassword })
  .extend(ProfessionalDataSchema.shape)
  .extend({
    attachments: DoctorAttachmentsSchema,
    termsAndCondition: accepted.optional(),
    privacyPolicy: accepted.optional(),
    termsAccepted: accepted,
  });
export type DoctorRegistration = z.input<typeof DoctorRegistrationSchema>;

/** `POST /api/auth/register/doctors/verify-information`. */
export const VerifyInformationSchema = PersonalDataSchema.pick({ dni: true, phoneNumber: true, cuit: true });
/** `POST /api/auth/register/doctors/verify-email`. */
export const VerifyEmailSchema = z.object({ email: RegistrationEmailSchema });
