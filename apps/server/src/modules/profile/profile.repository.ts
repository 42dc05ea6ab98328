import { and, asc, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { doctors, files, roles, sessions, userRoles, users } from '../../db/schema/index.ts';

/** What the profile shows of the account itself. */
export function findProfileAccount(db: Database, userId: string) {
  return db.select({
    id: users.id,
    email: users.email,
    displayName: users.displayName,
    photoUrl: users.photoUrl,
    totpEnabledAt: users.totpEnabledAt,
  })
    .from(users)
    .where(eq(users.id, userId))
    .then(([row]) => row);
}

/** The names of the user's roles, main role first. */
export async function findRoleNamesOfUser(db: Database, userId: string): Promise<string[]> {
  const rows = await db.select({ name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId))
    .orderBy(asc(userRoles.position));
  return rows.map((row) => row.name);
}

export interface ContactChanges {
  phoneNumber: string;
  address: string;
  apartment: string | null;
  district: string;
  province: string;
}

/** The doctor's contact data, locked until the change is saved; undefined for a user who is no doctor. */
export function lockDoctorContact(db: Database, userId: string): Promise<ContactChanges | undefined> {
  return db.select({
    phoneNumber: doctors.phoneNumber,
    address: doctors.address,
    apartment: doctors.apartment,
    district: doctors.district,
    province: doctors.province,
  })
    .from(doctors)
    .where(eq(doctors.userId, userId))
    .for('update')
    .then(([row]) => row);
}

export async function updateDoctorContact(db: Database, userId: string, contact: ContactChanges): Promise<void> {
  await db.update(doctors).set(contact).where(eq(doctors.userId, userId));
}

/** The doctor's REFEPS code, locked until the change is saved; undefined for a user who is no doctor. */
export function lockDoctorRefepsCode(db: Database, userId: string) {
  return db.select({ refepsCode: doctors.refepsCode })
    .from(doctors)
    .where(eq(doctors.userId, userId))
    .for('update')
    .then(([row]) => row);
}

export async function updateDoctorRefepsCode(db: Database, userId: string, refepsCode: string): Promise<void> {
  await db.update(doctors).set({ refepsCode }).where(eq(doctors.userId, userId));
}

/** Field name of a profile photo among the user's files. */
const photoField = 'photo';

/** Stores a profile photo as the user's own file: it never expires, and the owner may read it at its location. */
export async function insertPhotoFile(
  db: Database, userId: string, photo: { name: string; contentType: string; content: Buffer },
): Promise<string> {
  const [row] = await db.insert(files)
    .values({ ...photo, ownerUserId: userId, field: photoField, size: photo.content.length })
    .returning({ id: files.id });
  if (!row) throw new Error('The photo was not stored');
  return row.id;
}

/** Deletes the user's profile photos, but the one to keep if given; answers how many. */
export async function deletePhotoFiles(db: Database, userId: string, keepId?: string): Promise<number> {
  const deleted = await db.delete(files)
    .where(and(
      eq(files.ownerUserId, userId),
      eq(files.field, photoField),
      keepId === undefined ? undefined : ne(files.id, keepId),
    ))
    .returning({ id: files.id });
  return deleted.length;
}

/** Forgets the TOTP secret and its enrolment: the next login shows a new QR code to enrol. */
export async function clearSecondFactor(db: Database, userId: string, now: Date): Promise<void> {
  await db.update(users)
    .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: now })
    .where(eq(users.id, userId));
}

const liveSessionOf = (userId: string, now: Date) => and(
  eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now),
);

/** The user's sessions that still work, the most recently used first. */
export function findLiveSessions(db: Database, userId: string, now: Date) {
  return db.select({
    id: sessions.id,
    userAgent: sessions.userAgent,
    ipAddress: sessions.ipAddress,
    createdAt: sessions.createdAt,
    lastSeenAt: sessions.lastSeenAt,
    expiresAt: sessions.expiresAt,
  })
    .from(sessions)
    .where(liveSessionOf(userId, now))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}

/** Ends one live session of the user; answers false when the user has no such live session. */
export async function revokeOwnSession(db: Database, userId: string, sessionId: string, now: Date): Promise<boolean> {
  const revoked = await db.update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), liveSessionOf(userId, now)))
    .returning({ id: sessions.id });
  return revoked.length === 1;
}

/** Ends every live session of the user but the one given; answers how many. */
export async function revokeOtherSessions(
  db: Database, userId: string, keepSessionId: string, now: Date,
): Promise<number> {
  const revoked = await db.update(sessions)
    .set({ revokedAt: now })
    .where(and(liveSessionOf(userId, now), ne(sessions.id, keepSessionId)))
    .returning({ id: sessions.id });
  return revoked.length;
}
