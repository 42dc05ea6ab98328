import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { insurerKinds } from '@receta/domain';
import { insurerRegistries } from '../../db/schema/index.ts';

/**
 * The shipped reference files (apps/server/reference-data/), written by
 * scripts/derive-reference-data.ts (the practice catalogue by hand) and read at start-up. Each
 * file is JSON Lines: the first line names the fields, every other line is one record's values
 * in that order, so that a new release's data reads as a line diff.
 */
export const referenceDataFolder = fileURLToPath(new URL('../../../reference-data/', import.meta.url));

const optionalText = z.string().min(1).nullable();

export const SpecialtyRecordSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().min(1),
  area: optionalText,
  resolution: optionalText,
  isCertified: z.boolean(),
  isResidency: z.boolean(),
});

export const ProfessionRecordSchema = z.object({
  code: z.string().regex(/^\d+$/),
  label: z.string().min(1),
});

export const DiagnosisChapterRecordSchema = z.object({
  code: z.string().regex(/^[IVX]+$/),
  firstCode: z.string().regex(/^[A-Z]\d{2}$/),
  lastCode: z.string().regex(/^[A-Z]\d{2}$/),
  title: z.string().min(1),
});

export const DiagnosisRecordSchema = z.object({
  code: z.string().regex(/^[A-Z]\d{2}(\.\d)?$/),
  description: z.string().min(1),
  chapter: z.string().regex(/^[IVX]+$/),
});

export const InsurerRecordSchema = z.object({
  id: z.string().min(1),
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  name: z.string().min(1),
  acronym: optionalText,
  kind: z.enum(insurerKinds),
  registry: z.enum(insurerRegistries).nullable(),
  registryCode: z.string().regex(/^\d{6}$/).nullable(),
  jurisdictionCode: optionalText,
});

export const MedicationRecordSchema = z.object({
  id: z.number().int().positive(),
  certificate: z.string().min(1),
  brandName: z.string().min(1),
  genericName: optionalText,
  strength: optionalText,
  activeIngredients: optionalText,
  pharmaceuticalForm: optionalText,
  presentation: z.string().min(1),
  laboratory: z.string().min(1),
  gtin: z.string().regex(/^\d{8,14}$/).nullable(),
  troquel: optionalText,
  saleCondition: optionalText,
});

/**
 * PAMI's presentations that ANMAT's 2015 list lacks (docs/decisions/039). They have no
 * certificate, GTIN or troquel; `sourceKey` (drug|brand|presentation as PAMI writes them,
 * normalised) is what keeps a presentation's id from one release to the next.
 */
export const PamiMedicationRecordSchema = z.object({
  id: z.number().int().min(900_000_000).max(999_999_999),
  sourceKey: z.string().min(1),
  brandName: z.string().min(1),
  genericName: z.string().min(1),
  strength: optionalText,
  pharmaceuticalForm: optionalText,
  presentation: z.string().min(1),
  laboratory: z.string().min(1),
  saleCondition: z.string().min(1),
});

/**
 * A study, practice or procedure of the catalogue written by hand from the Programa Médico
 * Obligatorio (Res. 201/2002): our own codes, a three-letter prefix per category ('LAB-001').
 */
export const PracticeRecordSchema = z.object({
  code: z.string().regex(/^[A-Z]{3}-\d{3}$/),
  name: z.string().min(1),
  category: z.string().min(1),
});

export const datasetNames = [
  'specialties', 'professions', 'diagnosis-chapters', 'diagnoses', 'insurers', 'medications', 'pami-medications',
  'practices',
] as const;
export type DatasetName = (typeof datasetNames)[number];

const ManifestEntrySchema = z.object({
  file: z.string().regex(/^[a-z-]+\.jsonl$/),
  source: z.string().min(1),
  licence: z.string().min(1),
  /** The date of the source snapshot, YYYY-MM-DD. */
  sourceDate: z.iso.date(),
  records: z.number().int().nonnegative(),
});
export type ManifestEntry = z.infer<typeof ManifestEntrySchema>;

export const ManifestSchema = z.object({
  datasets: z.record(z.enum(datasetNames), ManifestEntrySchema),
});
export type Manifest = z.infer<typeof ManifestSchema>;

export async function readManifest(folder = referenceDataFolder): Promise<Manifest> {
  return ManifestSchema.parse(JSON.parse(await readFile(`${folder}/manifest.json`, 'utf8')));
}

/** Writes records as JSON Lines, fields in the order of the schema. */
export function formatJsonLines<Shape extends z.ZodRawShape>(
  schema: z.ZodObject<Shape>,
  records: readonly z.infer<z.ZodObject<Shape>>[],
): string {
  const fields = Object.keys(schema.shape);
  const lines = [fields, ...records.map((record) => fields.map((field) => (record as Record<string, unknown>)[field]))];
  return lines.map((line) => JSON.stringify(line)).join('\n') + '\n';
}

/** Reads the records of a file written by `formatJsonLines`, checking each against the schema. */
export function parseJsonLines<Shape extends z.ZodRawShape>(
  schema: z.ZodObject<Shape>,
  content: string,
): z.infer<z.ZodObject<Shape>>[] {
  const [header = '', ...lines] = content.trimEnd().split('\n');
  const fields = Object.keys(schema.shape);
  if (header !== JSON.stringify(fields)) {
    throw new Error(`Reference file fields ${header} do not match the expected ${JSON.stringify(fields)}`);
  }
  return lines.map((line) => {
    const values = z.array(z.unknown()).parse(JSON.parse(line));
    return schema.parse(Object.fromEntries(fields.map((field, index) => [field, values[index]])));
  });
}
