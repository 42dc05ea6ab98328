import type { Diagnosis, InsurerSummary, Medication } from '@receta/domain';
import type { Database } from '../../db/client.ts';
import { findSearchableDiagnoses, findSearchableInsurers, findSearchableMedications } from './clinical-search.repository.ts';

// The vademecum, CIE-10 and the insurers change only with a release's reference files, which a
// server loads before it starts. Each process therefore reads a list's active rows once, at its
// first search, and answers every search from memory: through the database even the trigram
// index left a search over the vademecum at 5 to 15 ms on PGlite, beyond the 10 ms budget
// (docs/decisions/051-searches-under-ten-milliseconds.md).

/** A word of one or two characters (someone still typing) must start a word of the text. */
const shortWordLength = 3;

/** Every word of the search appears in the normalised text, as `containingEveryWord` asks of the database. */
function containsEveryWord(searchText: string, words: readonly string[]): boolean {
  return words.every((word) => (word.length < shortWordLength
    ? searchText.startsWith(word) || searchText.includes(` ${word}`)
    : searchText.includes(word)));
}

/**
 * A reference list and the distinct words of its normalised search texts, joined into one text,
 * each after a line break: a typed word holds no space, so it is found in a row only inside one
 * of the row's words (at the start of one, for a short word), and one `indexOf` pass over the
 * ten thousand words of the vademecum finds the rows to check rather than reading every row.
 */
class SearchableList<Row extends { searchText: string }> {
  readonly #rows: readonly Row[];
  readonly #vocabulary: string;
  /** Where each word's line, line break first, starts in the vocabulary. */
  readonly #wordStarts: number[] = [];
  /** The rows that hold each word, by the word's position in the vocabulary. */
  readonly #rowsOfWord: number[][];

  constructor(rows: readonly Row[]) {
    this.#rows = rows;
    const rowsOfWord = new Map<string, number[]>();
    rows.forEach((row, index) => {
      for (const word of new Set(row.searchText.split(' '))) {
        const holders = rowsOfWord.get(word) ?? [];
        if (holders.length === 0) rowsOfWord.set(word, holders);
        holders.push(index);
      }
    });
    let start = 0;
    for (const word of rowsOfWord.keys()) {
      this.#wordStarts.push(start);
      start += word.length + 1;
    }
    this.#vocabulary = [...rowsOfWord.keys()].map((word) => `\n${word}`).join('');
    this.#rowsOfWord = [...rowsOfWord.values()];
  }

  /** The rows whose search text holds every word, found through the rows holding the longest. */
  matching(words: readonly string[]): Row[] {
    if (words.length === 0) return [...this.#rows];
    const longest = words.reduce((longer, word) => (word.length > longer.length ? word : longer));
    const sought = longest.length < shortWordLength ? `\n${longest}` : longest;
    const isCandidate = new Uint8Array(this.#rows.length);
    for (let at = this.#vocabulary.indexOf(sought); at >= 0;) {
      const word = this.#wordAt(at);
      for (const index of this.#rowsOfWord[word]!) isCandidate[index] = 1;
      const next = this.#wordStarts[word + 1];
      at = next === undefined ? -1 : this.#vocabulary.indexOf(sought, next);
    }
    const found: Row[] = [];
    isCandidate.forEach((isIt, index) => {
      const row = this.#rows[index]!;
      if (isIt && containsEveryWord(row.searchText, words)) found.push(row);
    });
    return found;
  }

  /** The word whose line holds the position in the vocabulary: the last that starts at or before it. */
  #wordAt(position: number): number {
    let [low, high] = [0, this.#wordStarts.length - 1];
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (this.#wordStarts[middle]! <= position) low = middle;
      else high = middle - 1;
    }
    return low;
  }
}

/**
 * The conditions a ranking puts first, in order of precedence, as one number: a row that meets
 * a condition sorts before every row that does not and ties with it on the conditions before.
 */
function rankBy(...conditions: ReadonlyArray<boolean | undefined>): number {
  return conditions.reduce<number>((rank, isMet) => rank * 2 + (isMet ? 0 : 1), 0);
}

/**
 * Orders normalised texts by UTF-16 unit, which is byte order (`collate "C"`) for text without
 * characters beyond the Basic Multilingual Plane, as the reference data is; null last, as in SQL.
 */
function byBytes(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

/**
 * The first `limit` matches by rank, then by `compareTies` among rows of one rank, without
 * sorting every match: a short word matches thousands of presentations.
 */
function bestMatches<Row>(
  matches: readonly Row[], rankOf: (row: Row) => number, compareTies: (a: Row, b: Row) => number, limit: number,
): Row[] {
  const best: Array<{ row: Row; rank: number }> = [];
  const isBefore = (row: Row, rank: number, other: { row: Row; rank: number }) => (
    rank - other.rank || compareTies(row, other.row)) < 0;
  for (const row of matches) {
    const rank = rankOf(row);
    if (best.length === limit && !isBefore(row, rank, best[limit - 1]!)) continue;
    let at = best.length;
    while (at > 0 && isBefore(row, rank, best[at - 1]!)) at -= 1;
    best.splice(at, 0, { row, rank });
    if (best.length > limit) best.pop();
  }
  return best.map(({ row }) => row);
}

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

type SearchableMedication = Awaited<ReturnType<typeof findSearchableMedications>>[number];

/**
 * The active presentations whose brand, active ingredients or form hold every word, best
 * first: the generic name typed exactly, then the strength typed ('amoxicilina 500' puts 500 mg
 * before 500 mg / 5 ml: the strength without a per-volume part first), tablets and capsules
 * before syrups and suspensions when the strength is in milligrams, then names that start with
 * the first word, single packs before hospital packs, then by brand and presentation.
 */
function findMedications(
  list: SearchableList<SearchableMedication>, words: readonly string[], limit: number,
): Medication[] {
  const [first] = words;
  const { name, strength, isInMilligrams } = medicationSearchOf(words);
  const perVolume = `${strength}/`;
  const rankOf = (row: SearchableMedication) => rankBy(
    name !== '' && row.genericNameSearch === name,
    strength !== undefined && row.strengthSearch?.startsWith(strength),
    isInMilligrams && row.isSolidOral === true,
    strength !== undefined && (row.strengthSearch === strength || row.strengthSearch?.startsWith(perVolume)),
    // search_text starts with the normalised brand.
    first !== undefined && (row.searchText.startsWith(first) || row.genericNameSearch?.startsWith(first)),
    !row.isHospitalPack,
  );
  const compareTies = (a: SearchableMedication, b: SearchableMedication) => byBytes(a.searchText, b.searchText)
    || byBytes(a.medication.presentation, b.medication.presentation)
    || a.medication.id - b.medication.id;
  return bestMatches(list.matching(words), rankOf, compareTies, limit).map((row) => row.medication);
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

type SearchableDiagnosis = Awaited<ReturnType<typeof findSearchableDiagnoses>>[number];

/**
 * The active CIE-10 categories and subcategories whose code or description holds every word:
 * the code typed, then the codes it starts (by code), then the others by description.
 */
function findDiagnoses(
  list: SearchableList<SearchableDiagnosis>, words: readonly string[], limit: number,
): Diagnosis[] {
  const compactCode = compactCodeOf(words);
  const isUnderCode = (row: SearchableDiagnosis) => compactCode !== undefined
    && row.compactCode.startsWith(compactCode);
  const rankOf = (row: SearchableDiagnosis) => rankBy(row.compactCode === compactCode, isUnderCode(row));
  const compareTies = (a: SearchableDiagnosis, b: SearchableDiagnosis) => {
    // Rows of one rank are all under the code typed, or none is.
    const byCode = isUnderCode(a) ? byBytes(a.compactCode, b.compactCode) : 0;
    return byCode || byBytes(a.descriptionSearch, b.descriptionSearch) || byBytes(a.diagnosis.code, b.diagnosis.code);
  };
  return bestMatches(list.matching(words), rankOf, compareTies, limit).map((row) => row.diagnosis);
}

type SearchableInsurer = Awaited<ReturnType<typeof findSearchableInsurers>>[number];

/**
 * The active insurers whose name, acronym or registry number holds every word: the one whose
 * acronym is the search ('pami', 'osde', 'ioma') first, then by name.
 */
function findInsurers(
  list: SearchableList<SearchableInsurer>, words: readonly string[], limit: number,
): InsurerSummary[] {
  const typed = words.join(' ');
  const rankOf = (row: SearchableInsurer) => rankBy(words.length > 0 && row.acronymSearch === typed);
  const compareTies = (a: SearchableInsurer, b: SearchableInsurer) => byBytes(a.nameSearch, b.nameSearch)
    || byBytes(a.insurer.id, b.insurer.id);
  return bestMatches(list.matching(words), rankOf, compareTies, limit).map((row) => row.insurer);
}

/** The searches of the prescription form over one database's reference rows, held in memory. */
export interface ClinicalSearchIndex {
  findMedications: (words: readonly string[], limit: number) => Promise<Medication[]>;
  findDiagnoses: (words: readonly string[], limit: number) => Promise<Diagnosis[]>;
  findInsurers: (words: readonly string[], limit: number) => Promise<InsurerSummary[]>;
}

/**
 * A list read at its first search, so that an insurer search does not wait for the 22,000
 * presentations of the vademecum. A failed read is not kept: the next search tries again.
 */
function readAtFirstSearch<Row extends { searchText: string }>(
  read: () => Promise<Row[]>,
): () => Promise<SearchableList<Row>> {
  let list: Promise<SearchableList<Row>> | undefined;
  return () => {
    if (!list) {
      const reading = read().then((rows) => new SearchableList(rows));
      reading.catch(() => {
        if (list === reading) list = undefined;
      });
      list = reading;
    }
    return list;
  };
}

function clinicalSearchIndexFor(db: Database): ClinicalSearchIndex {
  const medications = readAtFirstSearch(() => findSearchableMedications(db));
  const diagnoses = readAtFirstSearch(() => findSearchableDiagnoses(db));
  const insurers = readAtFirstSearch(() => findSearchableInsurers(db));
  return {
    findMedications: async (words, limit) => findMedications(await medications(), words, limit),
    findDiagnoses: async (words, limit) => findDiagnoses(await diagnoses(), words, limit),
    findInsurers: async (words, limit) => findInsurers(await insurers(), words, limit),
  };
}

const indexes = new WeakMap<Database, ClinicalSearchIndex>();

/** The search index of the database's reference rows, each list read at its first search. */
export function clinicalSearchIndexOf(db: Database): ClinicalSearchIndex {
  let index = indexes.get(db);
  if (!index) {
    index = clinicalSearchIndexFor(db);
    indexes.set(db, index);
  }
  return index;
}

/** Makes the next search read the reference rows again, after a release's data has been loaded. */
export function forgetClinicalSearchIndex(db: Database): void {
  indexes.delete(db);
}
