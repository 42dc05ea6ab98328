import { messages, type PinAction } from '@receta/domain';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { oauthCodes } from '../../db/schema/index.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { hashToken } from '../../platform/user-tokens.ts';
import { matchesS256Challenge, newOpaqueValue } from '../../platform/auth/opaque-values.ts';

/** Long enough for the redirect back to the app and its one call that signs or prescribes. */
export const pinCodeLifetimeMs = 5 * 60_000;

export interface PinCodeBinding {
  userId: string;
  /** The client's row id. */
  clientId: string;
  accessTokenId: string;
  action: PinAction;
  /** BASE64URL(SHA-256(code_verifier)): only the app that asked for the PIN can spend the code. */
  codeChallenge: string;
  /** For action sign: the hexadecimal SHA-256 of the one document the doctor approved. */
  documentSha256?: string | undefined;
}

/** Issues a pin_2fa_code after a right PIN: single use, short-lived, bound as DECISIONS.md says. */
export async function issuePinCode(db: Database, binding: PinCodeBinding, now = new Date()): Promise<string> {
  const code = newOpaqueValue();
  await db.insert(oauthCodes).values({
    kind: 'pin_2fa',
    codeHash: hashToken(code),
    userId: binding.userId,
    clientId: binding.clientId,
    accessTokenId: binding.accessTokenId,
    action: binding.action,
    codeChallenge: binding.codeChallenge,
    documentSha256: binding.documentSha256 ?? null,
    expiresAt: new Date(now.getTime() + pinCodeLifetimeMs),
  });
  return code;
}

export interface PinCodeUse {
  code: string;
  /** The access token of the request that spends the code (`currentOAuthCaller(request).accessTokenId`). */
  accessTokenId: string;
  action: PinAction;
  codeVerifier: string;
  /** The SHA-256 (hex) of the document about to be signed; required when the code was bound to one. */
  documentSha256?: string | undefined;
}

export type PinCodeRow = typeof oauthCodes.$inferSelect;

/**
 * Spends a pin_2fa_code for the signature or prescription it approved, answering its row, or
 * throws 400 'Invalid pin-2fa' (unknown, used, expired, or bound to another token, action,
 * verifier or document). One conditional update marks it used, so two requests cannot both
 * spend it; called inside the transaction of the change it authorises, a change that fails
 * leaves the code unspent.
 */
export async function consumePinCode(db: Database, use: PinCodeUse, now = new Date()): Promise<PinCodeRow> {
  const [row] = await db.update(oauthCodes)
    .set({ usedAt: now })
    .where(and(
      eq(oauthCodes.codeHash, hashToken(use.code)),
      eq(oauthCodes.kind, 'pin_2fa'),
      isNull(oauthCodes.usedAt),
      gt(oauthCodes.expiresAt, now),
    ))
    .returning();
  const isBound = row !== undefined
    && row.accessTokenId === use.accessTokenId
    && row.action === use.action
    && matchesS256Challenge(use.codeVerifier, row.codeChallenge)
    && (row.documentSha256 === null || row.documentSha256 === use.documentSha256);
  if (!row || !isBound) throw new AppError('invalid_data', messages.oauthServer.invalidPin);
  return row;
}
