import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  defaultSuperadminEmail, LoginSchema, NewPasswordFormSchema, newPassword, PinFormSchema, RecoveryEmailSchema,
  RegistrationEmailSchema,
} from './accounts.ts';
import * as messages from './messages/index.ts';
import {
  CredentialsStepSchema, DoctorRegistrationSchema, PersonalDataSchema, ProfessionalStepSchema,
} from './registration.ts';

/** The message of the first issue on `field`, or undefined when the field is valid. */
function messageFor(schema: z.ZodType, value: unknown, field: string): string | undefined {
  const result = schema.safeParse(value);
  return result.error?.issues.find((issue) => issue.path.join('.') === field)?.message;
}

const personalData = {
  name: 'Ana', lastName: 'Pérez', birthDate: '1980-05-17', dni: '28123456', cuit: '27281234566',
  phoneNumber: '1145678901', address: 'Av. Corrientes 1234', district: 'Balvanera', province: 'CABA',
};

describe('registration step 1', () => {
  it('accepts complete personal data', () => {
    expect(PersonalDataSchema.safeParse(personalData).error?.issues).toBeUndefined();
  });

  it.each([
    ['name', '', messages.common.required],
    ['birthDate', '1899-12-31', messages.registration.invalidDate],
    ['birthDate', '2999-01-01', messages.registration.invalidDate],
    ['birthDate', '2020-02-30', messages.registration.invalidDate],
    ['birthDate', '', messages.common.required],
    ['dni', '12345', messages.registration.dniMin],
    ['dni', '1234567890', messages.registration.dniMax],
    ['dni', '12a45678', messages.registration.onlyDigits],
    ['cuit', '2728123456', messages.registration.cuitLength],
    ['cuit', '27281234561', messages.registration.cuitInvalid],
    ['phoneNumber', '114567890', messages.registration.phoneLength],
    ['phoneNumber', '114567890123456', messages.registration.phoneLength],
    ['province', 'Atlántida', messages.common.required],
  ])('refuses %s = %j with "%s"', (field, value, message) => {
    expect(messageFor(PersonalDataSchema, { ...personalData, [field]: value }, field)).toBe(message);
  });
});

describe('registration step 2', () => {
  const step = { email: 'ana@example.com', emailCopy: 'ana@example.com', password: 'Segura-1234', passwordConfirm: 'Segura-1234' };

  it.each([
    ['email', 'ana@', messages.registration.emailInvalid],
    ['email', 'a@b', messages.registration.emailMin],
    ['emailCopy', 'otra@example.com', messages.registration.emailsMismatch],
    ['password', 'Corta-1', messages.password.tooShort],
    ['password', 'segura-1234', messages.password.weak],
    ['passwordConfirm', 'Distinta-123', messages.registration.passwordsMismatch],
  ])('refuses %s = %j with "%s"', (field, value, message) => {
    expect(messageFor(CredentialsStepSchema, { ...step, [field]: value }, field)).toBe(message);
  });

  it('compares the email copy without regard to case', () => {
    expect(CredentialsStepSchema.safeParse({ ...step, emailCopy: 'ANA@example.com' }).success).toBe(true);
  });
});

describe('registration step 3', () => {
  const step = {
    specialtyId: '1', jurisdictionCode: 'CABA', doctorEnrollment: '123456', professionCode: '35', refepsCode: '70012345',
    dniFront: '/api/files/a', dniBack: '/api/files/b', degreeCertificate: '/api/files/c',
    doctorEnrollmentLocation: '/api/files/d', termsAndCondition: true, privacyPolicy: true,
  };

  it.each([
    ['doctorEnrollment', '1', messages.registration.enrollmentLength],
    ['doctorEnrollment', '123456789', messages.registration.enrollmentLength],
    ['doctorEnrollment', 1, messages.registration.enrollmentLength],
    ['doctorEnrollment', -12, messages.registration.onlyDigits],
    ['doctorEnrollment', undefined, messages.common.required],
    ['refepsCode', '', messages.registration.refepsCodeInvalid],
    ['refepsCode', '7001-2345', messages.registration.refepsCodeInvalid],
    ['degreeCertificate', '', messages.registration.documentsMissing],
    ['privacyPolicy', false, messages.registration.termsNotAccepted],
  ])('refuses %s = %j with "%s"', (field, value, message) => {
    expect(messageFor(ProfessionalStepSchema, { ...step, [field]: value }, field)).toBe(message);
  });

  it('builds the final payload with the documents nested and without the copies', () => {
    const payload = DoctorRegistrationSchema.parse({
      ...personalData, email: 'Ana@Example.com', password: 'Segura-1234',
      specialtyId: 1, jurisdictionCode: 'CABA', doctorEnrollment: '123456', professionCode: '35', refepsCode: '70012345',
      attachments: { dniFront: 'a', dniBack: 'b', degreeCertificate: 'c', doctorEnrollmentLocation: 'd' },
      termsAccepted: true,
    });
    expect(payload.email).toBe('ana@example.com');
    expect(DoctorRegistrationSchema.parse({ ...payload, doctorEnrollment: 4567 }).doctorEnrollment).toBe('4567');
    expect(payload).not.toHaveProperty('emailCopy');
    expect(() => DoctorRegistrationSchema.parse({ ...payload, termsAccepted: false })).toThrow();
  });
});

describe('login and recovery forms', () => {
  it.each([
    ['login', LoginSchema, { email: 'a@b', password: 'x'.repeat(8) }, 'email', messages.login.emailMin],
    ['login', LoginSchema, { email: 'ana@example', password: 'x'.repeat(8) }, 'email', messages.login.emailInvalid],
    ['login', LoginSchema, { email: 'ana@example.com', password: 'x'.repeat(7) }, 'password', messages.login.passwordMin],
    ['recovery', RecoveryEmailSchema, { email: 'a@b' }, 'email', messages.recovery.emailMin],
    ['PIN', PinFormSchema, { PIN: '', confirmPIN: '' }, 'PIN', messages.pin.required],
    ['PIN', PinFormSchema, { PIN: '123', confirmPIN: '123' }, 'PIN', messages.pin.length],
    ['PIN', PinFormSchema, { PIN: '12345', confirmPIN: '12345' }, 'PIN', messages.pin.length],
    ['PIN', PinFormSchema, { PIN: '1234', confirmPIN: '4321' }, 'confirmPIN', messages.pin.mismatch],
    ['new password', NewPasswordFormSchema, { password: 'Clave-123', confirmPassword: 'Clave-123' }, 'password', messages.password.tooShort],
    ['new password', NewPasswordFormSchema, { password: 'Clave-1234', confirmPassword: 'Clave-1235' }, 'confirmPassword', messages.recovery.passwordsMismatch],
  ] as const)('%s form refuses %j on %s with "%s"', (_form, schema, value, field, message) => {
    expect(messageFor(schema, value, field)).toBe(message);
  });
});

describe('the default superadmin\'s address (decision 004)', () => {
  it.each([
    ['login', LoginSchema.shape.email],
    ['recovery', RecoveryEmailSchema.shape.email],
  ] as const)('is taken by the %s form, as the server created it', (_form, schema) => {
    expect(schema.parse(' Admin@Localhost ')).toBe(defaultSuperadminEmail);
    expect(schema.safeParse('ana@localhost').error?.issues.map((issue) => issue.message)).toEqual(['Email inválido']);
  });

  it('is refused where an address is registered', () => {
    expect(RegistrationEmailSchema.safeParse(defaultSuperadminEmail).error?.issues.map((issue) => issue.message))
      .toEqual([messages.registration.emailInvalid]);
  });
});

describe('a new password (Disp. DNSISA 1/2025 Annex II)', () => {
  it.each([
    ['Clave-123', messages.password.tooShort],
    ['clave-1234', messages.password.weak],
    ['CLAVE-1234', messages.password.weak],
    ['Clave-abcd', messages.password.weak],
    ['Clave12345', messages.password.weak],
    ['Clave 12345', messages.password.weak],
  ])('refuses %j with "%s", and only that', (password, message) => {
    expect(newPassword.safeParse(password).error?.issues.map((issue) => issue.message)).toEqual([message]);
  });

  it.each(['Clave-1234', 'Ñandú#2025x', 'ÁRBOL.árbol9'])('accepts %j', (password) => {
    expect(newPassword.safeParse(password).success).toBe(true);
  });

  it('leaves the login to its own check, so that an older password still signs in', () => {
    expect(LoginSchema.safeParse({ email: 'ana@example.com', password: 'x'.repeat(8) }).success).toBe(true);
  });
});

describe('one message per field', () => {
  it.each([
    [PersonalDataSchema.shape.cuit, '2012345678', messages.registration.cuitLength],
    [PersonalDataSchema.shape.cuit, '', messages.common.required],
    [PersonalDataSchema.shape.dni, '', messages.common.required],
    [LoginSchema.shape.email, '', messages.common.required],
    [PinFormSchema.shape.PIN, '', messages.pin.required],
  ] as const)('shows only the first rule a value breaks (%#)', (schema, value, message) => {
    expect(schema.safeParse(value).error?.issues.map((issue) => issue.message)).toEqual([message]);
  });
});
