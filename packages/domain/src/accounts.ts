import { z } from 'zod';
import { limits } from './constants.ts';
import { hasValidCuitCheckDigit } from './identity.ts';
import { todayInArgentina } from './dates.ts';
import * as messages from './messages/index.ts';
import {
  jsonHasControlCharacter, nameText, stop, textLimits, tooLongMessage, verbatimText, withoutControls,
} from './schema-helpers.ts';

const required = messages.common.required;

function digits(range: { min: number; max: number }, tooShort: string, tooLong: string = tooShort) {
  return z.string()
    .trim()
    .min(1, stop(required))
    .regex(/^\d*$/, stop(messages.registration.onlyDigits))
    .min(range.min, stop(tooShort))
    .max(range.max, tooLong);
}

/**
 * A calendar date, YYYY-MM-DD, between `earliest` and today in Argentina. Left empty, it is
 * missing rather than wrong, so it gets the required message (spec section 5).
 */
export function pastDate(message: string, earliest: string = limits.earliestBirthDate) {
  return z.string({ error: message })
    .min(1, stop(required))
    .pipe(z.iso.date(message))
    .refine((date) => date >= earliest && date <= todayInArgentina(), message);
}

export const DniSchema = digits(limits.dniDigits, messages.registration.dniMin, messages.registration.dniMax);

export const CuitSchema = z.string()
  .trim()
  .min(1, stop(required))
  .regex(/^\d{11}$/, stop(messages.registration.cuitLength))
  .refine(hasValidCuitCheckDigit, messages.registration.cuitInvalid);

export const PhoneSchema = digits(limits.phoneDigits, messages.registration.phoneLength);

/**
 * The licence number: spec section 3 types it as a number, the form sends the digits typed.
 * Both are taken, a number read as its digits, so that one rule (2 to 8 digits) judges them.
 */
export const EnrollmentSchema = z.union([z.string(), z.number()], { error: required })
  .transform(String)
  .pipe(digits(limits.enrollmentDigits, messages.registration.enrollmentLength));

/** The Licencia Sanitaria Federal: the doctor's code in REFEPS (Res. 2214/2025 Annex II), digits only. */
export const RefepsCodeSchema = z.string({ error: messages.registration.refepsCodeInvalid })
  .trim()
  .regex(/^\d{1,12}$/, messages.registration.refepsCodeInvalid);

/** Emails are compared lower-cased: one mailbox is one account. */
export const RegistrationEmailSchema = emailSchema(messages.registration.emailMin, messages.registration.emailInvalid);

/** A password as typed, never trimmed; one that is too long stops there, before argon2 reads it. */
function passwordWithin(minLength: number, tooShort: string) {
  return withoutControls(z.string()
    .min(1, stop(required))
    .max(textLimits.password, stop(tooLongMessage(textLimits.password)))
    .min(minLength, tooShort));
}

/** A password the user types to prove who they are: required, within the longest a new one may be. */
export const typedPassword = withoutControls(z.string()
  .min(1, stop(required))
  .max(textLimits.password, stop(tooLongMessage(textLimits.password))));

// A symbol is anything that is neither a letter, a digit nor a space, in any alphabet.
const characterKinds = [/\p{Ll}/u, /\p{Lu}/u, /\p{Nd}/u, /[^\p{L}\p{N}\s]/u];

/** Whether a password mixes lower-case and capital letters, digits and symbols. */
export function hasEveryCharacterKind(password: string): boolean {
  return characterKinds.every((kind) => kind.test(password));
}

/**
 * Every password a user chooses: registration, recovery, a change, an invitation. Disp.
 * DNSISA 1/2025 Annex II asks for a "contraseña segura"; decision 041 reads it as at least
 * 10 characters of the four kinds.
 */
export const newPassword = passwordWithin(limits.newPasswordMinLength, messages.password.tooShort)
  // A short password is told only that it is short; the form's other checks still run.
  .refine(
    (password) => password.length < limits.newPasswordMinLength || hasEveryCharacterKind(password),
    messages.password.weak,
  );

function emailText(tooShort: string) {
  return z.string()
    .trim()
    .min(1, stop(required))
    .min(limits.emailMinLength, stop(tooShort))
    .max(textLimits.email, stop(tooLongMessage(textLimits.email)));
}

/** An email field: required, four characters, at most 254 (RFC 5321), a valid address. */
export function emailSchema(tooShort: string, invalid: string) {
  return emailText(tooShort)
    .pipe(z.email(invalid))
    .transform((email) => email.toLowerCase());
}

/** The superadmin a fresh installation creates when `ADMIN_EMAIL` is unset (decision 004). */
export const defaultSuperadminEmail = 'admin@localhost';

/**
 * The email of an account that signs in or recovers its password: a valid address, or the
 * default superadmin's, whose host has no domain and so is no address `emailSchema` takes.
 * Forms that record a new address keep `emailSchema`.
 */
export function accountEmailSchema(tooShort: string, invalid: string) {
  return emailText(tooShort)
    .transform((email) => email.toLowerCase())
    .pipe(z.union([z.literal(defaultSuperadminEmail), z.email(invalid)]));
}

/** Login, step one (spec section 5): its own length check, so that passwords older than decision 041 still sign in. */
export const LoginSchema = z.object({
  email: accountEmailSchema(messages.login.emailMin, messages.login.emailInvalid),
  password: passwordWithin(limits.passwordMinLength, messages.login.passwordMin),
});
export type LoginInput = z.input<typeof LoginSchema>;

/** Login, step two: the 6-digit code of the authenticator app. */
export const SecondFactorSchema = z.object({
  token: z.string().trim().regex(/^\d{6}$/, messages.login.codeInvalid),
});
export type SecondFactorInput = z.input<typeof SecondFactorSchema>;

/** A 4-digit PIN, with the messages of spec section 5. */
export const pinCode = z.string().min(1, stop(messages.pin.required)).regex(/^\d{4}$/, messages.pin.length);

/** The PIN as the confirmation and recovery pages send it. */
export const PinSchema = z.object({ PIN: pinCode });

/** The PIN form: typed twice. */
export const PinFormSchema = z.object({
  PIN: pinCode,
  confirmPIN: z.string().min(1, messages.pin.required).max(limits.pinLength, messages.pin.mismatch),
})
  .refine((form) => form.PIN === form.confirmPIN, { message: messages.pin.mismatch, path: ['confirmPIN'] });
export type PinForm = z.input<typeof PinFormSchema>;

export const RecoveryEmailSchema = z.object({
  email: accountEmailSchema(messages.recovery.emailMin, messages.recovery.emailInvalid),
});

/** `POST /api/auth/password-recovery/{userToken}`. */
export const NewPasswordSchema = z.object({ password: newPassword });

/** The new-password form: typed twice. */
export const NewPasswordFormSchema = z.object({
  password: newPassword,
  confirmPassword: verbatimText(textLimits.password).min(1, required),
})
  .refine((form) => form.password === form.confirmPassword, {
    message: messages.recovery.passwordsMismatch, path: ['confirmPassword'],
  });
export type NewPasswordForm = z.input<typeof NewPasswordFormSchema>;

export const WorkspaceSchema = z.object({ id: z.string(), name: z.string(), avatarUri: z.string().nullable() });
export type Workspace = z.infer<typeof WorkspaceSchema>;

/** The signed-in user as the web app keeps it (spec section 3, "User session"). */
export const UserSessionSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  scope: z.array(z.string()),
  roles: z.array(z.string()),
  redirectUrl: z.string().nullable(),
  workspaces: z.array(WorkspaceSchema),
  termsAndConditions: z.string().nullable(),
  /** The password is older than the platform allows: the web app asks for a new one before anything else. */
  passwordExpired: z.boolean(),
  /** The user is a doctor who set a signing PIN, so there is a PIN to reset. */
  hasSigningPin: z.boolean(),
  data: z.object({
    displayName: z.string(),
    photoURL: z.string().nullable(),
    email: z.string(),
    settings: z.record(z.string(), z.unknown()),
    shortcuts: z.array(z.string()),
  }),
});
export type UserSession = z.infer<typeof UserSessionSchema>;

/** `POST /api/auth/login` answers the token of the step between the password and the second factor. */
export const LoginStepSchema = z.object({ authenticityToken: z.string() });
export type LoginStep = z.infer<typeof LoginStepSchema>;

/**
 * The payload of the authenticity token (spec section 3, "Login first-step result"). `secret`
 * and `otpauth` are there only while the second factor is not yet set up (`isSync` false).
 */
export const AuthenticityClaimsSchema = z.object({
  isSync: z.boolean(),
  user: z.object({ id: z.string(), email: z.string(), displayName: z.string() }),
  termsAndConditions: z.string().nullable(),
  secret: z.string().optional(),
  otpauth: z.string().optional(),
});
export type AuthenticityClaims = z.infer<typeof AuthenticityClaimsSchema>;

/** `POST /api/auth/login/2fa` answers the access token and the session. */
export const SignedInSchema = z.object({ access_token: z.string(), user: UserSessionSchema });
export type SignedIn = z.infer<typeof SignedInSchema>;

/** `POST /api/termsAndConditions?sign=<ISO 8601 date-time>`. */
export const TermsAcceptanceQuerySchema = z.object({
  sign: z.iso.datetime({ offset: true, error: messages.auth.termsDateInvalid }),
});
export const TermsAcceptanceSchema = z.object({ termsAndConditions: z.string() });

/** The name the navbar shows; the user chooses it. */
export const DisplayNameSchema = nameText(textLimits.name, messages.auth.displayNameMax).min(1, required);

const maxSettingsLength = 16_384;
const maxShortcuts = 50;

/**
 * `POST /api/auth/user/update`: what a user may change of their own data. Other keys (email,
 * roles) are dropped, so the web app may send its whole `data` object.
 */
export const UserDataUpdateSchema = z.object({
  user: z.object({
    displayName: DisplayNameSchema.optional(),
    // An absolute http(s) address or a path of this site; never `javascript:` or `//other.host`.
    photoURL: withoutControls(z.string().trim().max(textLimits.token, messages.auth.photoUrlInvalid)
      .regex(/^(https?:\/\/\S+|\/(?!\/)\S*)$/, messages.auth.photoUrlInvalid))
      .nullable()
      .optional(),
    settings: z.record(z.string(), z.unknown())
      .refine((settings) => JSON.stringify(settings).length <= maxSettingsLength, messages.auth.settingsTooLarge)
      .refine((settings) => !jsonHasControlCharacter(settings), messages.input.notAllowed)
      .optional(),
    shortcuts: z.array(withoutControls(z.string().max(textLimits.line, messages.auth.shortcutsInvalid)))
      .max(maxShortcuts, messages.auth.shortcutsInvalid)
      .optional(),
  }),
});
export type UserDataUpdate = z.input<typeof UserDataUpdateSchema>;

export const UserDataSavedSchema = z.object({ message: z.string(), user: UserSessionSchema });

export const accountStatuses = ['pending_approval', 'active', 'rejected', 'suspended'] as const;
export type AccountStatus = (typeof accountStatuses)[number];
