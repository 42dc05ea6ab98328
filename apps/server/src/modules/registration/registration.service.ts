import {
  attachmentFields, messages, type AttachmentField, type DoctorRegistrationSchema, type VerifyInformationSchema,
} from '@receta/domain';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { attachFile, fileIdOfLocation, lockClaimableFiles } from '../../platform/files/file-store.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { hashSecret } from '../../platform/passwords.ts';
import { registrationReceivedMail } from './doctor-mails.ts';
import {
  findTakenIdentifier, findUnknownReferences, insertPendingDoctor, type TakenIdentifier,
} from './registration.repository.ts';

export type DoctorRegistrationInput = z.output<typeof DoctorRegistrationSchema>;

const takenMessage: Record<TakenIdentifier, string> = {
  dni: messages.registration.dniTaken,
  cuit: messages.registration.cuitTaken,
  email: messages.registration.emailTaken,
};

// The unique constraints that back the checks, for a registration that loses a race.
const takenByConstraint: Record<string, TakenIdentifier> = {
  doctors_dni_unique: 'dni',
  doctors_cuit_unique: 'cuit',
  users_email_unique: 'email',
};

function takenError(identifier: TakenIdentifier): AppError {
  return new AppError('conflict', takenMessage[identifier], `${identifier}Taken`);
}

/** The identifier a unique violation is about, if the error is one (both database drivers). */
function takenIdentifierOf(error: unknown): TakenIdentifier | undefined {
  const cause: unknown = error instanceof Error ? error.cause : undefined;
  if (typeof cause !== 'object' || cause === null) return undefined;
  const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
  return code === '23505' && typeof constraint === 'string' ? takenByConstraint[constraint] : undefined;
}

async function assertIdentifiersFree(db: Database, identifiers: { dni?: string; cuit?: string; email?: string }) {
  const taken = await findTakenIdentifier(db, identifiers);
  if (taken) throw takenError(taken);
}

/** Registration step 1's check: refuses a DNI or CUIT that already has an account. */
export async function verifyDoctorInformation(
  db: Database, information: z.output<typeof VerifyInformationSchema>,
): Promise<void> {
  await assertIdentifiersFree(db, { dni: information.dni, cuit: information.cuit });
}

/** Registration step 2's check: refuses an email that already has an account. */
export async function verifyDoctorEmail(db: Database, email: string): Promise<void> {
  await assertIdentifiersFree(db, { email });
}

/** The stored files the four attachment locations point at; refuses locations this server never gave. */
function attachmentIdsOf(attachments: Record<AttachmentField, string>): Record<AttachmentField, string> {
  const ids = Object.fromEntries(attachmentFields.map((field) => [field, fileIdOfLocation(attachments[field])]));
  const seen = new Set<string>();
  const invalid = attachmentFields.filter((field) => {
    const id = ids[field];
    if (!id || seen.has(id)) return true;
    seen.add(id);
    return false;
  });
  if (invalid.length > 0) throw invalidAttachments(invalid);
  return ids as Record<AttachmentField, string>;
}

function invalidAttachments(fields: AttachmentField[]): AppError {
  const message = messages.registration.attachmentInvalid;
  return new AppError('invalid_data', message, 'attachmentInvalid',
    fields.map((field) => ({ field: `body.attachments.${field}`, message })));
}

/**
 * Creates a doctor's account waiting for a moderator, in one transaction: the identifiers are
 * free, the lookups exist, the four uploads are claimable and become the account's, and the
 * doctor is told by mail that the request arrived. Answers the new user.
 */
export async function registerDoctor(
  db: Database, registration: DoctorRegistrationInput, actor: AuditActor, now = new Date(),
): Promise<{ id: string; email: string }> {
  const fileIds = attachmentIdsOf(registration.attachments);
  const passwordHash = await hashSecret(registration.password);
  try {
    return await db.transaction(async (tx) => {
      await assertIdentifiersFree(tx, registration);

      const unknown = await findUnknownReferences(tx, registration);
      if (unknown.length > 0) {
        const message = messages.registration.unknownReference;
        throw new AppError('invalid_data', message, 'unknownReference',
          unknown.map((field) => ({ field: `body.${field}`, message })));
      }

      const claimable = await lockClaimableFiles(tx, Object.values(fileIds), now);
      const unclaimable = attachmentFields.filter((field) => !claimable.has(fileIds[field]));
      if (unclaimable.length > 0) throw invalidAttachments(unclaimable);

      const userId = await insertPendingDoctor(tx, {
        email: registration.email,
        passwordHash,
        name: registration.name,
        lastName: registration.lastName,
        birthDate: registration.birthDate,
        dni: registration.dni,
        cuit: registration.cuit,
        phoneNumber: registration.phoneNumber,
        address: registration.address,
        apartment: registration.apartment || null,
        district: registration.district,
        province: registration.province,
        specialtyId: registration.specialtyId,
        jurisdictionCode: registration.jurisdictionCode,
        enrollment: registration.doctorEnrollment,
        professionCode: registration.professionCode,
        refepsCode: registration.refepsCode,
      });
      for (const field of attachmentFields) await attachFile(tx, fileIds[field], userId, field);
      await recordAudit(tx, actor, { action: 'doctor.registered', subjectType: 'user', subjectId: userId });
      await enqueueMail(tx, registration.email, registrationReceivedMail(registration.name));
      return { id: userId, email: registration.email };
    });
  } catch (error) {
    const taken = takenIdentifierOf(error);
    throw taken ? takenError(taken) : error;
  }
}
