import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper.ts';
import type { Database } from '../../db/client.ts';
import { normalizedText } from '../../db/normalized-text.ts';
import { diagnoses, insurers, medications } from '../../db/schema/index.ts';
import { byBytes, containingEveryWord, searchWordsOf, startingWith } from '../../db/search-condition.ts';
import { clinicalSearchIndexOf } from './clinical-search-index.ts';

const test = useTestApp();

// The searches as the database answered them before they were answered from memory, kept as
// the reference the index must agree with row for row, order included, on either engine. One
// correction: a ranking condition the search does not use is left out of the order, where it
// once stood as the constant `1`, which SQL reads as "by the first column" (id or code), so that
// a search without a strength or a code was sorted by id instead of as documented.

/** 0 for the rows that meet `condition`, 1 for the others: sorts them first. */
function firstWhen(condition: SQL | undefined): SQL | undefined {
  return condition && sql`case when ${condition} then 0 else 1 end`;
}

function orderOf(...terms: Array<SQL | undefined>): SQL[] {
  return terms.filter((term) => term !== undefined);
}

function medicationsFromDatabase(db: Database, words: readonly string[], limit: number) {
  const [first] = words;
  const numberAt = words.findIndex((word) => /^\d+([.,]\d+)?$/.test(word));
  const number = words[numberAt];
  const typedUnit = words[numberAt + 1];
  const unit = typedUnit && ['mg', 'mcg', 'g', 'ml', 'ui', '%'].includes(typedUnit) ? typedUnit : undefined;
  const name = words.filter((word, index) => index !== numberAt && !(unit && index === numberAt + 1)).join(' ');
  const typedStrength = number ? `${number.replace('.', ',')} ${unit ?? 'mg'}` : undefined;
  const isInMilligrams = number !== undefined && (unit ?? 'mg') === 'mg';
  const strength = normalizedText(medications.strength);
  const solidOralForm = sql`${normalizedText(medications.pharmaceuticalForm)} ~ '^(comprimido|capsula|tableta|gragea)'`;
  return db.select({
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
  })
    .from(medications)
    .where(and(eq(medications.isActive, true), containingEveryWord(medications.searchText, words)))
    .orderBy(...orderOf(
      firstWhen(name ? eq(medications.genericNameSearch, name) : undefined),
      firstWhen(typedStrength ? startingWith(strength, typedStrength) : undefined),
      firstWhen(isInMilligrams ? solidOralForm : undefined),
      firstWhen(typedStrength ? or(eq(strength, typedStrength), startingWith(strength, `${typedStrength}/`)) : undefined),
      firstWhen(first
        ? or(startingWith(medications.searchText, first), startingWith(medications.genericNameSearch, first))
        : undefined),
      sql`case when ${medications.presentation} ~ '^0*([2-9]|[1-9][0-9]+) ' then 1 else 0 end`,
      byBytes(medications.searchText),
      byBytes(medications.presentation),
      asc(medications.id),
    ))
    .limit(limit);
}

function diagnosesFromDatabase(db: Database, words: readonly string[], limit: number) {
  const [only, ...rest] = words;
  const compactCode = only && rest.length === 0 && /^[a-z]\d(\d(\.?\d)?)?$/.test(only)
    ? only.replace('.', '').toUpperCase()
    : undefined;
  const isUnderCode = compactCode ? startingWith(diagnoses.compactCode, compactCode) : undefined;
  return db.select({ code: diagnoses.code, description: diagnoses.description })
    .from(diagnoses)
    .where(and(eq(diagnoses.isActive, true), containingEveryWord(diagnoses.searchText, words)))
    .orderBy(...orderOf(
      firstWhen(compactCode ? eq(diagnoses.compactCode, compactCode) : undefined),
      firstWhen(isUnderCode),
      isUnderCode && sql`case when ${isUnderCode} then ${byBytes(diagnoses.compactCode)} end`,
      byBytes(diagnoses.descriptionSearch),
      asc(diagnoses.code),
    ))
    .limit(limit);
}

function insurersFromDatabase(db: Database, words: readonly string[], limit: number) {
  const isAcronym = words.length > 0 ? eq(sql`lower(${insurers.acronym})`, words.join(' ')) : undefined;
  const { id, slug, name, acronym, kind } = insurers;
  return db.select({ id, slug, name, acronym, kind })
    .from(insurers)
    .where(and(eq(insurers.isActive, true), containingEveryWord(insurers.searchText, words)))
    .orderBy(...orderOf(firstWhen(isAcronym), byBytes(insurers.nameSearch), asc(insurers.id)))
    .limit(limit);
}

// What doctors type, the short prefixes of someone still typing included, with and without
// accents and in any case, and what the ranking rules turn on: strengths with and without
// units, codes with and without the dot, acronyms, registry numbers, words matching thousands.
const queries = {
  medications: [
    'ib', 'ibu', 'IBUPROFENO 400', 'amox', 'amoxicilina', 'amoxicilina 500', 'amoxicilina 500 mg', 'amoxicilina 250 ml',
    'amoxidal', 'paracetamol', 'Paracetamol 1 g', 'losartán 50', 'ácido fólico', 'ACIDO FOLICO', 'acido acetilsalicilico',
    'clonazepam 0,5', 'clonazepam 0.5', 'betametasona 0,05 %', 'insulina 100 ui', 'sertralina 50', 'levotiroxina 25 mcg',
    'jarabe', 'comprimido', 'mg', '500', 'semaglutida', 'psicoasten', 'paroxetina 20', 'diclofenac sodico 75',
    'crema', 'gotas', 'ñ', '%%', 'a_b', 'zz',
  ],
  diagnoses: [
    'J4', 'J45', 'j45.0', 'j450', 'I10', 'E11', 'e119', 'K29.7', 'A18', 'asma', 'hipertension', 'hipertensión esencial',
    'Diabetes Mellitus', 'diabetes tipo 2', 'cefalea', 'intestinos TUBERCULOSIS', 'mesentericos', 'infeccion urinaria',
    'otitis media', 'de', 'la', 'z9', '%%',
  ],
  insurers: [
    'pami', 'OSDE', 'ioma', 'swiss medical', 'galeno', 'medife', 'obra social', 'union personal', 'particular', 'os',
    '500807', 'jubilados pensionados', 'tecnicos de vuelo', 'sancor', 'provincia', 'ñ',
  ],
};

describe('the search index of the reference data', () => {
  it.each(queries.medications)('answers the medications the database answered for %j', async (q) => {
    const words = searchWordsOf(q);
    const index = clinicalSearchIndexOf(test.app.db);
    expect(await index.findMedications(words, 50)).toEqual(await medicationsFromDatabase(test.app.db, words, 50));
  });

  it.each(queries.diagnoses)('answers the diagnoses the database answered for %j', async (q) => {
    const words = searchWordsOf(q);
    const index = clinicalSearchIndexOf(test.app.db);
    expect(await index.findDiagnoses(words, 50)).toEqual(await diagnosesFromDatabase(test.app.db, words, 50));
  });

  it.each(queries.insurers)('answers the insurers the database answered for %j', async (q) => {
    const words = searchWordsOf(q);
    const index = clinicalSearchIndexOf(test.app.db);
    expect(await index.findInsurers(words, 50)).toEqual(await insurersFromDatabase(test.app.db, words, 50));
  });

  it('answers the first matches of a word that thousands of presentations hold, as a short limit cuts them', async () => {
    const words = searchWordsOf('comprimido');
    const index = clinicalSearchIndexOf(test.app.db);
    expect(await index.findMedications(words, 3)).toEqual(await medicationsFromDatabase(test.app.db, words, 3));
  });
});
