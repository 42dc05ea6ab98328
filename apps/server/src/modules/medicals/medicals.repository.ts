import type { AccountStatus } from '@receta/domain';
import { and, asc, count, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { alias } from 'drizzle-orm/pg-core';
import { doctors, jurisdictions, professions, specialties, users } from '../../db/schema/index.ts';
import { isAdministeredMember, type AdministeredWorkspaces } from '../../platform/auth/administered-workspaces.ts';
import { matchingEveryWord } from '../../db/search-condition.ts';

/** The doctor is one the administrator administers (docs/decisions/028). */
function isAdministeredDoctor(db: Database, scope: AdministeredWorkspaces) {
  return isAdministeredMember(db, doctors.userId, scope);
}

export interface MedicalPageQuery {
  page: number;
  pageSize: number;
  q?: string | undefined;
  sort: 'lastName' | 'name' | 'email' | 'enrollment' | 'status' | 'createdAt';
  order: 'asc' | 'desc';
  status?: AccountStatus | undefined;
}

const sortColumns = {
  lastName: doctors.lastName,
  name: doctors.name,
  email: users.email,
  enrollment: doctors.enrollment,
  status: users.status,
  createdAt: doctors.createdAt,
} as const;

const listColumns = {
  id: users.id,
  name: doctors.name,
  lastName: doctors.lastName,
  email: users.email,
  enrollment: doctors.enrollment,
  jurisdictionCode: doctors.jurisdictionCode,
  jurisdictionName: jurisdictions.name,
  specialtyId: doctors.specialtyId,
  specialtyName: specialties.name,
  status: users.status,
  referenceCode: doctors.referenceCode,
};

/** One page of the doctors the administrator administers, with the names of their jurisdiction and specialty. */
export async function findMedicalsPage(db: Database, query: MedicalPageQuery, scope: AdministeredWorkspaces) {
  const where = and(
    isAdministeredDoctor(db, scope),
    matchingEveryWord(query.q, [doctors.name, doctors.lastName, users.email, doctors.dni, doctors.enrollment]),
    query.status ? eq(users.status, query.status) : undefined,
  );
  const direction = query.order === 'desc' ? desc : asc;
  const items = await db.select(listColumns)
    .from(doctors)
    .innerJoin(users, eq(users.id, doctors.userId))
    .leftJoin(jurisdictions, eq(jurisdictions.code, doctors.jurisdictionCode))
    .leftJoin(specialties, eq(specialties.id, doctors.specialtyId))
    .where(where)
    .orderBy(direction(sortColumns[query.sort]), asc(doctors.lastName), asc(doctors.name), asc(doctors.userId))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ count: count() })
    .from(doctors)
    .innerJoin(users, eq(users.id, doctors.userId))
    .where(where);
  return { items, total: total?.count ?? 0 };
}

const restrictedRecorder = alias(users, 'restricted_recorder');

/** Everything of one doctor the administrator administers, with the names of the chosen lookups. */
export function findMedical(db: Database, userId: string, scope: AdministeredWorkspaces) {
  return db.select({
    ...listColumns,
    birthDate: doctors.birthDate,
    dni: doctors.dni,
    cuit: doctors.cuit,
    phoneNumber: doctors.phoneNumber,
    address: doctors.address,
    apartment: doctors.apartment,
    district: doctors.district,
    province: doctors.province,
    professionCode: doctors.professionCode,
    professionLabel: professions.label,
    refepsCode: doctors.refepsCode,
    restrictedAuthorisedOn: doctors.restrictedAuthorisedOn,
    restrictedEvidenceFileId: doctors.restrictedEvidenceFileId,
    restrictedRecordedAt: doctors.restrictedRecordedAt,
    restrictedRecordedByName: restrictedRecorder.displayName,
    hasPin: isNotNull(doctors.pinHash).mapWith(Boolean),
    rejectionReason: doctors.rejectionReason,
    reviewedAt: doctors.reviewedAt,
    createdAt: doctors.createdAt,
  })
    .from(doctors)
    .innerJoin(users, eq(users.id, doctors.userId))
    .leftJoin(jurisdictions, eq(jurisdictions.code, doctors.jurisdictionCode))
    .leftJoin(specialties, eq(specialties.id, doctors.specialtyId))
    .leftJoin(professions, eq(professions.code, doctors.professionCode))
    .leftJoin(restrictedRecorder, eq(restrictedRecorder.id, doctors.restrictedRecordedBy))
    .where(and(eq(doctors.userId, userId), isAdministeredDoctor(db, scope)))
    .then(([row]) => row);
}

/** A doctor's account, locked for the change that follows. */
export function lockMedical(db: Database, userId: string) {
  return db.select({ userId: users.id, email: users.email, status: users.status, name: doctors.name })
    .from(doctors)
    .innerJoin(users, eq(users.id, doctors.userId))
    .where(eq(doctors.userId, userId))
    .for('update')
    .then(([row]) => row);
}

/** The doctors among `ids` whom the administrator administers, locked for their removal. */
export function lockMedicals(db: Database, userIds: string[], scope: AdministeredWorkspaces) {
  return db.select({ userId: users.id, email: users.email, status: users.status, name: doctors.name })
    .from(doctors)
    .innerJoin(users, eq(users.id, doctors.userId))
    .where(and(inArray(doctors.userId, userIds), isAdministeredDoctor(db, scope)))
    .for('update');
}

/** What a doctor's signing certificate names: who they are and their licence. */
const certifiedIdentityColumns = {
  name: doctors.name,
  lastName: doctors.lastName,
  cuit: doctors.cuit,
  enrollment: doctors.enrollment,
  jurisdictionCode: doctors.jurisdictionCode,
};

/**
 * What a doctor's certificate names (name, CUIT, licence) of a doctor the administrator
 * administers, locked for an edit: the scope is checked in the statement that locks the row.
 */
export function lockCertifiedIdentity(db: Database, userId: string, scope: AdministeredWorkspaces) {
  return db.select(certifiedIdentityColumns)
    .from(doctors)
    .where(and(eq(doctors.userId, userId), isAdministeredDoctor(db, scope)))
    .for('update')
    .then(([row]) => row);
}

export type CertifiedIdentity = NonNullable<Awaited<ReturnType<typeof lockCertifiedIdentity>>>;

export type MedicalChanges = Pick<typeof doctors.$inferInsert,
  'phoneNumber' | 'address' | 'apartment' | 'district' | 'province' | 'specialtyId' | 'jurisdictionCode'
  | 'enrollment' | 'professionCode' | 'referenceCode' | 'refepsCode'>;

/** Saves a doctor's professional and contact data, answering what their certificate names now. */
export function updateMedical(
  db: Database, userId: string, changes: MedicalChanges,
): Promise<CertifiedIdentity | undefined> {
  return db.update(doctors)
    .set(changes)
    .where(eq(doctors.userId, userId))
    .returning(certifiedIdentityColumns)
    .then(([row]) => row);
}

export async function updateAccountStatus(
  db: Database, userId: string, status: AccountStatus, now: Date,
): Promise<void> {
  await db.update(users).set({ status, updatedAt: now }).where(eq(users.id, userId));
}

/**
 * Deletes accounts for good: their professional record, roles, sessions, links, files and
 * memberships go with them (foreign keys cascade). The audit trail keeps the ids only.
 */
export async function deleteAccounts(db: Database, userIds: string[]): Promise<void> {
  if (userIds.length > 0) await db.delete(users).where(inArray(users.id, userIds));
}

/** A doctor's account status, or undefined when there is no such doctor. */
export function findMedicalStatus(db: Database, userId: string): Promise<AccountStatus | undefined> {
  return db.select({ status: users.status })
    .from(doctors)
    .innerJoin(users, eq(users.id, doctors.userId))
    .where(eq(doctors.userId, userId))
    .then(([row]) => row?.status);
}

/** A doctor the administrator administers, with their account status, locked for the change that follows. */
export function lockAdministeredMedical(db: Database, userId: string, scope: AdministeredWorkspaces) {
  return db.select({ status: users.status })
    .from(doctors)
    .innerJoin(users, eq(users.id, doctors.userId))
    .where(and(eq(doctors.userId, userId), isAdministeredDoctor(db, scope)))
    .for('update', { of: doctors })
    .then(([row]) => row);
}

export type RestrictedAuthorisationChanges = Pick<typeof doctors.$inferInsert,
  'restrictedAuthorisedOn' | 'restrictedEvidenceFileId' | 'restrictedRecordedBy' | 'restrictedRecordedAt'>;

/** Records or clears (every column null) a doctor's authorisation to prescribe legally restricted medicines. */
export async function updateRestrictedAuthorisation(
  db: Database, userId: string, changes: RestrictedAuthorisationChanges,
): Promise<void> {
  await db.update(doctors).set(changes).where(eq(doctors.userId, userId));
}
