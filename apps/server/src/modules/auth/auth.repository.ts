import type { Workspace } from '@receta/domain';
import { and, asc, eq, exists, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared-statement.ts';
import { doctors, roles, sessions, userRoles, users } from '../../db/schema/index.ts';
import { findWorkspacesOfMember } from '../workspaces/index.ts';

/** What the login steps need to know of an account. */
const loginColumns = {
  id: users.id,
  email: users.email,
  displayName: users.displayName,
  passwordHash: users.passwordHash,
  passwordChangedAt: users.passwordChangedAt,
  status: users.status,
  termsAcceptedAt: users.termsAcceptedAt,
  totpSecret: users.totpSecret,
  totpEnabledAt: users.totpEnabledAt,
  totpLastStep: users.totpLastStep,
};

export type LoginAccount = NonNullable<Awaited<ReturnType<typeof findAccountByEmail>>>;

// Named: every sign-in reads the account once by email and once by id.
const accountByEmail = preparedPerDatabase((db) => db.select(loginColumns)
  .from(users)
  .where(eq(users.email, sql.placeholder('email')))
  .prepare('login_account_by_email'));

const accountById = preparedPerDatabase((db) => db.select(loginColumns)
  .from(users)
  .where(eq(users.id, sql.placeholder('userId')))
  .prepare('login_account_by_id'));

export function findAccountByEmail(db: Database, email: string) {
  return accountByEmail(db).execute({ email }).then(([row]) => row);
}

export function findAccountById(db: Database, userId: string) {
  return accountById(db).execute({ userId }).then(([row]) => row);
}

/**
 * Stores `candidate` as the pending TOTP secret unless one is already there, and answers the
 * stored one: two logins racing before enrolment still show the same QR code.
 */
export async function keepPendingTotpSecret(db: Database, userId: string, candidate: string): Promise<string> {
  const [row] = await db.update(users)
    .set({ totpSecret: sql`coalesce(${users.totpSecret}, ${candidate})` })
    .where(eq(users.id, userId))
    .returning({ totpSecret: users.totpSecret });
  if (!row?.totpSecret) throw new Error(`No account ${userId} to keep a TOTP secret for`);
  return row.totpSecret;
}

/**
 * Records `step` as the last accepted TOTP step, and the enrolment on the first one. Answers
 * false when an equal or later step was already accepted: one statement, so two requests
 * with the same code cannot both pass.
 */
export async function acceptTotpStep(db: Database, userId: string, step: number, now: Date): Promise<boolean> {
  const updated = await db.update(users)
    .set({ totpLastStep: step, totpEnabledAt: sql`coalesce(${users.totpEnabledAt}, ${now})` })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return updated.length === 1;
}

export async function insertSession(
  db: Database,
  session: { userId: string; userAgent: string | null; ipAddress: string; expiresAt: Date },
): Promise<string> {
  const [row] = await db.insert(sessions).values(session).returning({ id: sessions.id });
  if (!row) throw new Error('Session not created');
  return row.id;
}

export async function revokeSession(db: Database, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every live session of a user; answers how many there were. */
export async function revokeSessionsOfUser(db: Database, userId: string, now: Date): Promise<number> {
  const revoked = await db.update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.length;
}

/** The account data of the session the web app keeps. */
export function findSessionProfile(db: Database, userId: string) {
  return db.select({
    id: users.id,
    email: users.email,
    displayName: users.displayName,
    photoUrl: users.photoUrl,
    termsAcceptedAt: users.termsAcceptedAt,
    settings: users.settings,
    shortcuts: users.shortcuts,
    hasSigningPin: exists(db.select({ userId: doctors.userId })
      .from(doctors)
      .where(and(eq(doctors.userId, users.id), isNotNull(doctors.pinHash)))).mapWith(Boolean),
  })
    .from(users)
    .where(eq(users.id, userId))
    .then(([row]) => row);
}

/** The user's roles, main role first. */
export function findRolesOfUser(db: Database, userId: string) {
  return db.select({ slug: roles.slug, landingPage: roles.landingPage, permissions: roles.permissions })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId))
    .orderBy(asc(userRoles.position));
}

/** The workspaces the user belongs to, as the session shows them: their personal practice first, then by name. */
export async function findWorkspacesOfUser(db: Database, userId: string): Promise<Workspace[]> {
  const rows = await findWorkspacesOfMember(db, userId);
  return rows.map(({ id, name, avatarUri }) => ({ id, name, avatarUri }));
}

export async function updateTermsAcceptance(db: Database, userId: string, acceptedAt: Date): Promise<void> {
  await db.update(users).set({ termsAcceptedAt: acceptedAt, updatedAt: acceptedAt }).where(eq(users.id, userId));
}

export async function updatePasswordHash(db: Database, userId: string, passwordHash: string, now: Date): Promise<void> {
  await db.update(users).set({ passwordHash, passwordChangedAt: now, updatedAt: now }).where(eq(users.id, userId));
}

export interface ProfileChanges {
  displayName?: string;
  photoUrl?: string | null;
  settings?: Record<string, unknown>;
  shortcuts?: string[];
}

export async function updateProfile(db: Database, userId: string, changes: ProfileChanges, now: Date): Promise<void> {
  await db.update(users).set({ ...changes, updatedAt: now }).where(eq(users.id, userId));
}

export function hasDoctorProfile(db: Database, userId: string): Promise<boolean> {
  return db.select({ userId: doctors.userId })
    .from(doctors)
    .where(eq(doctors.userId, userId))
    .then((rows) => rows.length === 1);
}

/** Sets a new signing PIN and forgets the failed attempts that may have locked signing. */
export async function updateDoctorPin(db: Database, userId: string, pinHash: string): Promise<boolean> {
  const updated = await db.update(doctors)
    .set({ pinHash, pinFailedAttempts: 0 })
    .where(eq(doctors.userId, userId))
    .returning({ userId: doctors.userId });
  return updated.length === 1;
}
