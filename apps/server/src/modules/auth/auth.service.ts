import { randomBytes } from 'node:crypto';
import {
  messages, product, type AccountStatus, type AuthenticityClaims, type SignedIn, type UserDataUpdateSchema,
  type UserSession,
} from '@receta/domain';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { policies, type AttemptKey, type AttemptLimiter } from '../../platform/attempt-limiter.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import type { TokenSigner } from '../../platform/auth/access-tokens.ts';
import { isPasswordExpired } from '../../platform/auth/password-age.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { ClientInfo } from '../../platform/http/request-actors.ts';
import { hashSecret, verifySecret } from '../../platform/passwords.ts';
import {
  acceptTotpStep, findAccountByEmail, findAccountById, findRolesOfUser, findSessionProfile, findWorkspacesOfUser,
  insertSession, keepPendingTotpSecret, revokeSession, updateProfile, updateTermsAcceptance, type LoginAccount,
  type ProfileChanges,
} from './auth.repository.ts';
import { buildOtpauthUri, createTotpSecret, matchTotpStep } from './second-factor.ts';

/** The step between the password and the second factor: long enough to open the app and type a code. */
export const authenticityTokenLifetimeSeconds = 5 * 60;
/** A working day: a doctor signs in once per shift. */
export const sessionLifetimeSeconds = 12 * 60 * 60;

/** What a check of a secret needs: the database, and the limiter that reserves each attempt. */
export interface SecretCheckServices {
  db: Database;
  attempts: AttemptLimiter;
}

export interface AuthServices extends SecretCheckServices {
  tokens: TokenSigner;
  passwordMaxAgeDays: number;
}

/** Whose session to describe: the user, and whether their password is past its age. */
export interface SessionOwner {
  id: string;
  isPasswordExpired: boolean;
}

// Checked instead of a real hash when the email is unknown, so that an unknown email costs
// the same argon2 work as a wrong password and the two cannot be told apart by timing.
const dummyPasswordHash = hashSecret(randomBytes(16).toString('base64url'));

const statusRefusals: Record<Exclude<AccountStatus, 'active'>, string> = {
  pending_approval: messages.auth.pendingApproval,
  rejected: messages.auth.rejected,
  suspended: messages.auth.suspended,
};

function assertActive(status: AccountStatus): void {
  if (status !== 'active') throw AppError.forbidden(statusRefusals[status]);
}

/**
 * The account of this email and password, or undefined when either is wrong, under the
 * lock-outs of passwords per account and per address (429 while locked). The attempt is
 * reserved before argon2 runs, so no more than the allowance is ever evaluated; the right
 * password gives it back. Every sign-in with a password goes through here: the web app's
 * login and external apps' OAuth2 sign-in.
 */
export async function checkPassword(
  { db, attempts }: SecretCheckServices, credentials: { email: string; password: string }, client: ClientInfo,
): Promise<LoginAccount | undefined> {
  // The account is keyed by the email as typed (normalised), so that unknown emails lock like real ones.
  const accountKey: AttemptKey = [policies.passwordPerAccount, credentials.email];
  const addressKey: AttemptKey = [policies.passwordPerAddress, client.ipAddress];
  await attempts.reserve([accountKey, addressKey]);
  const found = await findAccountByEmail(db, credentials.email);
  const isRightPassword = await verifySecret(found?.passwordHash ?? await dummyPasswordHash, credentials.password);
  if (!found || !isRightPassword) return undefined;
  await attempts.release({ clear: [accountKey], refund: [addressKey] });
  return found;
}

/**
 * Login step one: checks the email and password and answers the authenticity token that
 * step two needs, with the enrolment data while the second factor is not set up.
 */
export async function startLogin(
  { db, attempts, tokens }: AuthServices, credentials: { email: string; password: string }, client: ClientInfo,
): Promise<string> {
  const account = await checkPassword({ db, attempts }, credentials, client);
  if (!account) throw new AppError('unauthenticated', messages.auth.wrongCredentials);
  // Only someone who knows the password learns whether the account is pending, rejected or suspended.
  assertActive(account.status);

  const isSync = account.totpEnabledAt !== null;
  const claims: AuthenticityClaims = {
    isSync,
    user: { id: account.id, email: account.email, displayName: account.displayName },
    termsAndConditions: account.termsAcceptedAt?.toISOString() ?? null,
  };
  if (!isSync) {
    // The pending secret is kept, so the QR code stays the same until the first code enrols it.
    const secret = await keepPendingTotpSecret(db, account.id, createTotpSecret());
    claims.secret = secret;
    claims.otpauth = buildOtpauthUri(secret, account.email);
  }
  return tokens.sign('authenticity', { ...claims, sub: account.id }, authenticityTokenLifetimeSeconds);
}

/**
 * Checks an authenticator code of an active account under the lock-outs of codes per account
 * and per address (429 while locked), and runs `onPassed` in the transaction that spends the
 * code's time step. The attempt is reserved before the code is checked; the right code gives
 * it back, and so does a right code already spent (a second tap, a racing request): it is no
 * guess. The step is spent by a conditional update, so two requests racing with one code
 * cannot both pass. Every second factor goes through here: the web app's login and external
 * apps' OAuth2 sign-in.
 */
export async function passSecondFactor<T>(
  { db, attempts }: SecretCheckServices, userId: string, code: string, client: ClientInfo,
  onPassed: (tx: Database, account: LoginAccount) => Promise<T>, now = new Date(),
): Promise<T> {
  const accountKey: AttemptKey = [policies.totpPerAccount, userId];
  const addressKey: AttemptKey = [policies.totpPerAddress, client.ipAddress];
  const keys = [accountKey, addressKey];
  await attempts.reserve(keys);
  const account = await findAccountById(db, userId);
  if (!account?.totpSecret) throw new AppError('unauthenticated', messages.auth.loginStepExpired, 'loginStepExpired');
  // A moderator may have suspended the account since the password step.
  assertActive(account.status);

  const match = matchTotpStep(account.totpSecret, code, account.totpLastStep, now);
  if (match.kind === 'wrong') throw new AppError('unauthenticated', messages.auth.wrongCode);
  const outcome = match.kind === 'spent'
    ? null
    : await db.transaction(async (tx) => {
        if (!await acceptTotpStep(tx, account.id, match.step, now)) return null;
        return { passed: await onPassed(tx, account) };
      });
  if (outcome === null) {
    await attempts.release({ refund: keys });
    throw new AppError('unauthenticated', messages.auth.codeAlreadyUsed);
  }
  await attempts.release({ clear: [accountKey], refund: [addressKey] });
  return outcome.passed;
}

/** Opens a session of the account that just passed the second factor, in that transaction. */
async function openSession(
  tx: Database, account: LoginAccount, client: ClientInfo, actor: AuditActor, now: Date,
): Promise<string> {
  const sessionId = await insertSession(tx, {
    userId: account.id,
    userAgent: client.userAgent,
    ipAddress: client.ipAddress,
    expiresAt: new Date(now.getTime() + sessionLifetimeSeconds * 1000),
  });
  await recordAudit(tx, { ...actor, actorUserId: account.id }, {
    action: 'user.signed_in',
    subjectType: 'user',
    subjectId: account.id,
    details: { sessionId, enrolledSecondFactor: account.totpEnabledAt === null },
  });
  return sessionId;
}

/**
 * Login step two: checks the authenticator code against the account of the authenticity
 * token, opens a session and answers its access token with the user's session data.
 */
export async function completeLogin(
  { db, attempts, tokens, passwordMaxAgeDays }: AuthServices, authenticityToken: string | undefined, code: string,
  client: ClientInfo, actor: AuditActor,
): Promise<SignedIn> {
  const check = authenticityToken ? tokens.verify<{ sub: string }>('authenticity', authenticityToken) : undefined;
  if (!check?.ok) throw new AppError('unauthenticated', messages.auth.loginStepExpired, 'loginStepExpired');
  const userId = check.claims.sub;
  const now = new Date();
  const { sessionId, passwordChangedAt } = await passSecondFactor(
    { db, attempts }, userId, code, client,
    async (tx, account) => ({
      sessionId: await openSession(tx, account, client, actor, now), passwordChangedAt: account.passwordChangedAt,
    }),
    now,
  );
  // The session opens even with an expired password: it is what lets the user choose a new one.
  const isPasswordExpiredNow = isPasswordExpired(passwordChangedAt, passwordMaxAgeDays, now);
  return {
    access_token: tokens.sign('access', { sub: userId, sid: sessionId }, sessionLifetimeSeconds),
    user: await buildUserSession(db, { id: userId, isPasswordExpired: isPasswordExpiredNow }),
  };
}

/** The session the web app keeps (spec section 3, "User session"), read fresh from the database. */
export async function buildUserSession(db: Database, owner: SessionOwner): Promise<UserSession> {
  const [profile, roleRows, workspaces] = await Promise.all([
    findSessionProfile(db, owner.id),
    findRolesOfUser(db, owner.id),
    findWorkspacesOfUser(db, owner.id),
  ]);
  if (!profile) throw new AppError('unauthenticated', messages.session.invalidAccessToken);
  return {
    id: profile.id,
    email: profile.email,
    displayName: profile.displayName,
    scope: [...new Set(roleRows.flatMap((role) => role.permissions))],
    roles: roleRows.map((role) => role.slug),
    redirectUrl: roleRows[0]?.landingPage ?? null,
    workspaces,
    termsAndConditions: profile.termsAcceptedAt?.toISOString() ?? null,
    passwordExpired: owner.isPasswordExpired,
    hasSigningPin: profile.hasSigningPin,
    data: {
      displayName: profile.displayName,
      photoURL: profile.photoUrl,
      email: profile.email,
      settings: profile.settings,
      shortcuts: profile.shortcuts,
    },
  };
}

/** Ends the session of the request: its access token stops working at once. */
export async function endSession(
  db: Database, session: { userId: string; sessionId: string }, actor: AuditActor,
): Promise<void> {
  await db.transaction(async (tx) => {
    await revokeSession(tx, session.sessionId, new Date());
    await recordAudit(tx, actor, {
      action: 'user.signed_out',
      subjectType: 'user',
      subjectId: session.userId,
      details: { sessionId: session.sessionId },
    });
  });
}

/**
 * Records the acceptance of the terms and the privacy policy and answers its instant. The
 * instant is the server's: the client's clock can be wrong or forged, and this date is the
 * legal record. The client's own time (`sign`) is kept in the audit trail beside it.
 */
export async function acceptTerms(
  db: Database, userId: string, clientTime: string, actor: AuditActor,
): Promise<string> {
  const acceptedAt = new Date();
  await db.transaction(async (tx) => {
    await updateTermsAcceptance(tx, userId, acceptedAt);
    await recordAudit(tx, actor, {
      action: 'user.terms_accepted',
      subjectType: 'user',
      subjectId: userId,
      details: { clientTime, termsRevision: product.legalRevision },
    });
  });
  return acceptedAt.toISOString();
}

export type UserDataChanges = z.output<typeof UserDataUpdateSchema>['user'];

/** Saves what a user may change of their own data, and answers the updated session. */
export async function updateOwnData(
  db: Database, owner: SessionOwner, changes: UserDataChanges, actor: AuditActor,
): Promise<UserSession> {
  const userId = owner.id;
  const { photoURL, ...rest } = changes;
  const profileChanges: ProfileChanges = photoURL === undefined ? rest : { ...rest, photoUrl: photoURL };
  await db.transaction(async (tx) => {
    await updateProfile(tx, userId, profileChanges, new Date());
    await recordAudit(tx, actor, {
      action: 'user.data_updated', subjectType: 'user', subjectId: userId, details: { fields: Object.keys(changes) },
    });
  });
  return buildUserSession(db, owner);
}
