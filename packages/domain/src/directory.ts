import { z } from 'zod';
import { accountStatuses, pastDate, RegistrationEmailSchema, WorkspaceSchema } from './accounts.ts';
import { DeleteManyResultSchema, ListQuerySchema, pageOf } from './api.ts';
import { JurisdictionSchema, ProfessionSchema, SpecialtySchema } from './lookups.ts';
import * as messages from './messages/index.ts';
import { DoctorRegistrationSchema, PersonalDataSchema } from './registration.ts';
import { multilineText, textLimits, withoutControls } from './schema-helpers.ts';

const invalid = messages.common.invalidData;

export const workspaceKinds = ['clinic', 'personal'] as const;
export type WorkspaceKind = (typeof workspaceKinds)[number];

/** The largest workspace avatar, in bytes: it is shown small in the top bar. */
export const workspaceAvatarMaxBytes = 1024 * 1024;

/** `GET /api/workspaces`: `q` searches the name. */
export const WorkspacesQuerySchema = ListQuerySchema.extend({
  sort: z.enum(['name', 'createdAt'], invalid).default('name'),
  kind: z.enum(workspaceKinds, invalid).optional(),
});
export type WorkspacesQuery = z.input<typeof WorkspacesQuerySchema>;

export const WorkspaceListItemSchema = WorkspaceSchema.extend({
  kind: z.enum(workspaceKinds),
  memberCount: z.number().int().nonnegative(),
});
export type WorkspaceListItem = z.infer<typeof WorkspaceListItemSchema>;
export const WorkspacePageSchema = pageOf(WorkspaceListItemSchema);
export type WorkspacePage = z.infer<typeof WorkspacePageSchema>;

export const WorkspaceMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  /** Role slugs, main role first. */
  roles: z.array(z.string()),
  /** The same roles by the names people read, in the same order. */
  roleNames: z.array(z.string()),
});
export type WorkspaceMember = z.infer<typeof WorkspaceMemberSchema>;

/** `GET /api/workspaces/{id}`: the workspace and its members, in the order they joined. */
export const WorkspaceDetailSchema = WorkspaceListItemSchema.extend({
  /** The doctor whose practice a personal workspace is; null for a clinic. */
  ownerUserId: z.string().nullable(),
  createdAt: z.string(),
  members: z.array(WorkspaceMemberSchema),
});
export type WorkspaceDetail = z.infer<typeof WorkspaceDetailSchema>;

/** `POST /api/workspaces` and `PUT /api/workspaces/{id}`. */
export const WorkspaceInputSchema = z.object({
  name: withoutControls(z.string({ error: messages.common.required })
    .trim()
    .min(1, messages.common.required)
    .max(textLimits.name, messages.workspaces.nameTooLong), { name: true }),
});
export type WorkspaceInput = z.input<typeof WorkspaceInputSchema>;

/** `POST /api/workspaces/{id}/members`. */
export const WorkspaceMemberInputSchema = z.object({ userId: z.uuid(messages.workspaces.userNotFound) });
export type WorkspaceMemberInput = z.input<typeof WorkspaceMemberInputSchema>;

export const medicalStatuses = accountStatuses;
export type MedicalStatus = (typeof medicalStatuses)[number];

/** `GET /api/medicals`: `q` searches every word in the name, last name, email, DNI and enrollment. */
export const MedicalsQuerySchema = ListQuerySchema.extend({
  sort: z.enum(['lastName', 'name', 'email', 'enrollment', 'status', 'createdAt'], invalid).default('lastName'),
  status: z.enum(medicalStatuses, invalid).optional(),
});
export type MedicalsQuery = z.input<typeof MedicalsQuerySchema>;

/** A medic of the list (spec section 3, "Medic"). */
export const MedicalListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  lastName: z.string(),
  email: z.string(),
  enrollment: z.string(),
  jurisdiction: JurisdictionSchema,
  specialty: SpecialtySchema,
  status: z.enum(medicalStatuses),
  /** Whether the doctor may work now: the account is active. */
  authorized: z.boolean(),
  referenceCode: z.string().nullable(),
});
export type MedicalListItem = z.infer<typeof MedicalListItemSchema>;
export const MedicalPageSchema = pageOf(MedicalListItemSchema);
export type MedicalPage = z.infer<typeof MedicalPageSchema>;

export const RestrictedAuthorisationSchema = z.object({
  /** The day the jurisdiction granted it (YYYY-MM-DD). */
  authorisedOn: z.string(),
  recordedAt: z.string(),
  /** The display name of who recorded it; null once their account is gone. */
  recordedBy: z.string().nullable(),
  /** Where the evidence uploaded can be read. */
  evidenceUrl: z.string().nullable(),
});
export type RestrictedAuthorisation = z.infer<typeof RestrictedAuthorisationSchema>;

/**
 * `PUT /api/medicals/{id}/restricted-authorisation`: the day the jurisdiction granted the
 * authorisation (not in the future) and the evidence, uploaded like the registration documents.
 */
export const RestrictedAuthorisationInputSchema = z.object({
  authorisedOn: pastDate(messages.medicals.authorisedOnInvalid),
  evidence: withoutControls(z.string({ error: messages.medicals.evidenceInvalid })
    .min(1, messages.medicals.evidenceInvalid)
    .max(textLimits.line, messages.medicals.evidenceInvalid)),
});
export type RestrictedAuthorisationInput = z.input<typeof RestrictedAuthorisationInputSchema>;

/** `GET /api/medicals/{id}`: everything the directory knows of a doctor. */
export const MedicalDetailSchema = MedicalListItemSchema.extend({
  birthDate: z.string(),
  dni: z.string(),
  cuit: z.string(),
  phoneNumber: z.string(),
  address: z.string(),
  apartment: z.string().nullable(),
  district: z.string(),
  province: z.string(),
  profession: ProfessionSchema,
  /** Where the registration documents can be read; null where none was uploaded (created by an administrator). */
  documents: z.object({
    dniFront: z.string().nullable(),
    dniBack: z.string().nullable(),
    degreeCertificate: z.string().nullable(),
    doctorEnrollmentLocation: z.string().nullable(),
  }),
  /** The Licencia Sanitaria Federal; null for a doctor registered before it was asked, until they give it. */
  refepsCode: z.string().nullable(),
  /**
   * The jurisdiction's authorisation to prescribe legally restricted medicines (Res. 2214/2025
   * Annex I), as a moderator recorded it; null while none is recorded.
   */
  restrictedAuthorisation: RestrictedAuthorisationSchema.nullable(),
  /** Whether the doctor has set the signing PIN through the mailed link. */
  hasPin: z.boolean(),
  rejectionReason: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
  workspaces: z.array(WorkspaceSchema.extend({ kind: z.enum(workspaceKinds) })),
});
export type MedicalDetail = z.infer<typeof MedicalDetailSchema>;

/** A doctor's code in an outside registry (REFEPS/SISA or the federation's); blank clears it. */
const ReferenceCodeSchema = withoutControls(z.string()
  .trim()
  .max(textLimits.code, messages.medicals.referenceCodeTooLong))
  .nullish()
  .transform((code) => code || null);

const ProfessionalDataSchema = DoctorRegistrationSchema.pick({
  specialtyId: true, jurisdictionCode: true, doctorEnrollment: true, professionCode: true, refepsCode: true,
});

/**
 * `POST /api/medicals`: an administrator registers a doctor with the registration's personal
 * and professional data. No password (the doctor chooses it from the invitation mail) and no
 * documents (the administrator vouches for the doctor).
 */
export const MedicalCreateSchema = PersonalDataSchema
  .extend({ email: RegistrationEmailSchema })
  .extend(ProfessionalDataSchema.shape)
  .extend({ referenceCode: ReferenceCodeSchema });
export type MedicalCreateInput = z.input<typeof MedicalCreateSchema>;

/**
 * `PUT /api/medicals/{id}`: the professional and contact data, the REFEPS code among them. The
 * identity (name, DNI, CUIT, birth date) was checked against the documents and the email is
 * the login, so neither is edited here.
 */
export const MedicalUpdateSchema = PersonalDataSchema
  .pick({ phoneNumber: true, address: true, apartment: true, district: true, province: true })
  .extend(ProfessionalDataSchema.shape)
  .extend({
    referenceCode: ReferenceCodeSchema,
    // Left out or blank, the code stays as it is (a doctor registered before it was asked may
    // have none); given, it must be one.
    refepsCode: z.preprocess(
      (code) => (typeof code === 'string' && code.trim() === '' ? undefined : code),
      ProfessionalDataSchema.shape.refepsCode.optional(),
    ),
  });
export type MedicalUpdateInput = z.input<typeof MedicalUpdateSchema>;

/** `POST /api/medicals/{id}/suspend`: the reason, if given, is mailed to the doctor. */
export const SuspendMedicalSchema = z.object({
  reason: multilineText(500, messages.moderation.reasonTooLong).optional(),
});
export type SuspendMedicalInput = z.input<typeof SuspendMedicalSchema>;

/**
 * `DELETE /api/medicals`: doctors who never worked are deleted; those who did are deactivated
 * (suspended), because their patients and prescriptions must keep naming them.
 */
export const MedicalsRemovedSchema = DeleteManyResultSchema.extend({ deactivated: z.array(z.string()) });
export type MedicalsRemoved = z.infer<typeof MedicalsRemovedSchema>;
