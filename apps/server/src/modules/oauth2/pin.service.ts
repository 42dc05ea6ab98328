import { messages, type OAuthPinConfirmedSchema, type OAuthScope, type PinAction } from '@receta/domain';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import type { OAuthCaller } from '../../platform/auth/oauth-bearer.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { checkSigningPin, issuePinCode } from '../prescriptions/index.ts';

/** The scope an app needs to ask for each action's PIN: the one of the call the code unlocks. */
export const scopeOfPinAction: Record<PinAction, OAuthScope> = {
  sign: 'documents-sign',
  prescribe: 'prescriptions-create',
};

export interface PinConfirmation {
  pin: string;
  action: PinAction;
  redirect_uri: string;
  state?: string | undefined;
  code_challenge: string;
  document_sha256?: string | undefined;
}

type PinConfirmed = z.infer<typeof OAuthPinConfirmedSchema>;

/**
 * `POST /oauth2/accounts/pin-2fa`: the doctor confirms one signature or prescription of the
 * app with the signing PIN (the same lock-out as signing in the web app) and the app gets a
 * pin_2fa_code bound to its token, the action, its PKCE challenge and the document.
 */
export async function confirmWithPin(
  db: Database, caller: OAuthCaller, confirmation: PinConfirmation, actor: AuditActor,
): Promise<PinConfirmed> {
  if (!caller.scopes.includes(scopeOfPinAction[confirmation.action])) {
    throw AppError.forbidden(messages.oauth.scopeNotAllowed);
  }
  if (!caller.clientRedirectUris.includes(confirmation.redirect_uri)) {
    const message = messages.oauth.redirectUriNotRegistered;
    throw new AppError('invalid_data', message, 'redirectUriNotRegistered', [{ field: 'body.redirect_uri', message }]);
  }
  const check = await checkSigningPin(db, caller.userId, confirmation.pin);
  // Without a PIN the doctor has not finished confirming the account (spec section 4).
  if (check === 'notAllowed') throw new AppError('forbidden', messages.oauthServer.pendingApproval, 'signingNotAllowed');
  if (check === 'locked') throw new AppError('forbidden', messages.signing.locked, 'signingLocked');
  if (check === 'wrong') {
    const message = messages.oauthServer.invalidPin;
    throw new AppError('invalid_data', message, 'wrongPin', [{ field: 'body.pin', message }]);
  }
  const code = await db.transaction(async (tx) => {
    const issued = await issuePinCode(tx, {
      userId: caller.userId,
      clientId: caller.clientId,
      accessTokenId: caller.accessTokenId,
      action: confirmation.action,
      codeChallenge: confirmation.code_challenge,
      documentSha256: confirmation.document_sha256,
    });
    await recordAudit(tx, actor, {
      action: 'oauth.pin_confirmed',
      subjectType: 'oauth_grant',
      subjectId: caller.grantId,
      details: {
        clientId: caller.clientPublicId,
        action: confirmation.action,
        documentSha256: confirmation.document_sha256 ?? null,
      },
    });
    return issued;
  });
  return confirmation.state === undefined
    ? { pin_2fa_code: code, action: confirmation.action }
    : { pin_2fa_code: code, action: confirmation.action, state: confirmation.state };
}
