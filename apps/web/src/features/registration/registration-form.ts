import {
  CredentialsStepSchema,
  DoctorRegistrationSchema,
  PersonalDataSchema,
  ProfessionalStepSchema,
  type AttachmentField,
  type DoctorRegistration,
} from '@receta/domain';
import type { FieldError, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** The wizard's one form state: the three steps, kept together so going back loses nothing. */
export interface RegistrationForm extends Record<AttachmentField, string> {
  name: string;
  lastName: string;
  /** YYYY-MM-DD, as the date input gives it. */
  birthDate: string;
  dni: string;
  cuit: string;
  phoneNumber: string;
  address: string;
  apartment: string;
  district: string;
  province: string;
  email: string;
  emailCopy: string;
  password: string;
  passwordConfirm: string;
  specialtyId: string;
  jurisdictionCode: string;
  doctorEnrollment: string;
  professionCode: string;
  refepsCode: string;
  termsAndCondition: boolean;
  privacyPolicy: boolean;
}

export const emptyRegistrationForm: RegistrationForm = {
  name: '',
  lastName: '',
  birthDate: '',
  dni: '',
  cuit: '',
  phoneNumber: '',
  address: '',
  apartment: '',
  district: '',
  province: '',
  email: '',
  emailCopy: '',
  password: '',
  passwordConfirm: '',
  specialtyId: '',
  jurisdictionCode: '',
  doctorEnrollment: '',
  professionCode: '',
  refepsCode: '',
  dniFront: '',
  dniBack: '',
  degreeCertificate: '',
  doctorEnrollmentLocation: '',
  termsAndCondition: false,
  privacyPolicy: false,
};

export const registrationSteps = ['personalData', 'credentials', 'professionalData'] as const;
export type RegistrationStep = (typeof registrationSteps)[number];

const stepSchemas: Record<RegistrationStep, z.ZodType> = {
  personalData: PersonalDataSchema,
  credentials: CredentialsStepSchema,
  professionalData: ProfessionalStepSchema,
};

/**
 * Validates only the step on screen with the domain's schema for it, so that an untouched
 * later step never blocks an earlier one. The values stay as typed: the final payload is
 * built from the whole form by `toDoctorRegistration`.
 */
export function registrationStepResolver(step: RegistrationStep): Resolver<RegistrationForm> {
  return async (values) => {
    const result = await stepSchemas[step].safeParseAsync(values);
    if (result.success) return { values, errors: {} };
    const errors: Partial<Record<keyof RegistrationForm, FieldError>> = {};
    for (const issue of result.error.issues) {
      const field = issue.path[0];
      if (isRegistrationField(field) && errors[field] === undefined) {
        errors[field] = { type: issue.code, message: issue.message };
      }
    }
    return { values: {}, errors };
  };
}

export function isRegistrationField(key: unknown): key is keyof RegistrationForm {
  return typeof key === 'string' && key in emptyRegistrationForm;
}

/**
 * `POST /api/auth/register/doctors` (spec section 3): the three steps without the typed-twice
 * copies, the four documents nested under `attachments`, and termsAccepted.
 */
export function toDoctorRegistration(form: RegistrationForm): z.output<typeof DoctorRegistrationSchema> {
  // The parse trims, lower-cases the email and makes specialtyId a number, as the server expects.
  return DoctorRegistrationSchema.parse({
    name: form.name,
    lastName: form.lastName,
    birthDate: form.birthDate,
    dni: form.dni,
    cuit: form.cuit,
    phoneNumber: form.phoneNumber,
    address: form.address,
    apartment: form.apartment.trim() === '' ? undefined : form.apartment,
    district: form.district,
    province: form.province,
    email: form.email,
    password: form.password,
    specialtyId: form.specialtyId,
    jurisdictionCode: form.jurisdictionCode,
    doctorEnrollment: form.doctorEnrollment,
    professionCode: form.professionCode,
    refepsCode: form.refepsCode,
    attachments: {
      dniFront: form.dniFront,
      dniBack: form.dniBack,
      degreeCertificate: form.degreeCertificate,
      doctorEnrollmentLocation: form.doctorEnrollmentLocation,
    },
    termsAndCondition: form.termsAndCondition,
    privacyPolicy: form.privacyPolicy,
    termsAccepted: true,
  } satisfies Record<keyof DoctorRegistration, unknown>);
}
