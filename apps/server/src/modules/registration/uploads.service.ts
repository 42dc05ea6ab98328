import { isAllowed, messages, type Permission } from '@receta/domain';
import type { Database } from '../../db/client.ts';
import type { AuthenticatedUser } from '../../platform/auth/access-control.ts';
import { sniffContentType } from '../../platform/files/content-type.ts';
import { fileLocation, findFile, storeUnattachedFile } from '../../platform/files/file-store.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { administersMember, medicScopeOf } from '../../platform/auth/administered-workspaces.ts';

// The client names a registration upload `<timestamp>_<field>_<original name>` (spec section 7).
const clientPrefix = /^\d+_(?:dniFront|dniBack|degreeCertificate|doctorEnrollmentLocation)_(?=.)/;

/**
 * Stores a document uploaded during registration, unattached until the registration claims it.
 * Only PNG, JPEG and PDF are accepted, recognised by their content. Answers its location.
 */
export async function storeDoctorAttachment(
  db: Database, upload: { filename: string; content: Buffer },
): Promise<string> {
  const type = sniffContentType(upload.content);
  if (!type) throw new AppError('unsupported_media_type', messages.upload.invalidExtension, 'invalidExtension');
  const id = await storeUnattachedFile(db, {
    name: upload.filename.replace(clientPrefix, ''),
    contentType: type.contentType,
    content: upload.content,
  });
  return fileLocation(id);
}

// Moderators review the documents of pending doctors; show.medical covers the doctor directory.
const readersOfOthersFiles: [Permission, ...Permission[]] = ['index.not.authorized.user', 'show.medical'];

/** Whether the reader reviews or administers the doctor who owns the file (docs/decisions/028). */
async function administersOwner(db: Database, reader: AuthenticatedUser, ownerUserId: string | null): Promise<boolean> {
  if (!isAllowed(readersOfOthersFiles, reader.scope)) return false;
  const scope = medicScopeOf({ actorUserId: reader.id, roles: reader.roles });
  if (scope.kind === 'every') return true;
  return ownerUserId !== null && administersMember(db, scope, ownerUserId);
}

/**
 * A stored file, for its owner, for someone who reviews doctors, or for the administrator of
 * its doctor's clinic. Anyone else is told it does not exist, so that file ids cannot be probed.
 */
export async function readStoredFile(db: Database, reader: AuthenticatedUser, id: string) {
  const file = await findFile(db, id);
  const mayRead = file && (file.ownerUserId === reader.id || await administersOwner(db, reader, file.ownerUserId));
  if (!mayRead) throw AppError.notFound();
  return file;
}
