import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { doctors, jurisdictions, professions, roles, specialties, userRoles, users } from '../../db/schema/index.ts';
import { medicalRole } from '../roles/index.ts';
import { isOfferedSpecialty } from '../lookups/index.ts';

export type TakenIdentifier = 'dni' | 'cuit' | 'email';

/** The first of the DNI, CUIT and email (in the wizard's order) that already has an account. */
export async function findTakenIdentifier(
  db: Database, identifiers: { dni?: string; cuit?: string; email?: string },
): Promise<TakenIdentifier | null> {
  const { dni, cuit, email } = identifiers;
  if (dni !== undefined) {
    const [row] = await db.select({ userId: doctors.userId }).from(doctors).where(eq(doctors.dni, dni));
    if (row) return 'dni';
  }
  if (cuit !== undefined) {
    const [row] = await db.select({ userId: doctors.userId }).from(doctors).where(eq(doctors.cuit, cuit));
    if (row) return 'cuit';
  }
  if (email !== undefined) {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (row) return 'email';
  }
  return null;
}

export interface ProfessionalReferences {
  specialtyId: number;
  jurisdictionCode: string;
  professionCode: string;
}

/** Which of the chosen specialty, jurisdiction and profession the lookup lists do not offer. */
export async function findUnknownReferences(
  db: Database, references: ProfessionalReferences,
): Promise<(keyof ProfessionalReferences)[]> {
  const [specialty] = await db.select({ id: specialties.id })
    .from(specialties)
    // The same specialties as GET /api/specialty offers.
    .where(and(
      eq(specialties.id, references.specialtyId),
      isOfferedSpecialty,
    ));
  const [jurisdiction] = await db.select({ code: jurisdictions.code })
    .from(jurisdictions)
    .where(and(eq(jurisdictions.code, references.jurisdictionCode), eq(jurisdictions.isActive, true)));
  const [profession] = await db.select({ code: professions.code })
    .from(professions)
    .where(and(eq(professions.code, references.professionCode), eq(professions.isActive, true)));
  return [
    ...(specialty ? [] : ['specialtyId' as const]),
    ...(jurisdiction ? [] : ['jurisdictionCode' as const]),
    ...(profession ? [] : ['professionCode' as const]),
  ];
}

export type NewDoctorAccount = Omit<typeof doctors.$inferInsert, 'userId'> & {
  email: string;
  passwordHash: string;
};

/** A doctor's account waiting for a moderator: the user, its medical role and the professional record. */
export async function insertPendingDoctor(db: Database, account: NewDoctorAccount): Promise<string> {
  const { email, passwordHash, ...doctor } = account;
  const [user] = await db.insert(users).values({
    email,
    passwordHash,
    displayName: `${doctor.name} ${doctor.lastName}`,
    status: 'pending_approval',
  }).returning({ id: users.id });
  if (!user) throw new Error('The user was not created');
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.slug, medicalRole.slug));
  if (!role) throw new Error(`The built-in role ${medicalRole.slug} is missing`);
  await db.insert(userRoles).values({ userId: user.id, roleId: role.id, position: 0 });
  await db.insert(doctors).values({ ...doctor, userId: user.id });
  return user.id;
}
