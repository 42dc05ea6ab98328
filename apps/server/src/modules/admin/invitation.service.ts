import { messages, type AccountStatus } from '@receta/domain';
import type { Database } from '../../db/client.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { hashSecret } from '../../platform/passwords.ts';
import { consumeUserToken } from '../../platform/user-tokens.ts';
import { findAccountById, updatePasswordHash } from '../auth/auth.repository.ts';

// An account waiting for its authorization may choose its password already; login refuses it
// until it is authorized. A removed or rejected account's link no longer works.
const invitableStatuses: readonly AccountStatus[] = ['active', 'pending_approval'];

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
