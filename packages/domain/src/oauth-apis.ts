import { z } from 'zod';
import { accountStatuses } from './accounts.ts';
import { ListQuerySchema, pageOf } from './api.ts';
import { JurisdictionSchema } from './lookups.ts';
import * as messages from './messages/index.ts';
import { codeVerifier, oauthCode } from './oauth.ts';
import { PatientSchema, PatientsQuerySchema } from './patients.ts';
import { licenceTypes, PrescriptionInputSchema, PrescriptionSchema, PrescriptionsQuerySchema } from './prescriptions.ts';

const invalid = messages.common.invalidData;

/** A doctor's licence (matrícula) as an external app sees it. */
export const OAuthLicenceSchema = z.object({
  enrollment: z.string(),
  licenceType: z.enum(licenceTypes),
  jurisdiction: JurisdictionSchema,
  profession: z.string(),
  specialty: z.string(),
});
export type OAuthLicence = z.infer<typeof OAuthLicenceSchema>;

/** `GET /oauth2/api/accounts/profile` (accounts-profiles): name, email, licences and account status. */
export const OAuthProfileSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  /** The name and last name of a doctor's record; null for an account that is not a doctor's. */
  name: z.string().nullable(),
  lastName: z.string().nullable(),
  status: z.enum(accountStatuses),
  licences: z.array(OAuthLicenceSchema),
  /** The doctor has a signing PIN and has not locked it with wrong attempts. */
  canSign: z.boolean(),
});
export type OAuthProfile = z.infer<typeof OAuthProfileSchema>;

export const OAuthWorkspaceSchema = z.object({ id: z.string(), name: z.string(), kind: z.enum(['clinic', 'personal']) });
export type OAuthWorkspace = z.infer<typeof OAuthWorkspaceSchema>;
/** `GET /oauth2/api/workspaces`: the doctor's practice and clinics, personal practice first. */
export const OAuthWorkspaceListSchema = z.object({ payload: z.array(OAuthWorkspaceSchema) });

/**
 * The lists of an external app span every workspace of its doctor; `workspace` narrows them to
 * one of those (another answers 403, as the web app's `x-workspace` does).
 */
const workspaceFilter = { workspace: z.uuid(messages.workspaces.forbidden).optional() };

/** `GET /oauth2/api/patients` (patients-search): q finds by last name, name or DNI. */
export const OAuthPatientsQuerySchema = PatientsQuerySchema.extend(workspaceFilter);
export type OAuthPatientsQuery = z.input<typeof OAuthPatientsQuerySchema>;

/** A patient with the workspace it belongs to: one person may be a patient of two of the doctor's clinics. */
export const OAuthPatientSchema = PatientSchema.extend({
  workspace: OAuthWorkspaceSchema.pick({ id: true, name: true }),
});
export type OAuthPatient = z.infer<typeof OAuthPatientSchema>;
export const OAuthPatientPageSchema = pageOf(OAuthPatientSchema);
export type OAuthPatientPage = z.infer<typeof OAuthPatientPageSchema>;

/** `GET /oauth2/api/prescriptions` (prescriptions-search): always the doctor's own, so no `mine`. */
export const OAuthPrescriptionsQuerySchema = PrescriptionsQuerySchema.omit({ mine: true }).extend(workspaceFilter);
export type OAuthPrescriptionsQuery = z.input<typeof OAuthPrescriptionsQuerySchema>;

/**
 * `POST /oauth2/api/prescriptions` (prescriptions-create): the prescription as the web app
 * issues it, plus the pin_2fa_code the doctor gave with action prescribe and the PKCE verifier
 * of the challenge it was asked with. Flat, so that field errors name the same fields.
 */
export const OAuthPrescribeSchema = PrescriptionInputSchema.safeExtend({
  pin_2fa_code: oauthCode,
  code_verifier: codeVerifier,
});
export type OAuthPrescribeInput = z.input<typeof OAuthPrescribeSchema>;

/** What prescribing answers: '¡Prescripción firmada!' and the prescriptions signed (a chronic series is several). */
export const OAuthPrescribedSchema = z.object({
  message: z.string(),
  prescriptions: z.array(PrescriptionSchema),
});
export type OAuthPrescribed = z.infer<typeof OAuthPrescribedSchema>;

export const signedDocumentKinds = ['document', 'prescription'] as const;
export type SignedDocumentKind = (typeof signedDocumentKinds)[number];

/**
 * `GET /oauth2/api/documents` (documents-search): the doctor's signed documents, those apps had
 * signed and the PDFs of their signed prescriptions, newest first. `sha256` finds one file.
 */
export const SignedDocumentsQuerySchema = ListQuerySchema.omit({ q: true, sort: true, order: true }).extend({
  kind: z.enum(signedDocumentKinds, invalid).optional(),
  sha256: z.string().trim().toLowerCase().regex(/^[0-9a-f]{64}$/, invalid).optional(),
  from: z.iso.date(invalid).optional(),
  to: z.iso.date(invalid).optional(),
});
export type SignedDocumentsQuery = z.input<typeof SignedDocumentsQuerySchema>;

export const SignedDocumentSchema = z.object({
  kind: z.enum(signedDocumentKinds),
  /** Hexadecimal SHA-256 of the signed file. */
  sha256: z.string(),
  signedAt: z.string(),
  /** The app that had it signed; null for a prescription signed in the web app. */
  client: z.object({ clientId: z.string(), name: z.string() }).nullable(),
  /** Signed for a sandbox app, with the test certificate: not a valid signature. */
  sandbox: z.boolean(),
  /** The prescription whose PDF it is, for kind prescription; its PDF is at `/oauth2/api/prescriptions/{id}/pdf`. */
  prescription: z.object({ id: z.string(), number: z.number().int() }).nullable(),
});
export type SignedDocument = z.infer<typeof SignedDocumentSchema>;
export const SignedDocumentPageSchema = pageOf(SignedDocumentSchema);
export type SignedDocumentPage = z.infer<typeof SignedDocumentPageSchema>;
