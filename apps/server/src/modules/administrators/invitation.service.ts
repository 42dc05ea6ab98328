import { randomBytes } from 'node:crypto';
import { messages, type AccountStatus } from '@receta/domain';
import type { Database } from '../../db/client.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { MailContent } from '../../platform/mail/compose-mail.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { hashSecret } from '../../platform/passwords.ts';
import { consumeUserToken, issueUserToken, tokenLifetimesMs } from '../../platform/user-tokens.ts';
import { findAccountById, updatePasswordHash } from '../auth/index.ts';

// An account waiting for its authorization may choose its password already; login refuses it
// until it is authorized. A removed or rejected account's link no longer works.
const invitableStatuses: readonly AccountStatus[] = ['active', 'pending_approval'];

/** How many days an invitation link works, for the mails that carry one. */
export const invitationDays = Math.round(tokenLifetimesMs.invitation / (24 * 60 * 60 * 1000));

/** The hash of a password nobody knows: an invited account's holder chooses theirs through the link. */
export function hashUnknownPassword(): Promise<string> {
  return hashSecret(randomBytes(32).toString('base64url'));
}

/**
 * Issues an account's single-use invitation link and queues the mail that carries it, in the
 * caller's transaction, so that the account and its invitation stand or fall together.
 */
export async function mailInvitation(
  db: Database, account: { id: string; email: string }, mailWith: (link: string) => MailContent, publicUrl: string,
  now = new Date(),
): Promise<void> {
  const token = await issueUserToken(db, account.id, 'invitation', now);
  await enqueueMail(db, account.email, mailWith(`${publicUrl}/invitation/${token}`));
}

const invalidLink = () => new AppError('invalid_data', messages.auth.linkInvalid);

/**
 * Sets the first password of an account an administrator created (an administrator or a
 * medic), through the invitation link, which works once. Answers whether the account may
 * sign in already.
 */
export async function acceptInvitation(
  db: Database, token: string, password: string, actor: AuditActor, now = new Date(),
): Promise<{ isAuthorized: boolean }> {
  return db.transaction(async (tx) => {
    const use = await consumeUserToken(tx, 'invitation', token, now);
    if (!use.ok) throw invalidLink();
    const account = await findAccountById(tx, use.userId);
    if (!account || !invitableStatuses.includes(account.status)) throw invalidLink();
    // Hashed only once the link proved good, so that made-up links cost no argon2 work.
    await updatePasswordHash(tx, account.id, await hashSecret(password), now);
    await recordAudit(tx, { ...actor, actorUserId: account.id }, {
      action: 'user.invitation_accepted', subjectType: 'user', subjectId: account.id,
    });
    return { isAuthorized: account.status === 'active' };
  });
}
