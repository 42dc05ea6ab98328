import type { InsurerSummary, Practice } from '@receta/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { diagnoses, insurers, medications, practices } from '../../db/schema/index.ts';
import { normalizedText } from '../../db/normalized-text.ts';
import { byBytes, containingEveryWord, startingWith } from '../../db/search-condition.ts';

const medicationColumns = {
  id: medications.id,
  brandName: medications.brandName,
  genericName: medications.genericName,
  strength: medications.strength,
  pharmaceuticalForm: medications.pharmaceuticalForm,
  presentation: medications.presentation,
  laboratory: medications.laboratory,
  saleCondition: medications.saleCondition,
  gtin: medications.gtin,
  troquel: medications.troquel,
};

/**
 * Every active presentation, with the normalised texts a search matches and ranks it by
 * (clinical-search-index.ts). The database normalises them, as the stored copies are.
 */
export function findSearchableMedications(db: Database) {
  return db.select({
    medication: medicationColumns,
    searchText: medications.searchText,
    genericNameSearch: medications.genericNameSearch,
    strengthSearch: normalizedText(medications.strength),
    // Tablets, capsules and dragées: what a doctor typing '500 mg' most often means.
    isSolidOral: sql<boolean | null>`${normalizedText(medications.pharmaceuticalForm)} ~ '^(comprimido|capsula|tableta|gragea)'`,
    // Packs of several boxes or bottles ('63 Envase Por 504 Unidades'): hospital packs.
    isHospitalPack: sql<boolean>`${medications.presentation} ~ '^0*([2-9]|[1-9][0-9]+) '`,
  })
    .from(medications)
    .where(eq(medications.isActive, true));
}

/** Every active CIE-10 category and subcategory, with the normalised texts a search matches and ranks it by. */
export function findSearchableDiagnoses(db: Database) {
  return db.select({
    diagnosis: { code: diagnoses.code, description: diagnoses.description },
    compactCode: diagnoses.compactCode,
    searchText: diagnoses.searchText,
    descriptionSearch: diagnoses.descriptionSearch,
  })
    .from(diagnoses)
    .where(eq(diagnoses.isActive, true));
}

const insurerColumns = {
  id: insurers.id,
  slug: insurers.slug,
  name: insurers.name,
  acronym: insurers.acronym,
  kind: insurers.kind,
};

/** Every active insurer, with the normalised texts a search matches and ranks it by. */
export function findSearchableInsurers(db: Database) {
  return db.select({
    insurer: insurerColumns,
    searchText: insurers.searchText,
    acronymSearch: sql<string | null>`lower(${insurers.acronym})`,
    nameSearch: insurers.nameSearch,
  })
    .from(insurers)
    .where(eq(insurers.isActive, true));
}

/** An active insurer by its slug (`/prescriptions/{providerSlug}/new`) or its id. */
export function findActiveInsurer(
  db: Database, key: { slug: string } | { id: string },
): Promise<InsurerSummary | undefined> {
  const matchesKey = 'slug' in key ? eq(insurers.slug, key.slug) : eq(insurers.id, key.id);
  return db.select(insurerColumns)
    .from(insurers)
    .where(and(matchesKey, eq(insurers.isActive, true)))
    .then(([row]) => row);
}

const practiceColumns = { code: practices.code, name: practices.name, category: practices.category };

/**
 * The active practices whose code, name or category holds every word ('LAB-001', 'eco
 * tiroidea', 'kinesiologia'): the names that start with the search first ('hemograma' →
 * "Hemograma completo"), then by name.
 */
export function findPractices(db: Database, words: readonly string[], limit: number) {
  const typed = words.join(' ');
  // Only with something typed: a constant in ORDER BY would be read as 'by the first column'.
  const namedSoFirst = typed ? [sql`case when ${startingWith(practices.nameSearch, typed)} then 0 else 1 end`] : [];
  return db.select(practiceColumns)
    .from(practices)
    .where(and(eq(practices.isActive, true), containingEveryWord(practices.searchText, words)))
    .orderBy(...namedSoFirst, byBytes(practices.nameSearch), asc(practices.code))
    .limit(limit);
}

/** The active practices among `codes`, by code: a code the catalogue retired or never had is left out. */
export function findActivePractices(db: Database, codes: string[]): Promise<Practice[]> {
  return db.select(practiceColumns)
    .from(practices)
    .where(and(inArray(practices.code, codes), eq(practices.isActive, true)))
    .orderBy(asc(practices.code));
}
