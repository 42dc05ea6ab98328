import type { InsurerSummary, Practice } from '@receta/domain';
import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { diagnoses, insurers, medications, practices } from '../../db/schema/index.ts';
import { normalizedText } from '../../db/normalized-text.ts';
import { byBytes, containingEveryWord, startingWith } from '../../db/search-condition.ts';

/** 0 for the rows that meet `condition`, 1 for the others: sorts them first. */
function firstWhen(condition: SQL | undefined): SQL {
  return condition ? sql`case when ${condition} then 0 else 1 end` : sql`1`;
}

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

/** A number the doctor typed as a strength: '500', '0,5', '2.5'. */
const strengthNumberPattern = /^\d+([.,]\d+)?$/;
const strengthUnits = new Set(['mg', 'mcg', 'g', 'ml', 'ui', '%']);

/** What a search says of the medicine: the name's words, and a strength ('500', '500 mg') if it has one. */
function medicationSearchOf(words: readonly string[]) {
  const numberAt = words.findIndex((word) => strengthNumberPattern.test(word));
  const number = words[numberAt];
  const typedUnit = words[numberAt + 1];
  const unit = typedUnit && strengthUnits.has(typedUnit) ? typedUnit : undefined;
  const name = words.filter((word, index) => index !== numberAt && !(unit && index === numberAt + 1)).join(' ');
  return {
    name,
    // Written '500 Mg' or '0,5 Mg' by both lists; a bare number is taken as milligrams.
    strength: number ? `${number.replace('.', ',')} ${unit ?? 'mg'}` : undefined,
    isInMilligrams: number !== undefined && (unit ?? 'mg') === 'mg',
  };
}

/** Tablets, capsules and dragées: what a doctor typing '500 mg' most often means. */
const solidOralForm = sql`${normalizedText(medications.pharmaceuticalForm)} ~ '^(comprimido|capsula|tableta|gragea)'`;
/** Packs of several boxes or bottles ('63 Envase Por 504 Unidades'): hospital packs, last. */
const hospitalPack = sql`${medications.presentation} ~ '^0*([2-9]|[1-9][0-9]+) '`;

/**
 * The active presentations whose brand, active ingredients or form hold every word, best
 * first: the generic name typed exactly, then the strength typed ('amoxicilina 500' puts 500 mg
 * before 500 mg / 5 ml: the strength without a per-volume part first), tablets and capsules
 * before syrups and suspensions when the strength is in milligrams, single packs before
 * names that start with the first word, single packs before hospital packs, then by brand and presentation. The
 * words pick the rows through the trigram index; only those are sorted.
 */
export function findMedications(db: Database, words: readonly string[], limit: number) {
  const [first] = words;
  const search = medicationSearchOf(words);
  // search_text starts with the normalised brand.
  const isNamedSo = first
    ? or(startingWith(medications.searchText, first), startingWith(medications.genericNameSearch, first))
    : undefined;
  const isGenericName = search.name ? eq(medications.genericNameSearch, search.name) : undefined;
  const strength = normalizedText(medications.strength);
  const hasStrength = search.strength ? startingWith(strength, search.strength) : undefined;
  const hasExactStrength = search.strength
    ? or(eq(strength, search.strength), startingWith(strength, `${search.strength}/`))
    : undefined;
  return db.select(medicationColumns)
    .from(medications)
    .where(and(eq(medications.isActive, true), containingEveryWord(medications.searchText, words)))
    .orderBy(
      firstWhen(isGenericName),
      firstWhen(hasStrength),
      firstWhen(search.isInMilligrams ? solidOralForm : undefined),
      firstWhen(hasExactStrength),
      firstWhen(isNamedSo),
      sql`case when ${hospitalPack} then 1 else 0 end`,
      byBytes(medications.searchText),
      byBytes(medications.presentation),
      asc(medications.id),
    )
    .limit(limit);
}

// 'j4' (a range of categories), 'j45', 'j450', 'j45.0'.
const codePattern = /^[a-z]\d(\d(\.?\d)?)?$/;

/**
 * The CIE-10 codes a search means when it is written like one ('J45', 'j450', 'J45.0'):
 * compact (no dot) and upper-case, as `compact_code` stores them.
 */
function compactCodeOf(words: readonly string[]): string | undefined {
  const [only, ...rest] = words;
  return only && rest.length === 0 && codePattern.test(only) ? only.replace('.', '').toUpperCase() : undefined;
}

/**
 * The active CIE-10 categories and subcategories whose code or description holds every word:
 * the code typed, then the codes it starts (by code), then the others by description.
 */
export function findDiagnoses(db: Database, words: readonly string[], limit: number) {
  const compactCode = compactCodeOf(words);
  const isCode = compactCode ? eq(diagnoses.compactCode, compactCode) : undefined;
  const isUnderCode = compactCode ? startingWith(diagnoses.compactCode, compactCode) : undefined;
  return db.select({ code: diagnoses.code, description: diagnoses.description })
    .from(diagnoses)
    .where(and(eq(diagnoses.isActive, true), containingEveryWord(diagnoses.searchText, words)))
    .orderBy(
      firstWhen(isCode),
      firstWhen(isUnderCode),
      isUnderCode ? sql`case when ${isUnderCode} then ${byBytes(diagnoses.compactCode)} end` : sql`1`,
      byBytes(diagnoses.descriptionSearch),
      asc(diagnoses.code),
    )
    .limit(limit);
}

const insurerColumns = {
  id: insurers.id,
  slug: insurers.slug,
  name: insurers.name,
  acronym: insurers.acronym,
  kind: insurers.kind,
};

/**
 * The active insurers whose name, acronym or registry number holds every word: the one whose
 * acronym is the search ('pami', 'osde', 'ioma') first, then by name.
 */
export function findInsurers(db: Database, words: readonly string[], limit: number) {
  const isAcronym = words.length > 0 ? eq(sql`lower(${insurers.acronym})`, words.join(' ')) : undefined;
  return db.select(insurerColumns)
    .from(insurers)
    .where(and(eq(insurers.isActive, true), containingEveryWord(insurers.searchText, words)))
    .orderBy(firstWhen(isAcronym), byBytes(insurers.nameSearch), asc(insurers.id))
    .limit(limit);
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
  const isNamedSo = typed ? startingWith(practices.nameSearch, typed) : undefined;
  return db.select(practiceColumns)
    .from(practices)
    .where(and(eq(practices.isActive, true), containingEveryWord(practices.searchText, words)))
    .orderBy(firstWhen(isNamedSo), byBytes(practices.nameSearch), asc(practices.code))
    .limit(limit);
}

/** The active practices among `codes`, by code: a code the catalogue retired or never had is left out. */
export function findActivePractices(db: Database, codes: string[]): Promise<Practice[]> {
  return db.select(practiceColumns)
    .from(practices)
    .where(and(inArray(practices.code, codes), eq(practices.isActive, true)))
    .orderBy(asc(practices.code));
}
