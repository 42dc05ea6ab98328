import { and, asc, count, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { doctors, jurisdictions, professions, specialties, users } from '../../db/schema/index.ts';

// LIKE treats % and _ as wildcards; a search for "a_b" means those characters.
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * Doctors waiting for a moderator. Every word of `search` must appear in the name, last name,
 * email or DNI. Reviewing sets `reviewedAt`, so the queue is the partial index on it.
 */
function awaitingReview(search: string | undefined): SQL | undefined {
  const words = (search ?? '').split(/\s+/).filter(Boolean).slice(0, 5);
  return and(
    isNull(doctors.reviewedAt),
    eq(users.status, 'pending_approval'),
    ...words.map((word) => or(
      ilike(doctors.name, containing(word)),
      ilike(doctors.lastName, containing(word)),
      ilike(users.email, containing(word)),
      ilike(doctors.dni, containing(word)),
    )),
  );
}

/** One page of the moderation queue, oldest request first, with the names of the chosen lookups. */
export async function findPendingDoctors(db: Database, query: { page: number; pageSize: number; q?: string }) {
  const where = awaitingReview(query.q);
  const items = await db.select({
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
    createdAt: doctors.createdAt,
  })
    .from(doctors)
    .innerJoin(users, eq(users.id, doctors.userId))
    .leftJoin(specialties, eq(specialties.id, doctors.specialtyId))
    .leftJoin(jurisdictions, eq(jurisdictions.code, doctors.jurisdictionCode))
    .leftJoin(professions, eq(professions.code, doctors.professionCode))
    .where(where)
    .orderBy(asc(doctors.createdAt), asc(doctors.userId))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ count: count() })
    .from(doctors)
    .innerJoin(users, eq(users.id, doctors.userId))
    .where(where);
  return { items, total: total?.count ?? 0 };
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
