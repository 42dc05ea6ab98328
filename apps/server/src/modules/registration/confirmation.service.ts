import { messages, serverMessages } from '@receta/domain';
import type { Database } from '../../db/client.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { hashSecret } from '../../platform/passwords.ts';
import type { SigningAuthority } from '../../platform/pki/index.ts';
import { consumeUserToken, issueUserToken } from '../../platform/user-tokens.ts';
import { findDoctorAwaitingPin, lockDoctorStatus, storeDoctorPin } from './confirmation.repository.ts';
import { accountConfirmationMail } from './doctor-mails.ts';

/**
 * Issues a new confirm-account link (the doctor's earlier one stops working) and queues the
 * mail that carries it. Call it in the transaction of the change that warrants the mail.
 */
export async function mailAccountConfirmation(
  db: Database, doctor: { userId: string; email: string; name: string }, publicUrl: string,
): Promise<void> {
  const token = await issueUserToken(db, doctor.userId, 'confirm_account');
  await enqueueMail(db, doctor.email, accountConfirmationMail(doctor.name, `${publicUrl}/confirmation/${token}`));
}

/**
 * Mails a new confirmation link to an approved doctor who has no PIN yet; does nothing for
 * any other email. The caller answers the same either way, so it cannot be used to find accounts.
 */
export async function resendAccountConfirmation(
  db: Database, email: string, publicUrl: string, actor: AuditActor,
): Promise<void> {
  await db.transaction(async (tx) => {
    const doctor = await findDoctorAwaitingPin(tx, email);
    if (!doctor) return;
    await mailAccountConfirmation(tx, doctor, publicUrl);
    await recordAudit(tx, actor, { action: 'doctor.confirmation_resent', subjectType: 'user', subjectId: doctor.userId });
  });
}

/**
 * Sets the signing PIN of the doctor a confirm-account link belongs to. The link works once;
 * an account still waiting for a moderator cannot set a PIN, whatever link it holds. The
 * doctor's signing certificate is issued with the PIN, so the first signature waits for nothing.
 */
export async function setDoctorPin(
  db: Database, signing: SigningAuthority, token: string, pin: string, actor: AuditActor,
): Promise<void> {
  const pinHash = await hashSecret(pin);
  await db.transaction(async (tx) => {
    const use = await consumeUserToken(tx, 'confirm_account', token);
    if (!use.ok) {
      // The web app shows its "PIN already used" notice for this code; the message is the spec's.
      if (use.reason === 'used') throw new AppError('invalid_data', serverMessages.alreadyUsedPin, 'alreadyUsedPin');
      throw new AppError('invalid_data', messages.pin.expired);
    }
    const doctor = await lockDoctorStatus(tx, use.userId);
    if (!doctor) throw new AppError('invalid_data', messages.pin.expired);
    if (doctor.status === 'pending_approval') throw AppError.forbidden(serverMessages.pendingApproval);
    if (doctor.status !== 'active') throw AppError.forbidden(serverMessages.unauthorizedUser);
    await storeDoctorPin(tx, use.userId, pinHash);
    await signing.issueDoctorCredential(tx, use.userId);
    await recordAudit(tx, { ...actor, actorUserId: use.userId }, {
      action: 'doctor.pin_set', subjectType: 'user', subjectId: use.userId,
    });
  });
}
