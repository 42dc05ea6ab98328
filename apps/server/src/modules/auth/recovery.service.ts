import { messages, product, type AccountStatus } from '@receta/domain';
import type { Database } from '../../db/client.ts';
import { policies, type AttemptLimiter } from '../../platform/attempt-limiter.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { MailContent } from '../../platform/mail/compose-mail.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { hashSecret } from '../../platform/passwords.ts';
import { consumeUserToken, issueUserToken, tokenLifetimesMs } from '../../platform/user-tokens.ts';
import { revokeOAuthGrantsOfUser } from '../../platform/auth/oauth-grant-revocation.ts';
import {
  findAccountByEmail, findAccountById, hasDoctorProfile, revokeSessionsOfUser, updateDoctorPin, updatePasswordHash,
} from './auth.repository.ts';

export interface RecoveryServices {
  db: Database;
  attempts: AttemptLimiter;
  /** Base of the links in the mails. */
  publicUrl: string;
}

// A rejected registration is closed for good: its owner registers again instead. Pending and
// suspended accounts may recover: login still refuses them after the password.
const recoverableStatuses: readonly AccountStatus[] = ['active', 'pending_approval', 'suspended'];

function linkValidity(purpose: 'password_recovery' | 'pin_recovery'): string {
  return `El enlace vence en ${tokenLifetimesMs[purpose] / 60_000} minutos y se puede usar una sola vez.`;
}

function passwordRecoveryMail(displayName: string, url: string): MailContent {
  return {
    subject: `${product.name}: restablecer su contraseña`,
    greeting: `Hola, ${displayName}:`,
    paragraphs: [
      `Recibimos un pedido para restablecer la contraseña de su cuenta en ${product.name}.`,
      'Si no lo hizo usted, ignore este mensaje: su contraseña actual sigue funcionando.',
    ],
    action: { label: 'Elegir una nueva contraseña', url },
    note: linkValidity('password_recovery'),
  };
}

function pinRecoveryMail(displayName: string, url: string): MailContent {
  return {
    subject: `${product.name}: restablecer su PIN de firma`,
    greeting: `Hola, ${displayName}:`,
    paragraphs: [
      'Recibimos un pedido para restablecer el PIN con el que firma sus recetas.',
      `Si no lo hizo usted, ignore este mensaje y escríbanos a ${product.supportEmail}.`,
    ],
    action: { label: 'Elegir un nuevo PIN', url },
    note: linkValidity('pin_recovery'),
  };
}

const invalidLink = () => new AppError('invalid_data', messages.auth.linkInvalid);

/**
 * Mails a password recovery link when the email belongs to a recoverable account. The caller
 * answers the same in every case, so that the request cannot be used to find accounts.
 */
export async function requestPasswordRecovery(
  { db, attempts, publicUrl }: RecoveryServices, email: string, ipAddress: string,
): Promise<void> {
  await attempts.reserve([[policies.mailRequestsPerAddress, ipAddress]]);
  const account = await findAccountByEmail(db, email);
  if (!account || !recoverableStatuses.includes(account.status)) return;
  await db.transaction(async (tx) => {
    const token = await issueUserToken(tx, account.id, 'password_recovery');
    await enqueueMail(tx, account.email, passwordRecoveryMail(account.displayName, `${publicUrl}/password-recovery/${token}`));
  });
}

/**
 * Sets a new password through a mailed link. It also ends every session and every app's
 * access (whoever may have had the old password is signed out) and lifts the account's lock-outs.
 */
export async function recoverPassword(
  { db, attempts }: Pick<RecoveryServices, 'db' | 'attempts'>, token: string, password: string, actor: AuditActor,
): Promise<void> {
  const account = await db.transaction(async (tx) => {
    const use = await consumeUserToken(tx, 'password_recovery', token);
    if (!use.ok) throw invalidLink();
    const account = await findAccountById(tx, use.userId);
    if (!account) throw invalidLink();
    // Hashed only once the link proved good, so that made-up links cost no argon2 work.
    const now = new Date();
    await updatePasswordHash(tx, account.id, await hashSecret(password), now);
    const revokedSessions = await revokeSessionsOfUser(tx, account.id, now);
    await revokeOAuthGrantsOfUser(tx, account.id, { ...actor, actorUserId: account.id }, now);
    await recordAudit(tx, { ...actor, actorUserId: account.id }, {
      action: 'user.password_recovered', subjectType: 'user', subjectId: account.id, details: { revokedSessions },
    });
    return account;
  });
  // Once the new password holds: the owner is let in at once, however many guesses locked the account.
  await attempts.release({
    clear: [[policies.passwordPerAccount, account.email], [policies.totpPerAccount, account.id]],
  });
}

/** Mails the signed-in doctor a link to set a new signing PIN. */
export async function requestPinRecovery(
  { db, attempts, publicUrl }: RecoveryServices,
  user: { id: string; email: string; displayName: string },
  ipAddress: string,
): Promise<void> {
  if (!await hasDoctorProfile(db, user.id)) throw AppError.forbidden(messages.auth.notDoctor);
  await attempts.reserve([[policies.mailRequestsPerAddress, ipAddress]]);
  await db.transaction(async (tx) => {
    const token = await issueUserToken(tx, user.id, 'pin_recovery');
    await enqueueMail(tx, user.email, pinRecoveryMail(user.displayName, `${publicUrl}/pin-recovery/${token}`));
  });
}

/**
 * Sets a new signing PIN through a mailed link, which also unlocks signing after too many
 * wrong PINs. The link works only for the signed-in account it was mailed to.
 */
export async function recoverPin(
  db: Database, userId: string, token: string, pin: string, actor: AuditActor,
): Promise<void> {
  await db.transaction(async (tx) => {
    const use = await consumeUserToken(tx, 'pin_recovery', token);
    // Throwing rolls the spend back, so another account's link keeps working for its owner.
    if (!use.ok || use.userId !== userId) throw invalidLink();
    if (!await updateDoctorPin(tx, userId, await hashSecret(pin))) throw AppError.forbidden(messages.auth.notDoctor);
    await recordAudit(tx, actor, { action: 'doctor.pin_recovered', subjectType: 'user', subjectId: userId });
  });
}
