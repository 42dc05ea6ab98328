import { messages, type MedicalDetail, type RestrictedAuthorisationInputSchema } from '@receta/domain';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { recordAudit } from '../../platform/audit.ts';
import { medicScopeOf } from '../../platform/auth/administered-workspaces.ts';
import { sniffContentType } from '../../platform/files/content-type.ts';
import { attachFile, fileIdOfLocation, findFile, lockClaimableFiles } from '../../platform/files/file-store.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { lockAdministeredMedical, updateRestrictedAuthorisation } from './medicals.repository.ts';
import { showMedical, type AdminActor } from './medicals.service.ts';

export type RestrictedAuthorisationInput = z.output<typeof RestrictedAuthorisationInputSchema>;

/** The field of the doctor's files that holds the evidence of the jurisdiction's authorisation. */
const evidenceField = 'restrictedEvidence';

const notFound = () => AppError.notFound(messages.medicals.notFound);

function evidenceInvalid(): AppError {
  const message = messages.medicals.evidenceInvalid;
  return new AppError('invalid_data', message, 'attachmentInvalid', [{ field: 'body.evidence', message }]);
}

/**
 * The evidence's file: an upload nobody claimed yet whose content is a PDF or an image, as the
 * registration documents are judged. Locked until the transaction ends.
 */
async function claimableEvidence(tx: Database, location: string, now: Date): Promise<string> {
  const id = fileIdOfLocation(location);
  if (!id || !(await lockClaimableFiles(tx, [id], now)).has(id)) throw evidenceInvalid();
  const file = await findFile(tx, id);
  if (!file || !sniffContentType(file.content)) throw evidenceInvalid();
  return id;
}

// An account that was approved at some point (active, or suspended since): a request still
// waiting, or rejected, has had no moderator vouch for the doctor yet.
const approvedStatuses = new Set(['active', 'suspended']);

/**
 * A moderator records that the doctor's jurisdiction authorised them to prescribe legally
 * restricted medicines (psychotropics of list II, narcotics of lists I-II; Res. 2214/2025
 * Annex I), with the day it was granted and the evidence, which becomes the doctor's file. A
 * later record replaces the earlier one; the audit trail keeps both.
 */
export async function recordRestrictedAuthorisation(
  db: Database, userId: string, input: RestrictedAuthorisationInput, admin: AdminActor, now = new Date(),
): Promise<MedicalDetail> {
  const scope = medicScopeOf(admin);
  await db.transaction(async (tx) => {
    const doctor = await lockAdministeredMedical(tx, userId, scope);
    if (!doctor) throw notFound();
    if (!approvedStatuses.has(doctor.status)) throw new AppError('conflict', messages.medicals.restrictedNotApproved);
    const evidenceFileId = await claimableEvidence(tx, input.evidence, now);
    await attachFile(tx, evidenceFileId, userId, evidenceField);
    await updateRestrictedAuthorisation(tx, userId, {
      restrictedAuthorisedOn: input.authorisedOn,
      restrictedEvidenceFileId: evidenceFileId,
      restrictedRecordedBy: admin.actorUserId,
      restrictedRecordedAt: now,
    });
    await recordAudit(tx, admin, {
      action: 'doctor.restricted_authorised',
      subjectType: 'user',
      subjectId: userId,
      details: { authorisedOn: input.authorisedOn, evidenceFileId },
    });
  });
  return showMedical(db, userId, scope);
}

/**
 * A moderator revokes the authorisation: the doctor may no longer prescribe legally
 * restricted medicines. The evidence stays among the doctor's files, as the audit trail names it.
 */
export async function revokeRestrictedAuthorisation(
  db: Database, userId: string, admin: AdminActor,
): Promise<MedicalDetail> {
  const scope = medicScopeOf(admin);
  await db.transaction(async (tx) => {
    const doctor = await lockAdministeredMedical(tx, userId, scope);
    if (!doctor) throw notFound();
    const before = await showMedical(tx, userId, scope);
    if (!before.restrictedAuthorisation) throw new AppError('conflict', messages.medicals.restrictedNotRecorded);
    await updateRestrictedAuthorisation(tx, userId, {
      restrictedAuthorisedOn: null,
      restrictedEvidenceFileId: null,
      restrictedRecordedBy: null,
      restrictedRecordedAt: null,
    });
    await recordAudit(tx, admin, {
      action: 'doctor.restricted_revoked',
      subjectType: 'user',
      subjectId: userId,
      details: { authorisedOn: before.restrictedAuthorisation.authorisedOn },
    });
  });
  return showMedical(db, userId, scope);
}
