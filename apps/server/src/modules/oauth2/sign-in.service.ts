import { doctorAppScopes, messages, type OAuthConsent, type OAuthScope } from '@receta/domain';
import type { Database } from '../../db/client.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { ClientInfo } from '../../platform/http/request-actors.ts';
import { hashToken } from '../../platform/user-tokens.ts';
import {
  authenticityTokenLifetimeSeconds, checkPassword, findRolesOfUser, hasDoctorProfile, passSecondFactor,
  type SecretCheckServices,
} from '../auth/index.ts';
import { newOpaqueValue } from '../../platform/auth/opaque-values.ts';
import { isPasswordExpired } from '../../platform/auth/password-age.ts';
import { findClientByPublicId, findCode, findSignInCode, insertCode, spendCode } from './oauth2.repository.ts';

/** Time enough to read the consent page and choose. */
export const signInCodeLifetimeMs = 10 * 60_000;

/** The permission of /myIntegrations (spec section 2): whoever may authorise an app may also revoke it. */
const integrationsPermission = 'owner.prescription';

/** What the password step needs: the login's lock-outs and its password-age rule (decision 041). */
export interface AppSignInServices extends SecretCheckServices {
  passwordMaxAgeDays: number;
}

export interface AppSignIn {
  email: string;
  password: string;
  client_id: string;
  scope: OAuthScope[];
}

/** A signed_in_code unknown, used, expired, or not yet confirmed with the second factor. */
function signInExpired(): AppError {
  return new AppError('invalid_data', messages.oauth.signInExpired, 'signInExpired');
}

/**
 * Refuses scopes the app was not registered for, as a field error of `scope`, and a pharmacy
 * system's scopes, which come with its own client credentials, never from a doctor's consent.
 */
export function assertScopesAllowed(scopes: readonly OAuthScope[], allowed: readonly string[], field: string): void {
  if (scopes.every((scope) => allowed.includes(scope) && doctorAppScopes.includes(scope))) return;
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
 * under the login's lock-outs. The signed_in_code it answers is good only for the second
 * factor (`confirmSignInForApp`), within the time the web login gives that step: until then
 * the consent and the authorization know it as little as a made-up one (decision 027).
 */
export async function signInForApp(
  { db, attempts, passwordMaxAgeDays }: AppSignInServices, input: AppSignIn, client: ClientInfo, now = new Date(),
): Promise<string> {
  const app = await findClientByPublicId(db, input.client_id);
  if (!app) throw new AppError('invalid_data', messages.oauthServer.invalidClientId, 'invalidClientId');
  assertScopesAllowed(input.scope, app.allowedScopes, 'body.scope');
  const account = await checkPassword({ db, attempts }, input, client);
  if (!account) throw new AppError('unauthenticated', messages.oauthServer.wrongCredentials, 'wrongCredentials');
  // Only someone who knows the password learns that the account may not use apps.
  if (account.status !== 'active' || !await isIntegratingDoctor(db, account.id)) {
    throw new AppError('forbidden', messages.oauthServer.unauthorizedUser, 'unauthorizedUser');
  }
  // Unlike the web login, this sign-in cannot offer the change of password: the app would act
  // for an account whose password is past its validity (Disp. DNSISA 1/2025 Annex II).
  if (isPasswordExpired(account.passwordChangedAt, passwordMaxAgeDays, now)) {
    throw new AppError('forbidden', messages.password.expired, 'passwordExpired');
  }
  // The authenticator is set up on the web login only, where the QR code is shown to the
  // signed-in person; showing it here would hand it to whoever holds the password.
  if (account.totpEnabledAt === null) throw AppError.forbidden(messages.oauth.secondFactorNotEnrolled);
  const code = newOpaqueValue();
  await insertCode(db, {
    kind: 'password_checked',
    codeHash: hashToken(code),
    userId: account.id,
    clientId: app.id,
    scopes: input.scope,
    expiresAt: new Date(now.getTime() + authenticityTokenLifetimeSeconds * 1000),
  });
  return code;
}

/**
 * `POST /oauth2/accounts/sign-in/2fa`: the authenticator's code for the signed_in_code of the
 * password step, under the web login's lock-outs of wrong codes. It spends that code and
 * answers a new signed_in_code for the consent page.
 */
export async function confirmSignInForApp(
  { db, attempts }: SecretCheckServices,
  input: { signed_in_code: string; token: string },
  client: ClientInfo,
  actor: AuditActor,
  now = new Date(),
): Promise<string> {
  const passwordStep = await findCode(db, 'password_checked', hashToken(input.signed_in_code));
  if (!passwordStep || passwordStep.usedAt || passwordStep.expiresAt <= now) throw signInExpired();
  const code = newOpaqueValue();
  await passSecondFactor({ db, attempts }, passwordStep.userId, input.token, client, async (tx) => {
    // Spent meanwhile by a racing request, or discarded by a password change: nothing to confirm.
    if (!await spendCode(tx, passwordStep.id, now)) throw signInExpired();
    await insertCode(tx, {
      kind: 'sign_in',
      codeHash: hashToken(code),
      userId: passwordStep.userId,
      clientId: passwordStep.clientId,
      scopes: passwordStep.scopes,
      expiresAt: new Date(now.getTime() + signInCodeLifetimeMs),
    });
    await recordAudit(tx, { ...actor, actorUserId: passwordStep.userId }, {
      action: 'oauth.signed_in', subjectType: 'oauth_client', subjectId: passwordStep.clientId,
    });
  }, now);
  return code;
}

/** `GET /oauth2/accounts/sign-in`: what the consent page shows, while the signed_in_code is live. */
export async function showConsent(db: Database, signedInCode: string, now = new Date()): Promise<OAuthConsent> {
  const row = await findSignInCode(db, hashToken(signedInCode));
  if (!row || row.code.usedAt || row.code.expiresAt <= now) throw signInExpired();
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
