import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { userTokens } from '../db/schema/index.ts';

export type TokenPurpose = (typeof userTokens.$inferInsert)['purpose'];

/** How long each mailed link works. */
export const tokenLifetimesMs: Record<TokenPurpose, number> = {
  confirm_account: 7 * 24 * 60 * 60 * 1000,
  invitation: 7 * 24 * 60 * 60 * 1000,
  password_recovery: 60 * 60 * 1000,
  pin_recovery: 60 * 60 * 1000,
};

/** The SHA-256 of a link token, the only form in which tokens are stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * A new single-use token for a mailed link. Earlier unused tokens of the same purpose stop
 * working, so only the newest mail's link opens. Only its hash is stored: a copy of the
 * database gives no working link.
 */
export async function issueUserToken(
  db: Database, userId: string, purpose: TokenPurpose, now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.update(userTokens)
    .set({ usedAt: now })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)));
  await db.insert(userTokens).values({
    userId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + tokenLifetimesMs[purpose]),
  });
  return token;
}

export type TokenUse = { ok: true; userId: string } | { ok: false; reason: 'unknown' | 'used' | 'expired' };

/**
 * Spends a token: answers its user once, and why it failed every other time. Call it inside
 * the transaction that makes the change the token authorises, so a failed change does not
 * burn the token and two requests cannot both spend it.
 */
export async function consumeUserToken(
  db: Database, purpose: TokenPurpose, token: string, now = new Date(),
): Promise<TokenUse> {
  const [row] = await db.select()
    .from(userTokens)
    .where(and(eq(userTokens.tokenHash, hashToken(token)), eq(userTokens.purpose, purpose)))
    .for('update');
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.usedAt) return { ok: false, reason: 'used' };
  if (row.expiresAt <= now) return { ok: false, reason: 'expired' };
  await db.update(userTokens).set({ usedAt: now }).where(eq(userTokens.id, row.id));
  return { ok: true, userId: row.userId };
}
