import {
  messages, product, type ContactDataSchema, type Profile, type ProfileSession, type UserSession,
} from '@receta/domain';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { policies } from '../../platform/attempt-limiter.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { sniffContentType } from '../../platform/files/content-type.ts';
import { fileLocation } from '../../platform/files/file-store.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { MailContent } from '../../platform/mail/compose-mail.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { hashSecret, verifySecret } from '../../platform/passwords.ts';
import { showMedical } from '../medicals/index.ts';
import {
  buildUserSession, findAccountById, hasDoctorProfile, type SecretCheckServices, updatePasswordHash, updateProfile,
} from '../auth/index.ts';
import { revokeOAuthGrantsOfUser } from '../../platform/auth/oauth-grant-revocation.ts';
import {
  clearSecondFactor, deletePhotoFiles, findLiveSessions, findProfileAccount, findRoleNamesOfUser, insertPhotoFile,
  lockDoctorContact, lockDoctorRefepsCode, revokeOtherSessions, revokeOwnSession, updateDoctorContact,
  updateDoctorRefepsCode,
} from './profile.repository.ts';
import { summariseUserAgent } from './user-agent-summary.ts';

/** The signed-in user acting on their own account: who, in which session, from which page. */
export interface AccountOwner {
  userId: string;
  sessionId: string;
  actor: AuditActor;
  isPasswordExpired: boolean;
}

const notSignedIn = () => new AppError('unauthenticated', messages.session.invalidAccessToken);

/** The signed-in user's own account; a doctor's with the professional record. */
export async function showProfile(db: Database, userId: string): Promise<Profile> {
  const [account, roleNames, isDoctor] = await Promise.all([
    findProfileAccount(db, userId), findRoleNamesOfUser(db, userId), hasDoctorProfile(db, userId),
  ]);
  if (!account) throw notSignedIn();
  return {
    id: account.id,
    email: account.email,
    displayName: account.displayName,
    photoURL: account.photoUrl,
    roleNames,
    secondFactorEnrolledAt: account.totpEnabledAt?.toISOString() ?? null,
    doctor: isDoctor ? await showDoctorRecord(db, userId) : null,
  };
}

async function showDoctorRecord(db: Database, userId: string): Promise<Profile['doctor']> {
  // The doctor's own record: nobody's administration scope applies.
  const medic = await showMedical(db, userId, { kind: 'every' });
  const { name, lastName, birthDate, dni, cuit, phoneNumber, address, apartment, district, province } = medic;
  const { enrollment, jurisdiction, specialty, profession, refepsCode, restrictedAuthorisation, hasPin } = medic;
  return {
    name, lastName, birthDate, dni, cuit, phoneNumber, address, apartment, district, province,
    enrollment, jurisdiction, specialty, profession, refepsCode, restrictedAuthorisation, hasPin,
  };
}

/** Changes the name the navbar shows; answers the session with it. */
export async function renameAccount(db: Database, owner: AccountOwner, displayName: string): Promise<UserSession> {
  await db.transaction(async (tx) => {
    await updateProfile(tx, owner.userId, { displayName }, new Date());
    await recordAudit(tx, owner.actor, {
      action: 'user.data_updated', subjectType: 'user', subjectId: owner.userId, details: { fields: ['displayName'] },
    });
  });
  return buildUserSession(db, { id: owner.userId, isPasswordExpired: owner.isPasswordExpired });
}

export type ContactData = z.output<typeof ContactDataSchema>;

/** Saves a doctor's own contact data; the audit trail keeps what each changed field was. */
export async function changeDoctorContact(db: Database, owner: AccountOwner, contact: ContactData): Promise<Profile> {
  await db.transaction(async (tx) => {
    const before = await lockDoctorContact(tx, owner.userId);
    if (!before) throw AppError.forbidden(messages.profile.notDoctor);
    const after = { ...contact, apartment: contact.apartment || null };
    const changes = Object.fromEntries((Object.keys(after) as (keyof typeof after)[])
      .filter((field) => before[field] !== after[field])
      .map((field) => [field, { from: before[field], to: after[field] }]));
    await updateDoctorContact(tx, owner.userId, after);
    await recordAudit(tx, owner.actor, {
      action: 'doctor.contact_updated', subjectType: 'user', subjectId: owner.userId, details: { changes },
    });
  });
  return showProfile(db, owner.userId);
}

/**
 * Saves the doctor's own Licencia Sanitaria Federal (REFEPS code), which they give themselves
 * as the registration asks for it; the audit trail keeps what it was.
 */
export async function changeDoctorRefepsCode(db: Database, owner: AccountOwner, refepsCode: string): Promise<Profile> {
  await db.transaction(async (tx) => {
    const before = await lockDoctorRefepsCode(tx, owner.userId);
    if (!before) throw AppError.forbidden(messages.profile.notDoctor);
    await updateDoctorRefepsCode(tx, owner.userId, refepsCode);
    await recordAudit(tx, owner.actor, {
      action: 'doctor.refeps_updated', subjectType: 'user', subjectId: owner.userId,
      details: { changes: { refepsCode: { from: before.refepsCode, to: refepsCode } } },
    });
  });
  return showProfile(db, owner.userId);
}

/**
 * Replaces the profile photo with a PNG or JPEG image, judged by its content. The photo is
 * the user's own file, read back at its location; the older one is deleted.
 */
export async function replacePhoto(db: Database, owner: AccountOwner, content: Buffer): Promise<UserSession> {
  const type = sniffContentType(content);
  if (type?.contentType !== 'image/png' && type?.contentType !== 'image/jpeg') {
    throw new AppError('unsupported_media_type', messages.profile.photoInvalid, 'invalidExtension');
  }
  await db.transaction(async (tx) => {
    const photoId = await insertPhotoFile(tx, owner.userId, {
      name: `foto.${type.extension}`, contentType: type.contentType, content,
    });
    await deletePhotoFiles(tx, owner.userId, photoId);
    await updateProfile(tx, owner.userId, { photoUrl: fileLocation(photoId) }, new Date());
    await recordAudit(tx, owner.actor, { action: 'user.photo_changed', subjectType: 'user', subjectId: owner.userId });
  });
  return buildUserSession(db, { id: owner.userId, isPasswordExpired: owner.isPasswordExpired });
}

/** Removes the profile photo: the navbar shows the default image again. */
export async function removePhoto(db: Database, owner: AccountOwner): Promise<UserSession> {
  await db.transaction(async (tx) => {
    await deletePhotoFiles(tx, owner.userId);
    await updateProfile(tx, owner.userId, { photoUrl: null }, new Date());
    await recordAudit(tx, owner.actor, { action: 'user.photo_removed', subjectType: 'user', subjectId: owner.userId });
  });
  return buildUserSession(db, { id: owner.userId, isPasswordExpired: owner.isPasswordExpired });
}

/**
 * Checks the account's password for a change of credentials. Each check spends an attempt of
 * the login's lock-out before argon2 runs, so a stolen session gives no fresh round of guesses.
 */
async function assertAccountPassword(
  { attempts }: SecretCheckServices, account: { email: string; passwordHash: string }, password: string, field: string,
): Promise<void> {
  await attempts.reserve([[policies.passwordPerAccount, account.email]]);
  if (!await verifySecret(account.passwordHash, password)) {
    const message = messages.profile.wrongPassword;
    throw new AppError('invalid_data', message, 'wrongPassword', [{ field: `body.${field}`, message }]);
  }
  await attempts.release({ clear: [[policies.passwordPerAccount, account.email]] });
}

/** Tells the owner of the account that its credentials changed, in case it was not them. */
function credentialsChangedMail(displayName: string, change: { subject: string; sentence: string }): MailContent {
  return {
    subject: `${product.name}: ${change.subject}`,
    greeting: `Hola, ${displayName}:`,
    paragraphs: [
      `${change.sentence} Se cerraron las demás sesiones abiertas.`,
      `Si no fue usted, restablezca su contraseña desde «¿Olvidó su contraseña?» en la página de ingreso y escríbanos a ${product.supportEmail}.`,
    ],
  };
}

/**
 * Changes the password after checking the current one. Every other session ends, and every
 * app's access, so whoever may have known the old password is signed out; this session stays.
 */
export async function changePassword(
  { db, attempts }: SecretCheckServices,
  owner: AccountOwner,
  passwords: { currentPassword: string; newPassword: string },
): Promise<void> {
  const account = await findAccountById(db, owner.userId);
  if (!account) throw notSignedIn();
  await assertAccountPassword({ db, attempts }, account, passwords.currentPassword, 'currentPassword');
  const passwordHash = await hashSecret(passwords.newPassword);
  await db.transaction(async (tx) => {
    const now = new Date();
    await updatePasswordHash(tx, owner.userId, passwordHash, now);
    const revokedSessions = await revokeOtherSessions(tx, owner.userId, owner.sessionId, now);
    await revokeOAuthGrantsOfUser(tx, owner.userId, owner.actor, now);
    await recordAudit(tx, owner.actor, {
      action: 'user.password_changed', subjectType: 'user', subjectId: owner.userId, details: { revokedSessions },
    });
    await enqueueMail(tx, account.email, credentialsChangedMail(account.displayName, {
      subject: 'se cambió su contraseña',
      sentence: `Le avisamos que se cambió la contraseña de su cuenta de ${product.name}.`,
    }));
  });
}

/**
 * Forgets the authenticator app (a new phone, a lost one) after checking the password: the
 * next login shows a new QR code to set it up again. Every other session ends, and every
 * app's access.
 */
export async function resetSecondFactor(
  { db, attempts }: SecretCheckServices, owner: AccountOwner, password: string,
): Promise<void> {
  const account = await findAccountById(db, owner.userId);
  if (!account) throw notSignedIn();
  await assertAccountPassword({ db, attempts }, account, password, 'password');
  await db.transaction(async (tx) => {
    const now = new Date();
    await clearSecondFactor(tx, owner.userId, now);
    const revokedSessions = await revokeOtherSessions(tx, owner.userId, owner.sessionId, now);
    await revokeOAuthGrantsOfUser(tx, owner.userId, owner.actor, now);
    await recordAudit(tx, owner.actor, {
      action: 'user.second_factor_reset', subjectType: 'user', subjectId: owner.userId, details: { revokedSessions },
    });
    await enqueueMail(tx, account.email, credentialsChangedMail(account.displayName, {
      subject: 'se restableció su segundo factor',
      sentence: 'Le avisamos que se restableció el segundo factor de su cuenta: la próxima vez que ingrese deberá configurar su aplicación de autenticación.',
    }));
  });
}

/** The user's live sessions, with the device each runs on and which one is asking. */
export async function listSessions(db: Database, owner: Pick<AccountOwner, 'userId' | 'sessionId'>): Promise<ProfileSession[]> {
  const rows = await findLiveSessions(db, owner.userId, new Date());
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    ...summariseUserAgent(row.userAgent),
    ipAddress: row.ipAddress,
    isCurrent: row.id === owner.sessionId,
  }));
}

/**
 * Ends one of the user's own sessions. Another user's session is answered as not found, so
 * that session ids cannot be probed.
 */
export async function closeSession(db: Database, owner: AccountOwner, sessionId: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (!await revokeOwnSession(tx, owner.userId, sessionId, new Date())) {
      throw AppError.notFound(messages.profile.sessionNotFound);
    }
    await recordAudit(tx, owner.actor, {
      action: 'user.session_closed', subjectType: 'user', subjectId: owner.userId, details: { sessionId },
    });
  });
}

/** Ends every session of the user but this one; answers how many were closed. */
export async function closeOtherSessions(db: Database, owner: AccountOwner): Promise<number> {
  return db.transaction(async (tx) => {
    const closed = await revokeOtherSessions(tx, owner.userId, owner.sessionId, new Date());
    await recordAudit(tx, owner.actor, {
      action: 'user.other_sessions_closed', subjectType: 'user', subjectId: owner.userId, details: { closed },
    });
    return closed;
  });
}
