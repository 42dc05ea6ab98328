import {
  attachmentFields, messages, product, type AccountStatus, type MedicalCreateSchema, type MedicalDetail,
  type MedicalListItem, type MedicalPage, type MedicalsRemoved, type MedicalUpdateSchema,
} from '@receta/domain';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { violatedUniqueConstraint } from '../../db/unique-violation.ts';
import { recordAudit } from '../../platform/audit.ts';
import { fileLocation, findAttachedFiles } from '../../platform/files/file-store.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { MailContent } from '../../platform/mail/compose-mail.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import type { SigningAuthority } from '../../platform/pki/index.ts';
import { revokeSessionsOfUser } from '../auth/index.ts';
import { revokeOAuthGrantsOfUser } from '../../platform/auth/oauth-grant-revocation.ts';
import {
  findUnknownReferences, insertPendingDoctor, mailAccountConfirmation, type ProfessionalReferences,
  verifyDoctorEmail, verifyDoctorInformation,
} from '../registration/index.ts';
import type { ActingAdministrator } from '../../platform/auth/acting-administrator.ts';
import { clinicOfNewAccount, medicScopeOf, type AdministeredWorkspaces } from '../../platform/auth/administered-workspaces.ts';
import { hashUnknownPassword, invitationDays, mailInvitation } from '../administrators/index.ts';
import {
  deleteAccounts, findMedical, findMedicalsPage, findMedicalStatus, lockCertifiedIdentity, lockMedical, lockMedicals,
  updateAccountStatus, updateMedical, type CertifiedIdentity, type MedicalPageQuery,
} from './medicals.repository.ts';
import { authorizeDoctor, recordReview } from '../moderation/index.ts';
import {
  deleteWorkspaces, findPersonalWorkspacesOf, findWorkspacesOfMember, insertMember, openPersonalWorkspace,
} from '../workspaces/index.ts';

/** An administrator acting in a request: who they are, from which page, and whom they administer. */
export type AdminActor = ActingAdministrator;

export type MedicalCreateInput = z.output<typeof MedicalCreateSchema>;
export type MedicalUpdateInput = z.output<typeof MedicalUpdateSchema>;

const notFound = () => AppError.notFound(messages.medicals.notFound);

/** To a doctor an administrator registered: the link to choose the password. */
function invitationMail(name: string, link: string): MailContent {
  return {
    subject: `${product.name}: elija la contraseña de su cuenta`,
    greeting: `Hola, ${name}:`,
    paragraphs: [
      `Un administrador creó su cuenta de profesional en ${product.name} con este email.`,
      'Para ingresar, elija su contraseña. En otro correo le enviamos el enlace para establecer su PIN de firma.',
    ],
    action: { label: 'Elegir mi contraseña', url: link },
    note: `El enlace vence en ${invitationDays} días y puede usarse una sola vez.`,
  };
}

/** To a doctor whose account was suspended or closed, with the reason when one was given. */
function suspensionMail(name: string, reason: string | undefined): MailContent {
  return {
    subject: `${product.name}: su cuenta fue suspendida`,
    greeting: `Hola, ${name}:`,
    paragraphs: [
      `Un administrador suspendió su cuenta de ${product.name}. Desde ahora no puede ingresar ni firmar recetas.`,
      ...(reason ? [`Motivo: ${reason}`] : []),
      `Si cree que se trata de un error, escríbanos a ${product.supportEmail}.`,
    ],
  };
}

function reactivationMail(name: string): MailContent {
  return {
    subject: `${product.name}: su cuenta fue reactivada`,
    greeting: `Hola, ${name}:`,
    paragraphs: [`Un administrador reactivó su cuenta de ${product.name}. Ya puede ingresar y firmar recetas.`],
  };
}

/** Refuses a specialty, jurisdiction or profession the lookup lists do not offer. */
async function assertKnownReferences(db: Database, references: ProfessionalReferences): Promise<void> {
  const unknown = await findUnknownReferences(db, references);
  if (unknown.length === 0) return;
  const message = messages.registration.unknownReference;
  throw new AppError('invalid_data', message, 'unknownReference',
    unknown.map((field) => ({ field: `body.${field}`, message })));
}

type MedicalListRow = Awaited<ReturnType<typeof findMedicalsPage>>['items'][number];

function listItemOf(row: MedicalListRow): MedicalListItem {
  return {
    id: row.id,
    name: row.name,
    lastName: row.lastName,
    email: row.email,
    enrollment: row.enrollment,
    // A lookup row is never deleted (only marked inactive); the code stands in if one ever is.
    jurisdiction: { code: row.jurisdictionCode, name: row.jurisdictionName ?? row.jurisdictionCode },
    specialty: { id: row.specialtyId, name: row.specialtyName ?? String(row.specialtyId) },
    status: row.status,
    authorized: row.status === 'active',
    referenceCode: row.referenceCode,
  };
}

/** A page of the doctors the administrator administers, every status, searched and sorted as the query asks. */
export async function listMedicals(db: Database, query: MedicalPageQuery, admin: AdminActor): Promise<MedicalPage> {
  const { items, total } = await findMedicalsPage(db, query, medicScopeOf(admin));
  return { items: items.map(listItemOf), total, page: query.page, pageSize: query.pageSize };
}

/**
 * Everything the directory knows of a doctor the administrator administers: data, documents,
 * PIN state and workspaces. Any other doctor is not found, so ids cannot be probed.
 */
export async function showMedical(db: Database, userId: string, scope: AdministeredWorkspaces): Promise<MedicalDetail> {
  const row = await findMedical(db, userId, scope);
  if (!row) throw notFound();
  const [files, workspaces] = await Promise.all([findAttachedFiles(db, [userId]), findWorkspacesOfMember(db, userId)]);
  const locations = new Map(files.map((file) => [file.field, fileLocation(file.id)]));
  return {
    ...listItemOf(row),
    birthDate: row.birthDate,
    dni: row.dni,
    cuit: row.cuit,
    phoneNumber: row.phoneNumber,
    address: row.address,
    apartment: row.apartment,
    district: row.district,
    province: row.province,
    profession: { code: row.professionCode, label: row.professionLabel ?? row.professionCode },
    refepsCode: row.refepsCode,
    restrictedAuthorisation: row.restrictedAuthorisedOn && row.restrictedRecordedAt
      ? {
          authorisedOn: row.restrictedAuthorisedOn,
          recordedAt: row.restrictedRecordedAt.toISOString(),
          recordedBy: row.restrictedRecordedByName,
          evidenceUrl: row.restrictedEvidenceFileId ? fileLocation(row.restrictedEvidenceFileId) : null,
        }
      : null,
    documents: Object.fromEntries(attachmentFields.map((field) => [field, locations.get(field) ?? null])) as
      MedicalDetail['documents'],
    hasPin: row.hasPin,
    rejectionReason: row.rejectionReason,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    workspaces,
  };
}

/**
 * An administrator registers a doctor: the account is active at once (the administrator
 * vouches for the data, as a moderator would), gets its personal workspace, and the doctor is
 * mailed two links: one to choose the password, one to set the signing PIN. A clinic's
 * administrator's doctor joins their clinic too, so that it stays theirs to administer. One transaction.
 */
export async function createMedical(
  db: Database, input: MedicalCreateInput, admin: AdminActor, publicUrl: string, now = new Date(),
): Promise<MedicalDetail> {
  const passwordHash = await hashUnknownPassword();
  const scope = medicScopeOf(admin);
  let userId: string;
  try {
    userId = await db.transaction(async (tx) => {
      const clinicId = scope.kind === 'every'
        ? undefined
        : await clinicOfNewAccount(tx, admin.actorUserId, admin.requestedWorkspaceId);
      await verifyDoctorInformation(tx, input);
      await verifyDoctorEmail(tx, input.email);
      await assertKnownReferences(tx, input);
      const id = await insertPendingDoctor(tx, {
        email: input.email,
        passwordHash,
        name: input.name,
        lastName: input.lastName,
        birthDate: input.birthDate,
        dni: input.dni,
        cuit: input.cuit,
        phoneNumber: input.phoneNumber,
        address: input.address,
        apartment: input.apartment || null,
        district: input.district,
        province: input.province,
        specialtyId: input.specialtyId,
        jurisdictionCode: input.jurisdictionCode,
        enrollment: input.doctorEnrollment,
        professionCode: input.professionCode,
        refepsCode: input.refepsCode,
        referenceCode: input.referenceCode,
      });
      await recordReview(tx, id, { status: 'active', reviewedBy: admin.actorUserId, at: now });
      await openPersonalWorkspace(tx, id, admin);
      if (clinicId) await insertMember(tx, clinicId, id);
      await mailInvitation(tx, { id, email: input.email }, (link) => invitationMail(input.name, link), publicUrl, now);
      await mailAccountConfirmation(tx, { userId: id, email: input.email, name: input.name }, publicUrl);
      await recordAudit(tx, admin, {
        action: 'doctor.created', subjectType: 'user', subjectId: id, details: clinicId ? { workspaceId: clinicId } : {},
      });
      return id;
    });
  } catch (error) {
    // Another request took the DNI, CUIT or email between the checks and the insert: the
    // checks, run again, now name which one.
    if (violatedUniqueConstraint(error)) {
      await verifyDoctorInformation(db, input);
      await verifyDoctorEmail(db, input.email);
    }
    throw error;
  }
  return showMedical(db, userId, scope);
}

function isSameIdentity(before: CertifiedIdentity, after: CertifiedIdentity): boolean {
  return (Object.keys(before) as Array<keyof CertifiedIdentity>).every((key) => before[key] === after[key]);
}

/**
 * Saves the professional and contact data of a doctor the administrator administers, the
 * outside registry's code included. A change of what the doctor's certificate names (the
 * licence, and the name or CUIT should they ever change) re-issues the certificate in the same
 * transaction, so that no later signature names the doctor as they were.
 */
export async function editMedical(
  db: Database, authority: SigningAuthority, userId: string, input: MedicalUpdateInput, admin: AdminActor,
): Promise<MedicalDetail> {
  const scope = medicScopeOf(admin);
  await db.transaction(async (tx) => {
    const before = await lockCertifiedIdentity(tx, userId, scope);
    if (!before) throw notFound();
    await assertKnownReferences(tx, input);
    const { doctorEnrollment, ...rest } = input;
    const after = await updateMedical(tx, userId, {
      ...rest, apartment: rest.apartment || null, enrollment: doctorEnrollment,
    });
    if (!after) throw notFound();
    const reissued = !isSameIdentity(before, after);
    if (reissued) await authority.reissueDoctorCredential(tx, userId);
    await recordAudit(tx, admin, {
      action: 'doctor.edited',
      subjectType: 'user',
      subjectId: userId,
      details: { fields: Object.keys(input), certificateReissued: reissued },
    });
  });
  return showMedical(db, userId, scope);
}

const refusedAuthorization: Partial<Record<AccountStatus, string>> = {
  active: messages.medicals.alreadyActive,
  rejected: messages.medicals.rejectedRequest,
};

/**
 * Lets a doctor work: a request waiting for a moderator is approved exactly as moderation
 * approves it; a suspended account is reactivated and the doctor told by mail. A rejected
 * request stays rejected (deleting it frees the DNI, CUIT and email for a new registration).
 */
export async function authorizeMedical(
  db: Database, userId: string, admin: AdminActor, publicUrl: string, now = new Date(),
): Promise<void> {
  const status = await findMedicalStatus(db, userId);
  if (!status) throw notFound();
  if (status === 'pending_approval') return authorizeDoctor(db, userId, admin, publicUrl, now);
  await db.transaction(async (tx) => {
    const doctor = await lockMedical(tx, userId);
    if (!doctor) throw notFound();
    if (doctor.status !== 'suspended') {
      throw new AppError('conflict', refusedAuthorization[doctor.status] ?? messages.moderation.notPending);
    }
    await updateAccountStatus(tx, userId, 'active', now);
    // Doctors approved before personal workspaces existed get theirs now.
    await openPersonalWorkspace(tx, userId, admin);
    await enqueueMail(tx, doctor.email, reactivationMail(doctor.name));
    await recordAudit(tx, admin, { action: 'doctor.reactivated', subjectType: 'user', subjectId: userId });
  });
}

/** Suspends an active account (in a transaction the caller opens) and tells the doctor. */
async function suspendLocked(
  tx: Database,
  doctor: { userId: string; email: string; name: string },
  event: { action: 'doctor.suspended' | 'doctor.deactivated'; reason?: string | undefined },
  admin: AdminActor,
  now: Date,
): Promise<void> {
  await updateAccountStatus(tx, doctor.userId, 'suspended', now);
  // The access check already refuses a suspended account; ending the sessions as well means a
  // later reactivation does not bring an old, possibly stolen, token back to life.
  await revokeSessionsOfUser(tx, doctor.userId, now);
  await revokeOAuthGrantsOfUser(tx, doctor.userId, admin, now);
  await enqueueMail(tx, doctor.email, suspensionMail(doctor.name, event.reason));
  await recordAudit(tx, admin, {
    action: event.action, subjectType: 'user', subjectId: doctor.userId,
    details: event.reason ? { reason: event.reason } : {},
  });
}

/** Suspends an active doctor at once: every session ends and login is refused until reactivated. */
export async function suspendMedical(
  db: Database, userId: string, reason: string | undefined, admin: AdminActor, now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const doctor = await lockMedical(tx, userId);
    if (!doctor) throw notFound();
    if (doctor.status !== 'active') throw new AppError('conflict', messages.medicals.notActive);
    await suspendLocked(tx, doctor, { action: 'doctor.suspended', reason: reason || undefined }, admin, now);
  });
}

// Accounts in these states have been able to work: their patients, prescriptions and audit
// trail must keep naming them, so they are deactivated rather than deleted.
const statusesWithHistory = new Set<AccountStatus>(['active', 'suspended']);

/**
 * Removes doctors, all in one transaction. A request that never became an account that
 * could work (pending or rejected) is deleted with its documents, freeing its DNI, CUIT and
 * email; a doctor who could work is deactivated (suspended) instead. Unknown ids, and doctors
 * the administrator does not administer, are skipped.
 */
export async function removeMedicals(
  db: Database, userIds: string[], admin: AdminActor, now = new Date(),
): Promise<Omit<MedicalsRemoved, 'message'>> {
  return db.transaction(async (tx) => {
    const found = await lockMedicals(tx, userIds, medicScopeOf(admin));
    if (found.length === 0) throw notFound();
    const withHistory = found.filter((doctor) => statusesWithHistory.has(doctor.status));
    const withoutHistory = found.filter((doctor) => !statusesWithHistory.has(doctor.status));
    for (const doctor of withHistory) {
      if (doctor.status === 'active') {
        await suspendLocked(tx, doctor, { action: 'doctor.deactivated' }, admin, now);
      } else {
        await recordAudit(tx, admin, { action: 'doctor.deactivated', subjectType: 'user', subjectId: doctor.userId });
      }
    }
    const deleted = withoutHistory.map((doctor) => doctor.userId);
    const practices = await findPersonalWorkspacesOf(tx, deleted);
    await deleteWorkspaces(tx, practices.map((workspace) => workspace.id),
      practices.flatMap((workspace) => workspace.avatarFileId ?? []));
    await deleteAccounts(tx, deleted);
    // Only the id: the person may have asked for their data to be erased.
    for (const id of deleted) await recordAudit(tx, admin, { action: 'doctor.deleted', subjectType: 'user', subjectId: id });
    return { deleted, deactivated: withHistory.map((doctor) => doctor.userId) };
  });
}
