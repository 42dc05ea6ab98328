import { and, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { doctors, jurisdictions, professions, specialties, users } from '../../db/schema/index.ts';
import type { AdministeredWorkspaces } from '../../platform/auth/administered-workspaces.ts';
import type { RoleReach } from '../../platform/auth/administrator-reach.ts';
import { holdsOnlyRolesWithin, isAdministeredAccount, isAdministrator } from '../administrators/index.ts';
import { matchingEveryWord } from '../../db/search-condition.ts';

/**
 * Whose authorization a moderator sees waiting: the doctors, only for those who may approve
 * them (authorizeMedic); the administrators within their reach whom they administer.
 */
export interface PendingScope {
  reviewsDoctors: boolean;
  reach: RoleReach;
  staff: AdministeredWorkspaces;
}

export interface PendingUsersQuery {
  page: number;
  pageSize: number;
  q?: string | undefined;
}

/**
 * Doctors waiting for a moderator; every word of `search` must appear in the name, last
 * name, email or DNI. Reviewing sets `reviewedAt`, so the queue is the partial index on it.
 */
function awaitingReview(search: string | undefined, scope: PendingScope): SQL | undefined {
  return and(
    scope.reviewsDoctors ? undefined : sql`false`,
    isNull(doctors.reviewedAt),
    eq(users.status, 'pending_approval'),
    matchingEveryWord(search, [doctors.name, doctors.lastName, users.email, doctors.dni]),
  );
}

/**
 * Administrators created without authorization, within the scope; every word of `search` must
 * appear in the email or the display name.
 */
function awaitingAuthorization(db: Database, search: string | undefined, scope: PendingScope): SQL | undefined {
  return and(
    eq(users.status, 'pending_approval'),
    isAdministrator,
    holdsOnlyRolesWithin(db, scope.reach),
    isAdministeredAccount(db, scope.staff),
    matchingEveryWord(search, [users.email, users.displayName]),
  );
}

/**
 * One page of the not-authorized accounts, oldest first: doctors waiting for a moderator and
 * administrators within `reach` waiting for their authorization. Answers each one's id and kind.
 */
export async function findPendingUsersPage(db: Database, query: PendingUsersQuery, scope: PendingScope) {
  const doctorsWhere = awaitingReview(query.q, scope);
  const administratorsWhere = awaitingAuthorization(db, query.q, scope);
  const entries = await db.select({
    id: users.id,
    kind: sql<'doctor' | 'administrator'>`'doctor'`.as('kind'),
    waitingSince: sql<Date>`${doctors.createdAt}`.as('waiting_since'),
  })
    .from(doctors)
    .innerJoin(users, eq(users.id, doctors.userId))
    .where(doctorsWhere)
    .unionAll(db.select({
      id: users.id,
      kind: sql<'doctor' | 'administrator'>`'administrator'`.as('kind'),
      waitingSince: sql<Date>`${users.createdAt}`.as('waiting_since'),
    })
      .from(users)
      .where(administratorsWhere))
    .orderBy(sql`waiting_since`, sql`id`)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { entries, total: await countPendingUsers(db, scope, query.q) };
}

/**
 * How many accounts the not-authorized page lists: doctors waiting for a moderator and
 * administrators within `reach` waiting for their authorization, matching `search` if given.
 */
export async function countPendingUsers(db: Database, scope: PendingScope, search?: string): Promise<number> {
  const [doctorCount] = await db.select({ count: count() })
    .from(doctors)
    .innerJoin(users, eq(users.id, doctors.userId))
    .where(awaitingReview(search, scope));
  const [administratorCount] = await db.select({ count: count() })
    .from(users)
    .where(awaitingAuthorization(db, search, scope));
  return (doctorCount?.count ?? 0) + (administratorCount?.count ?? 0);
}

/** These doctors with what they entered and the names of the chosen lookups. */
export function findPendingDoctors(db: Database, userIds: string[]) {
  return db.select({
    id: users.id,
    email: users.email,
    name: doctors.name,
    lastName: doctors.lastName,
    birthDate: doctors.birthDate,
    dni: doctors.dni,
    cuit: doctors.cuit,
    phoneNumber: doctors.phoneNumber,
    address: doctors.address,
    apartment: doctors.apartment,
    district: doctors.district,
    province: doctors.province,
    specialty: specialties.name,
    jurisdiction: jurisdictions.name,
    doctorEnrollment: doctors.enrollment,
    profession: professions.label,
    refepsCode: doctors.refepsCode,
    createdAt: doctors.createdAt,
  })
    .from(doctors)
    .innerJoin(users, eq(users.id, doctors.userId))
    .leftJoin(specialties, eq(specialties.id, doctors.specialtyId))
    .leftJoin(jurisdictions, eq(jurisdictions.code, doctors.jurisdictionCode))
    .leftJoin(professions, eq(professions.code, doctors.professionCode))
    .where(inArray(doctors.userId, userIds));
}

/** A doctor's account and name, locked for the review that follows. */
export function lockDoctorForReview(db: Database, userId: string) {
  return db.select({ userId: users.id, email: users.email, status: users.status, name: doctors.name })
    .from(doctors)
    .innerJoin(users, eq(users.id, doctors.userId))
    .where(eq(doctors.userId, userId))
    .for('update')
    .then(([row]) => row);
}

/** Records a moderator's decision on the account and on its professional record. */
export async function recordReview(
  db: Database,
  userId: string,
  review: { status: 'active' | 'rejected'; reviewedBy: string; rejectionReason?: string; at: Date },
): Promise<void> {
  await db.update(users).set({ status: review.status, updatedAt: review.at }).where(eq(users.id, userId));
  await db.update(doctors)
    .set({ reviewedAt: review.at, reviewedBy: review.reviewedBy, rejectionReason: review.rejectionReason ?? null })
    .where(eq(doctors.userId, userId));
}
