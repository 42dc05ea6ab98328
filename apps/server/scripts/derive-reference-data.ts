/**
 * Derives the shipped reference files (apps/server/reference-data/) from the collected source
 * data, keeping only what the tables need. Run it by hand when a source changes, review the
 * diff, update reference-data/README.md and commit; the server never runs it.
 *
 *   node --import tsx apps/server/scripts/derive-reference-data.ts /path/to/source/data
 */
import { readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { nationalJurisdiction, provinces } from '@receta/domain';
import { z } from 'zod';
import {
  DiagnosisChapterRecordSchema,
  DiagnosisRecordSchema,
  formatJsonLines,
  InsurerRecordSchema,
  MedicationRecordSchema,
  PamiMedicationRecordSchema,
  parseJsonLines,
  ProfessionRecordSchema,
  referenceDataFolder,
  SpecialtyRecordSchema,
  type DatasetName,
  ManifestSchema,
  readManifest,
  type Manifest,
  type ManifestEntry,
} from '../src/modules/lookups/reference-files.ts';
import { normalizeForSearch } from '../src/db/search-text.ts';
import { derivePamiMedications, type PamiRow } from './pami-medications.ts';

const text = z.string().nullable();

const SourceSpecialtySchema = z.object({
  codigo: z.number().int(), nombre: z.string(), ambito: text, resolucion_ministerial: text,
  certificada: z.boolean(), residencia: z.boolean(),
});
const SourceProfessionSchema = z.object({ codigo: z.number().int(), nombre: z.string() });
const SourceChapterSchema = z.object({
  capitulo: z.string(), desde: z.string(), hasta: z.string(), titulo: z.string(),
});
const SourceDiagnosisSchema = z.object({
  codigo: z.string(), descripcion: z.string(), categoria: z.string(), capitulo: z.string(),
});
const SourceObraSocialSchema = z.object({
  rnos: z.string(), nombre: z.string(), sigla: text, tipo: z.string(), provincia: text,
});
const SourcePrepagaSchema = z.object({ rnemp: z.string(), nombre: z.string() });
const SourceMedicationSchema = z.object({
  id: z.string(), certificado: z.string(), nombre_comercial: z.string(), generico: text, monodroga: text,
  concentracion: text, forma_farmaceutica: text, presentacion: z.string(), laboratorio: z.string(),
  gtin: text, troquel: text, condicion_expendio: text,
});

type Source<Schema extends z.ZodType> = z.infer<Schema>[];

async function readSource<Schema extends z.ZodType>(
  folder: string,
  path: string,
  schema: Schema,
): Promise<Source<Schema>> {
  return z.array(schema).parse(JSON.parse(await readFile(join(folder, path), 'utf8')));
}

function deriveSpecialties(source: Source<typeof SourceSpecialtySchema>): z.infer<typeof SpecialtyRecordSchema>[] {
  return source.map((row) => ({
    id: row.codigo,
    name: row.nombre,
    area: row.ambito,
    resolution: row.resolucion_ministerial,
    isCertified: row.certificada,
    isResidency: row.residencia,
  }));
}

/**
 * REFEPS also lists degrees that are not health professions (some only so that their holders
 * can sit the single residency exam). A prescriber's registration has no use for them.
 */
const excludedProfessions = new Map<number, string>([
  ...[48, 98, 133, 164, 165, 166, 184, 185, 186, 189, 190, 191, 192, 193].map((code) => [code, 'not a health profession'] as const),
  ...[68, 171, 172, 173].map((code) => [code, 'teaching'] as const),
  ...[97, 131].map((code) => [code, 'pharmaceutical sales'] as const),
  ...[53, 99, 130].map((code) => [code, 'veterinary'] as const),
  [170, "duplicate of 1 'Psicólogo', filed as an auxiliary"],
]);

function deriveProfessions(source: Source<typeof SourceProfessionSchema>): z.infer<typeof ProfessionRecordSchema>[] {
  for (const row of source) {
    const reason = excludedProfessions.get(row.codigo);
    if (reason) process.stdout.write(`  professions: left out ${row.codigo} ${row.nombre} (${reason})\n`);
  }
  return source
    .filter((row) => !excludedProfessions.has(row.codigo))
    .map((row) => ({ code: String(row.codigo), label: row.nombre }));
}

function deriveDiagnosisChapters(
  source: Source<typeof SourceChapterSchema>,
): z.infer<typeof DiagnosisChapterRecordSchema>[] {
  return source.map((row) => ({ code: row.capitulo, firstCode: row.desde, lastCode: row.hasta, title: row.titulo }));
}

/**
 * Leaves out WHO's "Uso emergente de U06.1"-style placeholders, which name no diagnosis,
 * except a category that real codes sit under (U07 holds the two COVID-19 codes).
 */
function deriveDiagnoses(source: Source<typeof SourceDiagnosisSchema>): z.infer<typeof DiagnosisRecordSchema>[] {
  const isPlaceholder = (row: { descripcion: string }) => row.descripcion.startsWith('Uso emergente');
  const categoriesInUse = new Set(source.filter((row) => !isPlaceholder(row)).map((row) => row.categoria));
  return source
    .filter((row) => !isPlaceholder(row) || categoriesInUse.has(row.codigo))
    .map((row) => ({ code: row.codigo, description: row.descripcion, chapter: row.capitulo }));
}

type InsurerRecord = z.infer<typeof InsurerRecordSchema>;

const jurisdictionByProvince = new Map<string, string>([
  ...provinces.map((province) => [normalizeForSearch(province.name), province.code] as const),
  ['buenos aires', 'BUE'],
  ['capital federal', 'CABA'],
  ['ministerio de salud de la nacion', nationalJurisdiction.code],
]);

function jurisdictionOf(province: string | null): string | null {
  if (!province || normalizeForSearch(province) === 'no identificada') return null;
  const code = jurisdictionByProvince.get(normalizeForSearch(province));
  if (!code) throw new Error(`Unknown province in the insurers' source: ${province}`);
  return code;
}

/** Words that do not tell one insurer from another. */
const slugStopWords = new Set([
  'de', 'del', 'la', 'las', 'los', 'el', 'en', 'para', 'por', 'obra', 'obras', 'social', 'sociales',
  'sa', 'srl', 'ltda', 'sociedad', 'anonima',
]);

function slugWords(value: string): string[] {
  return normalizeForSearch(value).replace(/[.,']/g, '').split(/[^a-z0-9]+/).filter((word) => word);
}

/**
 * A readable, URL-safe slug, unique because it ends with the registry number: the acronym
 * when there is one ('pami-500807', 'ioma-902001'), else the first telling words of the name
 * ('vareadores-121903', 'swiss-medical-113328').
 */
function slugOf(acronym: string | null, name: string, registryCode: string): string {
  const words = acronym
    ? slugWords(acronym)
    : slugWords(name).filter((word) => word.length > 1 && !slugStopWords.has(word)).slice(0, 4);
  return [...words, registryCode].join('-');
}

/** Prepagas carry their brand in parentheses at the end of the name: '… LTDA (AVALIAN)'. */
function acronymInName(name: string): string | null {
  return /\(([^()]+)\)\s*$/.exec(name)?.[1]?.trim() ?? null;
}

const insurerKindByType = new Map<string, InsurerRecord['kind']>([
  ['Agente del Seguro de Salud (SSSalud)', 'obra_social'],
  ['Obra social (solo en SISA; puede estar dada de baja en SSSalud)', 'obra_social'],
  ['Obra social provincial', 'obra_social_provincial'],
  ['Plan o seguro público', 'plan_publico'],
]);

/** For the patient who pays for the medicine: the registries have no entry for "no insurer". */
const particularInsurer: InsurerRecord = {
  id: 'particular', slug: 'particular', name: 'Particular / sin cobertura', acronym: null,
  kind: 'particular', registry: null, registryCode: null, jurisdictionCode: null,
};

/** Legal forms, which one registry writes and another leaves out ('SWISS MEDICAL S.A.'). */
const legalFormWords = new Set(['sa', 'srl', 'ltda', 'sociedad', 'anonima', 'asociacion', 'civil', 'coop']);

/**
 * What names one insurer in every registry: the name's words without legal form, and without
 * the brand a prepaga's name ends with in parentheses (a provincial insurer's parentheses tell
 * its plans apart: 'O.S.P. FORMOSA (IMPF)', '(AMP)').
 */
function insurerIdentityOf(insurer: InsurerRecord): string {
  const name = insurer.registry === 'rnemp' ? insurer.name.replace(/\([^()]*\)\s*$/, '') : insurer.name;
  return slugWords(name).filter((word) => !legalFormWords.has(word)).join(' ');
}

/**
 * Which record stands for an insurer registered twice: SSSalud's own number first, then RNEMP,
 * then SISA's 2019 list.
 */
function registryPreference(insurer: InsurerRecord): number {
  if (insurer.registry === 'rnos' && insurer.registryCode !== '000000' && insurer.kind === 'obra_social') return 0;
  if (insurer.registry === 'rnemp') return 1;
  return 2;
}

/**
 * One entry per insurer. The registries list the same company more than once: as an obra
 * social and as a prepaga (OSDE 400800 and RNEMP 614081, Swiss Medical, Galeno, Medifé), under
 * SSSalud's RNAS without a number (Sancor, 000000) and with one, or in SSSalud and again in
 * SISA's 2019 list (OSTVLA 003900 and 100304). Records with the same name are one insurer:
 * the preferred record stays, with the acronym of any of them.
 */
function oneEntryPerInsurer(records: InsurerRecord[]): InsurerRecord[] {
  const byIdentity = new Map<string, InsurerRecord[]>();
  for (const record of records) {
    const identity = insurerIdentityOf(record);
    byIdentity.set(identity, [...(byIdentity.get(identity) ?? []), record]);
  }
  return [...byIdentity.values()].map((same) => {
    const [kept, ...others] = same
      .sort((a, b) => registryPreference(a) - registryPreference(b) || a.id.localeCompare(b.id));
    if (!kept) throw new Error('An insurer without records');
    for (const other of others) process.stdout.write(`  insurers: ${other.id} ${other.name} is ${kept.id}\n`);
    const acronym = kept.acronym ?? others.find((other) => other.acronym)?.acronym ?? null;
    return { ...kept, acronym };
  });
}

function deriveInsurers(
  obrasSociales: Source<typeof SourceObraSocialSchema>,
  prepagas: Source<typeof SourcePrepagaSchema>,
): InsurerRecord[] {
  const fromObrasSociales = obrasSociales.map((row): InsurerRecord => {
    const kind = insurerKindByType.get(row.tipo);
    if (!kind) throw new Error(`Unknown insurer type: ${row.tipo}`);
    const registry = kind === 'obra_social' ? 'rnos' : 'sisa';
    const acronym = row.sigla ?? acronymInName(row.nombre);
    return {
      id: `${registry}-${row.rnos}`,
      slug: slugOf(acronym, row.nombre, row.rnos),
      name: row.nombre,
      acronym,
      kind,
      registry,
      registryCode: row.rnos,
      jurisdictionCode: jurisdictionOf(row.provincia),
    };
  });
  const fromPrepagas = prepagas.map((row): InsurerRecord => {
    const acronym = acronymInName(row.nombre);
    return {
      id: `rnemp-${row.rnemp}`,
      slug: slugOf(acronym, row.nombre, row.rnemp),
      name: row.nombre,
      acronym,
      kind: 'prepaga',
      registry: 'rnemp',
      registryCode: row.rnemp,
      jurisdictionCode: null,
    };
  });
  const insurers = oneEntryPerInsurer([...fromObrasSociales, ...fromPrepagas]);
  insurers.push(particularInsurer);
  insurers.sort((a, b) => a.id.localeCompare(b.id));
  if (new Set(insurers.map((insurer) => insurer.slug)).size !== insurers.length) {
    throw new Error('Two insurers would share a slug');
  }
  return insurers;
}

/**
 * GTINs that a spreadsheet turned into scientific notation ('7,79038E+12') are lost, and
 * troquel placeholders ('N/A', '-----', '000000-0') are no number: both become null.
 */
function deriveMedications(source: Source<typeof SourceMedicationSchema>): z.infer<typeof MedicationRecordSchema>[] {
  return source
    .map((row) => ({
      id: Number(row.id),
      certificate: row.certificado,
      brandName: row.nombre_comercial,
      genericName: row.monodroga,
      strength: row.concentracion,
      activeIngredients: row.generico,
      pharmaceuticalForm: row.forma_farmaceutica,
      presentation: row.presentacion,
      laboratory: row.laboratorio,
      gtin: row.gtin && /^\d{8,14}$/.test(row.gtin) ? row.gtin : null,
      troquel: row.troquel && /[1-9]/.test(row.troquel) ? row.troquel : null,
      saleCondition: row.condicion_expendio,
    }))
    .sort((a, b) => a.id - b.id);
}

/** The rows of a CSV file with a header line; a quoted cell may hold commas and doubled quotes. */
function parseCsv(content: string): Record<string, string>[] {
  const lines = content.trimEnd().split(/\r?\n/).map((line) => [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)]
    .slice(0, -1)
    .map(([, cell = '']) => (cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell)));
  const [header = [], ...rows] = lines;
  return rows.map((row) => Object.fromEntries(header.map((field, index) => [field, row[index] ?? ''])));
}

const pamiFile = 'pami_medicamentos_afiliados_20260803.csv';
const pamiSourceDate = '2026-08-03';

/** The ids of the PAMI presentations shipped so far, by their key, so that a new release keeps them. */
async function shippedPamiIds(): Promise<Map<string, number>> {
  const path = join(referenceDataFolder, 'pami-medications.jsonl');
  if (!existsSync(path)) return new Map();
  const records = parseJsonLines(PamiMedicationRecordSchema, await readFile(path, 'utf8'));
  return new Map(records.map((record) => [record.sourceKey, record.id]));
}

async function derivePami(folder: string, anmat: z.infer<typeof MedicationRecordSchema>[]) {
  const rows = parseCsv(await readFile(join(folder, 'medicamentos', pamiFile), 'utf8')) as unknown as PamiRow[];
  const derived = derivePamiMedications(rows, anmat, await shippedPamiIds());
  process.stdout.write(`  pami-medications: ${rows.length} rows, ${derived.length} not in ANMAT's list\n`);
  return derived;
}

/** Written by hand, with no source data to derive them from: their files and manifest entries stay as shipped. */
const handWrittenDatasets = ['practices'] as const satisfies readonly DatasetName[];

type About = Omit<ManifestEntry, 'file' | 'records'>;

const refeps: About = {
  source: 'REFEPS master tables (Ministerio de Salud de la Nación), exported in github.com/drmartindiaz/PractitionerAr input/MasterTables/',
  licence: 'Public government data; the repository has no licence',
  sourceDate: '2023-10-11',
};
const cie10: About = {
  source: 'CIE-10 in Spanish (OPS/PAHO), github.com/PanAmericanHealthOrganization/ESAVI-IG-FHIR input/fsh/terminologia_ICD10SP-full.fsh at 8c9260f',
  licence: 'Repository CC0 1.0; ICD-10 © World Health Organization, Spanish edition by OPS/PAHO',
  sourceDate: '2023-04-05',
};

async function writeDataset<Shape extends z.ZodRawShape>(
  manifest: Partial<Manifest['datasets']>,
  name: DatasetName,
  schema: z.ZodObject<Shape>,
  derived: unknown[],
  about: About,
): Promise<void> {
  // Parsing checks every derived record against the format the loader reads.
  const records = z.array(schema).parse(derived);
  const file = `${name}.jsonl`;
  await writeFile(join(referenceDataFolder, file), formatJsonLines(schema, records));
  manifest[name] = { file, ...about, records: records.length };
  process.stdout.write(`${file}: ${records.length} records\n`);
}

async function deriveReferenceData(folder: string): Promise<void> {
  const datasets: Partial<Manifest['datasets']> = {};
  await writeDataset(datasets, 'specialties', SpecialtyRecordSchema,
    deriveSpecialties(await readSource(folder, 'refeps/especialidades.json', SourceSpecialtySchema)), refeps);
  await writeDataset(datasets, 'professions', ProfessionRecordSchema,
    deriveProfessions(await readSource(folder, 'refeps/profesiones.json', SourceProfessionSchema)), refeps);
  await writeDataset(datasets, 'diagnosis-chapters', DiagnosisChapterRecordSchema,
    deriveDiagnosisChapters(await readSource(folder, 'cie10/capitulos.json', SourceChapterSchema)),
    { ...cie10, source: 'The 22 chapters of WHO ICD-10, written by hand from the public WHO chapter list' });
  await writeDataset(datasets, 'diagnoses', DiagnosisRecordSchema,
    deriveDiagnoses(await readSource(folder, 'cie10/cie10.json', SourceDiagnosisSchema)), cie10);
  await writeDataset(datasets, 'insurers', InsurerRecordSchema, deriveInsurers(
    await readSource(folder, 'obras-sociales/obras_sociales.json', SourceObraSocialSchema),
    await readSource(folder, 'obras-sociales/prepagas.json', SourcePrepagaSchema),
  ), {
    source: 'SSSalud RNOS/RNAS registry (downloaded 2025-05-09) and SISA obras sociales (2019), from github.com/cluster311/obras-sociales-argentinas; RNEMP prepagas from github.com/No-Country-simulation/h1-05-front (2024)',
    licence: 'MIT (obras-sociales-argentinas); public registry facts (prepagas)',
    sourceDate: '2025-05-09',
  });
  const anmat = deriveMedications(await readSource(folder, 'medicamentos/anmat_medicamentos.json', SourceMedicationSchema));
  await writeDataset(datasets, 'medications', MedicationRecordSchema, anmat, {
    source: 'ANMAT Vademécum Nacional de Medicamentos, medicamentos_2104.csv in github.com/ThinkUpStudios/anmat-vademecum',
    licence: 'Official ANMAT public data; the repository has no licence',
    sourceDate: '2015-04-24',
  });
  await writeDataset(datasets, 'pami-medications', PamiMedicationRecordSchema, await derivePami(folder, anmat), {
    source: `PAMI (INSSJP) "Listado de precios de medicamentos para afiliados", ${pamiFile}, datos.gob.ar dataset pami-listado-precios-medicamentos-para-afiliados; only the presentations absent from ANMAT's list`,
    licence: 'Argentine government open data, normally CC BY 4.0 (not verified); Fuente: PAMI – INSSJP, datos.gob.ar',
    sourceDate: pamiSourceDate,
  });
  const shipped = await readManifest();
  for (const name of handWrittenDatasets) datasets[name] = shipped.datasets[name];
  const manifest = ManifestSchema.parse({ datasets });
  await writeFile(join(referenceDataFolder, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
}

const folder = process.argv[2];
if (!folder) {
  process.stderr.write('Usage: derive-reference-data.ts <folder of the collected source data>\n');
  process.exit(1);
}
await deriveReferenceData(folder);
