/**
 * PAMI's current list of medicines for its members, as a supplement to ANMAT's 2015 vademecum
 * (docs/decisions/039): the presentations ANMAT does not list, with strength, form and pack
 * read from PAMI's free-text presentation and a condition of sale taken from ANMAT's data.
 */
import { createHash } from 'node:crypto';
import { subtypeOfSaleCondition, type MedicationSubtype } from '@receta/domain';
import { normalizeForSearch } from '../src/db/search-text.ts';

/** One row of pami_medicamentos_afiliados_*.csv (coverage and copayment are not kept). */
export interface PamiRow {
  droga: string;
  marca: string;
  presentacion: string;
  laboratorio: string;
}

/** What the ANMAT list says of a presentation, to tell which PAMI rows it lacks and how they are sold. */
export interface AnmatPresentation {
  brandName: string;
  genericName: string | null;
  saleCondition: string | null;
}

export interface PamiMedication {
  id: number;
  /** `pamiKeyOf` the source row, by which the next release keeps the id. */
  sourceKey: string;
  brandName: string;
  genericName: string;
  strength: string | null;
  pharmaceuticalForm: string | null;
  presentation: string;
  laboratory: string;
  saleCondition: string;
}

/** Test strips, insulin needles and accessories: PAMI covers them, but they are no medicine. */
const nonMedicines = new Set(['tiras reactivas', 'dispositivo para aplic.insulina', 'accesorio']);

export function isMedicine(row: PamiRow): boolean {
  return !nonMedicines.has(normalizeForSearch(row.droga));
}

/** Salts and other words that the two lists write differently or in another order. */
const saltWords = new Set([
  'de', 'del', 'clorhidrato', 'hidrocloruro', 'sodico', 'sodica', 'potasico', 'potasica', 'calcico', 'calcica',
  'bromuro', 'maleato', 'besilato', 'fumarato', 'succinato', 'tartrato', 'mesilato', 'sulfato', 'acetato', 'citrato',
  'fosfato', 'propionato', 'dipropionato', 'monohidrato', 'dihidrato', 'trihidrato', 'sal', 'base',
]);

/** 'budesonide' and 'budesonida', 'sacubitrilo' and 'sacubitril' share a stem. */
function stemOf(word: string): string {
  return word.replace(/[aeo]+$/, '');
}

/**
 * The active ingredients without salts, spelling endings or order: PAMI's
 * 'sacubitrilo+valsartán' and ANMAT's 'Sacubitril + Valsartan' have the same key.
 */
export function ingredientKeyOf(genericName: string): string {
  return genericName.split('+')
    .map((ingredient) => normalizeForSearch(ingredient).split(/[^a-z0-9]+/)
      .filter((word) => word && !saltWords.has(word)).map(stemOf).sort().join(' '))
    .filter(Boolean)
    .sort()
    .join(' + ');
}

function brandKeyOf(brandName: string): string {
  return normalizeForSearch(brandName).replace(/[^a-z0-9]+/g, ' ').trim();
}

/** PAMI's (AlfaBeta's) abbreviations, as the words ANMAT writes its forms with. */
const formWords = new Map<string, string>([
  ['comp', 'Comprimido'], ['tab', 'Tableta'], ['rec', 'Recubierto'], ['ran', 'Ranurado'], ['birran', 'Birranurado'],
  ['mast', 'Masticable'], ['subl', 'Sublingual'], ['disper', 'Dispersable'], ['eferv', 'Efervescente'],
  ['lib', 'Liberación'], ['prol', 'Prolongada'], ['ap', 'Acción Prolongada'], ['caps', 'Cápsula'],
  ['cáps', 'Cápsula'], ['blandas', 'Blanda'], ['jbe', 'Jarabe'], ['susp', 'Suspensión'], ['sol', 'Solución'],
  ['oft', 'Oftálmica'], ['gts', 'Gotas'], ['cr', 'Crema'], ['iny', 'Inyectable'], ['a', 'Ampolla'],
  ['ung', 'Ungüento'], ['pda', 'Pomada'], ['loc', 'Loción'], ['óv', 'Óvulo'], ['sob', 'Sobre'], ['grag', 'Gragea'],
  ['fco', 'Frasco'], ['f', 'Frasco'], ['aer', 'Aerosol'], ['inh', 'Inhalador'], ['polvo', 'Polvo'], ['pvo', 'Polvo'],
  ['oral', 'Oral'], ['bl', 'Blanda'], ['dispers', 'Dispersable'], ['cont', 'Controlada'], ['lap', 'Lapicera'],
  ['jga', 'Jeringa'], ['prell', 'Prellenada'], ['env', 'Envase'], ['ov', 'Óvulo'], ['shamp', 'Champú'],
]);

/** '100 mg', '97/103 mg', '0.25 mg', '1 g', '5%', '100 mcg/dosis' at the start of the presentation. */
const strengthPattern = new RegExp(
  String.raw`^(\d[\d.,]*(?:\s*/\s*\d[\d.,]*)*\s*(?:mg|mcg|µg|g|ui|u\.i\.|u|ml|%)(?:\s*/\s*[\d.,]*\s*[a-zµ]+\.?)?)`
  + String.raw`(?=[\s.]|$)\s*`,
  'i',
);
/** The pack: 'x 30', '.x 60 ml', 'x30'. */
const packPattern = /\.?\s*x\s*(\d.*)$/i;

/**
 * PAMI's one free-text presentation as strength, form and pack: '100 mg comp.rec.x 30' is
 * '100 mg', 'Comprimido Recubierto' and 'Comprimido Recubierto x 30'. An abbreviation with no
 * known expansion stays as written.
 */
export function splitPresentation(text: string): Pick<PamiMedication, 'strength' | 'pharmaceuticalForm' | 'presentation'> {
  const strengthMatch = strengthPattern.exec(text);
  const strength = strengthMatch?.[1]?.replace(/(\d)\.(\d)/g, '$1,$2').replace(/\s+/g, ' ') ?? null;
  const rest = strengthMatch ? text.slice(strengthMatch[0].length) : text;
  const packMatch = packPattern.exec(rest);
  const formText = packMatch ? rest.slice(0, packMatch.index) : rest;
  const words = formText.split(/[.\s]+/).filter(Boolean)
    .map((word) => formWords.get(word.toLowerCase()) ?? word);
  const form = words.length > 0 ? words.join(' ').replace(/^./, (first) => first.toUpperCase()) : null;
  const pack = packMatch ? `x ${packMatch[1]?.trim()}` : null;
  const presentation = [form, pack].filter(Boolean).join(' ') || text;
  return { strength, pharmaceuticalForm: form, presentation };
}

function titleCase(text: string): string {
  return text.toLowerCase()
    .replace(/(^|[\s+(/-])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());
}

/** 'sacubitrilo+valsartán' as ANMAT writes generic names: 'Sacubitrilo + Valsartán'. */
function genericNameOf(droga: string): string {
  return titleCase(droga.split('+').map((part) => part.trim()).join(' + '));
}

const strictness: Record<MedicationSubtype, number> = { free: 0, prescription: 1, archived: 2, restricted: 3 };
const prescriptionOnly = 'Bajo Receta';

/**
 * The condition of sale of the PAMI presentations of each ingredient key: the strictest one
 * ANMAT lists for the same active ingredients, and never less than "Bajo Receta" (PAMI's
 * strength may not be the one ANMAT sells freely). Among equally strict conditions the longest,
 * which names the list ('… (Psicotropicos Lista Iv)'), then alphabetically.
 */
function saleConditionsByIngredients(anmat: readonly AnmatPresentation[]): Map<string, string> {
  const conditions = new Map<string, string>();
  for (const presentation of anmat) {
    const condition = presentation.saleCondition;
    if (!presentation.genericName || !condition || subtypeOfSaleCondition(condition) === 'free') continue;
    const key = ingredientKeyOf(presentation.genericName);
    const current = conditions.get(key) ?? prescriptionOnly;
    const byStrictness = strictness[subtypeOfSaleCondition(condition)] - strictness[subtypeOfSaleCondition(current)];
    const isStricter = byStrictness > 0
      || (byStrictness === 0 && (condition.length - current.length || current.localeCompare(condition)) > 0);
    if (isStricter) conditions.set(key, condition);
  }
  return conditions;
}

/** The first id PAMI presentations get; ANMAT's product ids stay well below it. */
export const firstPamiId = 900_000_000;
const pamiIdRange = 100_000_000;

/** What identifies a PAMI presentation across monthly releases. */
export function pamiKeyOf(row: PamiRow): string {
  return [row.droga, row.marca, row.presentacion].map((part) => normalizeForSearch(part)).join('|');
}

function hashedId(key: string, attempt: number): number {
  const digest = createHash('sha256').update(attempt === 0 ? key : `${key}#${attempt}`).digest();
  return firstPamiId + (digest.readUInt32BE(0) % pamiIdRange);
}

/**
 * Stable ids for PAMI's presentations, which have none: a key that `previous` (the ids of the
 * release shipped before) knows keeps its id; a new key gets a hash of drug|brand|presentation
 * in 900,000,000-999,999,999, and on a collision the hash of 'key#1', 'key#2'… New keys are
 * numbered in key order, so that the same files always give the same ids.
 */
export function assignPamiIds(keys: readonly string[], previous: ReadonlyMap<string, number>): Map<string, number> {
  const ids = new Map<string, number>();
  const used = new Set<number>(previous.values());
  for (const key of new Set(keys)) {
    const known = previous.get(key);
    if (known !== undefined) ids.set(key, known);
  }
  for (const key of [...new Set(keys)].filter((key) => !ids.has(key)).sort()) {
    let attempt = 0;
    while (used.has(hashedId(key, attempt))) attempt += 1;
    const id = hashedId(key, attempt);
    used.add(id);
    ids.set(key, id);
  }
  return ids;
}

/**
 * The PAMI presentations the product adds to ANMAT's: the medicines (not strips or needles)
 * whose brand and active ingredients no ANMAT presentation has, once each.
 */
export function derivePamiMedications(
  rows: readonly PamiRow[],
  anmat: readonly AnmatPresentation[],
  previousIds: ReadonlyMap<string, number>,
): PamiMedication[] {
  const inAnmat = new Set(anmat.filter((row) => row.genericName)
    .map((row) => `${brandKeyOf(row.brandName)}|${ingredientKeyOf(row.genericName ?? '')}`));
  const conditions = saleConditionsByIngredients(anmat);
  const absent = rows.filter((row) => isMedicine(row)
    && !inAnmat.has(`${brandKeyOf(row.marca)}|${ingredientKeyOf(row.droga)}`));
  const unique = [...new Map(absent.map((row) => [pamiKeyOf(row), row])).values()];
  const ids = assignPamiIds(unique.map(pamiKeyOf), previousIds);
  return unique
    .map((row) => ({
      id: ids.get(pamiKeyOf(row)) ?? 0,
      sourceKey: pamiKeyOf(row),
      brandName: titleCase(row.marca),
      genericName: genericNameOf(row.droga),
      ...splitPresentation(row.presentacion),
      laboratory: row.laboratorio,
      saleCondition: conditions.get(ingredientKeyOf(row.droga)) ?? prescriptionOnly,
    }))
    .sort((a, b) => a.id - b.id);
}
