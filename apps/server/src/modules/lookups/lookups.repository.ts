import type { Jurisdiction, Profession, Specialty } from '@receta/domain';
import { and, asc, eq, inArray, isNotNull, max } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { jurisdictions, professions, referenceDatasets, specialties } from '../../db/schema/index.ts';

// Sorted here rather than in SQL: PGlite has no ICU collations, and the lists are short.
const spanish = new Intl.Collator('es');

/**
 * The specialties a professional can hold: those a Ministry of Health resolution recognises,
 * of every profession (doctors, dentists, nurses, pharmacists…). Residency programmes "(R)"
 * are training, not a specialty, so they are left out.
 */
export const isOfferedSpecialty = and(
  eq(specialties.isActive, true), eq(specialties.isResidency, false), isNotNull(specialties.resolution),
);

/** The offered specialties, by name. */
export async function findSpecialties(db: Database): Promise<Specialty[]> {
  const rows = await db.select({ id: specialties.id, name: specialties.name })
    .from(specialties)
    .where(isOfferedSpecialty);
  return rows.sort((a, b) => spanish.compare(a.name, b.name));
}

/** The 24 provinces in spec order, then the national jurisdiction. */
export function findJurisdictions(db: Database): Promise<Jurisdiction[]> {
  return db.select({ code: jurisdictions.code, name: jurisdictions.name })
    .from(jurisdictions)
    .where(eq(jurisdictions.isActive, true))
    .orderBy(asc(jurisdictions.position));
}

/** The REFEPS health professions, by label. */
export async function findProfessions(db: Database): Promise<Profession[]> {
  const rows = await db.select({ code: professions.code, label: professions.label })
    .from(professions)
    .where(eq(professions.isActive, true));
  return rows.sort((a, b) => spanish.compare(a.label, b.label));
}

/** The newest source snapshot date (YYYY-MM-DD) of the loaded datasets among `datasets`, if any has one. */
export async function findNewestSourceDate(db: Database, datasets: string[]): Promise<string | null> {
  const [row] = await db.select({ sourceDate: max(referenceDatasets.sourceDate) })
    .from(referenceDatasets)
    .where(inArray(referenceDatasets.name, datasets));
  return row?.sourceDate ?? null;
}
