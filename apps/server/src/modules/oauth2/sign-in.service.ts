import { messages, type OAuthConsent, type OAuthScope } from '@receta/domain';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { hashToken } from '../../platform/user-tokens.ts';
import { findRolesOfUser, hasDoctorProfile } from '../auth/auth.repository.ts';
import { checkPassword, type ClientInfo } from '../auth/auth.service.ts';
import { newOpaqueValue } from './opaque-values.ts';
import { findClientByPublicId, findSignInCode, insertCode } from './oauth2.repository.ts';

/** Time enough to read the consent page and choose. */
export const signInCodeLifetimeMs = 10 * 60_000;

/** The permission of /myIntegrations (spec section 2): whoever may authorise an app may also revoke it. */
const integrationsPermission = 'owner.prescription';

export interface AppSignIn {
  email: string;
  password: string;
  client_id: string;
  scope: OAuthScope[];
}

/** Refuses scopes the app was not registered for, as a field error of `scope`. */
export function assertScopesAllowed(scopes: readonly OAuthScope[], allowed: readonly string[], field: string): void {
  if (scopes.every((scope) => allowed.includes(scope))) return;
  const message = messages.oauth.scopeNotAllowed;
  throw new AppError('invalid_data', message, undefined, [{ field, message }]);
}

/** Only approved doctors act through external apps: a doctor's record and the integrations permission. */
async function isIntegratingDoctor(db: Database, userId: string): Promise<boolean> {
  const [isDoctor, roles] = await Promise.all([hasDoctorProfile(db, userId), findRolesOfUser(db, userId)]);
  return isDoctor && roles.some((role) => role.permissions.includes(integrationsPermission));
}

/**
 * `POST /oauth2/accounts/sign-in`: the email and password of a doctor on behalf of an app,
 * under the login's lock-outs, answering a single-use signed_in_code for the consent page.
 * No second factor here: the PIN confirms every signature the app asks for (decision 017).
 */
export async function signInForApp(
  db: Database, input: AppSignIn, client: ClientInfo, now = new Date(),
): Promise<string> {
  const app = await findClientByPublicId(db, input.client_id);
  if (!app) throw new AppError('invalid_data', messages.oauthServer.invalidClientId);
  assertScopesAllowed(input.scope, app.allowedScopes, 'body.scope');
  const account = await checkPassword(db, input, client);
  if (!account) throw new AppError('unauthenticated', messages.oauthServer.wrongCredentials);
  // Only someone who knows the password learns that the account may not use apps.
  if (account.status !== 'active' || !await isIntegratingDoctor(db, account.id)) {
    throw AppError.forbidden(messages.oauthServer.unauthorizedUser);
  }
  const code = newOpaqueValue();
  await insertCode(db, {
    kind: 'sign_in',
    codeHash: hashToken(code),
    userId: account.id,
    clientId: app.id,
    scopes: input.scope,
    expiresAt: new Date(now.getTime() + signInCodeLifetimeMs),
  });
  return code;
}

/** `GET /oauth2/accounts/sign-in`: what the consent page shows, while the signed_in_code is live. */
export async function showConsent(db: Database, signedInCode: string, now = new Date()): Promise<OAuthConsent> {
  const row = await findSignInCode(db, hashToken(signedInCode));
  if (!row || row.code.usedAt || row.code.expiresAt <= now) {
    throw new AppError('invalid_data', messages.oauth.signInExpired);
  }
  return {
    client_logo_uri: row.client.logoUri,
    client_name: row.client.name,
    client_redirect_uri_label: row.client.redirectUriLabel,
    client_redirect_uris: row.client.redirectUris,
    scopes: row.code.scopes as OAuthScope[],
    user_first_name: row.doctorName ?? row.userDisplayName,
    user_last_name: row.doctorLastName ?? '',
    user_email: row.userEmail,
    sandbox: row.client.sandbox,
  };
}
