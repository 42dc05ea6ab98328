import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { nationalJurisdiction, provinces } from '@receta/domain';
import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import { type PgColumn, type PgInsertValue, type PgTable, type PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import {
  diagnoses,
  diagnosisChapters,
  insurers,
  jurisdictions,
  medications,
  practices,
  professions,
  specialties,
} from '../../db/schema/index.ts';
import {
  DiagnosisChapterRecordSchema,
  DiagnosisRecordSchema,
  InsurerRecordSchema,
  MedicationRecordSchema,
  PamiMedicationRecordSchema,
  parseJsonLines,
  PracticeRecordSchema,
  ProfessionRecordSchema,
  readManifest,
  referenceDataFolder,
  SpecialtyRecordSchema,
  type DatasetName,
  type Manifest,
} from './reference-files.ts';
import { normalizeForSearch } from '../../db/search-text.ts';

/** One dataset as shipped, ready to be compared with the stored one and loaded. */
export interface ReferenceDataset {
  name: string;
  sourceDate: string | null;
  /** What the content hash covers. */
  content: string;
  /** Replaces the table's active rows with the shipped ones; returns how many there are. */
  replace: (tx: Database) => Promise<number>;
}

/** Every reference table flags the rows a release no longer ships instead of deleting them. */
type ReferenceTable = PgTable & { isActive: PgColumn };

interface TableTarget<Table extends ReferenceTable> {
  table: Table;
  /** The primary key, which the upsert matches rows on. */
  key: PgColumn;
  /** The rows the dataset owns, when several datasets fill the table (ANMAT's and PAMI's medications). */
  scope?: SQL;
}

/** Rows per statement: a few hundred kilobytes of JSON. */
const batchSize = 1000;

/** A column's name in SQL: the schema names its columns by their properties, snake-cased. */
function sqlNameOf(column: PgColumn): string {
  return column.keyAsName ? toSnakeCase(column.name) : column.name;
}

/**
 * Makes a reference table hold exactly the given rows as its active ones: every row is marked
 * inactive, then the given rows are upserted as active. Rows are never deleted, because
 * other tables keep pointing at them. Returns the number of rows given.
 *
 * Each batch goes as one JSON parameter that `jsonb_populate_recordset` reads back into the
 * table's columns: drizzle would build a parameter for every value (20,000 in a batch of
 * medications) and spend more time building the statement than the database spends running it.
 * The columns written are those the rows have, a generated one being the database's to compute;
 * a value a row leaves out is written null (decision 065).
 */
async function replaceRows<Table extends ReferenceTable>(
  tx: Database,
  { table, key, scope }: TableTarget<Table>,
  rows: PgInsertValue<Table>[],
): Promise<number> {
  // TypeScript cannot map `isActive` to the update's value type through the type parameter.
  await tx.update(table).set({ isActive: false } as PgUpdateSetSource<Table>).where(scope);
  const columns = Object.entries(getTableColumns(table))
    .filter(([property, column]) => column.generated === undefined && rows.some((row) => property in row))
    .map(([property, column]) => ({ property, name: sqlNameOf(column) }));
  const names = sql.join(columns.map(({ name }) => sql.identifier(name)), sql`, `);
  const updates = sql.join(
    columns.filter(({ name }) => name !== sqlNameOf(key))
      .map(({ name }) => sql`${sql.identifier(name)} = excluded.${sql.identifier(name)}`),
    sql`, `,
  );
  for (let start = 0; start < rows.length; start += batchSize) {
    const batch = rows.slice(start, start + batchSize).map((row: Record<string, unknown>) => (
      Object.fromEntries(columns.map(({ property, name }) => [name, row[property] ?? null]))
    ));
    await tx.execute(sql`
      insert into ${table} (${names})
      select ${names} from jsonb_populate_recordset(null::${table}, ${JSON.stringify(batch)}::text::jsonb)
      on conflict (${sql.identifier(sqlNameOf(key))}) do update set ${updates}`);
  }
  return rows.length;
}

/** A dataset shipped as a JSON Lines file that the manifest describes. */
async function readFileDataset<Shape extends z.ZodRawShape, Table extends ReferenceTable>(
  manifest: Manifest,
  name: DatasetName,
  schema: z.ZodObject<Shape>,
  target: TableTarget<Table>,
  toRow: (record: z.infer<z.ZodObject<Shape>>, index: number) => PgInsertValue<Table>,
): Promise<ReferenceDataset> {
  const entry = manifest.datasets[name];
  const content = await readFile(join(referenceDataFolder, entry.file), 'utf8');
  return {
    name,
    sourceDate: entry.sourceDate,
    content,
    replace: (tx) => replaceRows(tx, target, parseJsonLines(schema, content).map(toRow)),
  };
}

/**
 * The jurisdictions come from the domain package, where the registration form's province list
 * lives too: the 24 provinces in spec order, then the national jurisdiction (Matrícula Nacional).
 */
function jurisdictionsDataset(): ReferenceDataset {
  const national = { ...nationalJurisdiction, refepsCode: null };
  const rows = [...provinces, national].map((jurisdiction, index) => ({
    code: jurisdiction.code,
    name: jurisdiction.name,
    refepsCode: jurisdiction.refepsCode,
    position: index + 1,
    isActive: true,
  }));
  return {
    name: 'jurisdictions',
    sourceDate: null,
    content: JSON.stringify(rows),
    replace: (tx) => replaceRows(tx, { table: jurisdictions, key: jurisdictions.code }, rows),
  };
}

/** Every reference dataset in load order: a table comes after the tables it references. */
export async function readReferenceDatasets(): Promise<ReferenceDataset[]> {
  const manifest = await readManifest();
  return [
    jurisdictionsDataset(),
    await readFileDataset(manifest, 'specialties', SpecialtyRecordSchema,
      { table: specialties, key: specialties.id },
      (record) => ({ ...record, isActive: true })),
    await readFileDataset(manifest, 'professions', ProfessionRecordSchema,
      { table: professions, key: professions.code },
      (record) => ({ ...record, isActive: true })),
    await readFileDataset(manifest, 'diagnosis-chapters', DiagnosisChapterRecordSchema,
      { table: diagnosisChapters, key: diagnosisChapters.code },
      (record, index) => ({ ...record, position: index + 1, isActive: true })),
    await readFileDataset(manifest, 'diagnoses', DiagnosisRecordSchema,
      { table: diagnoses, key: diagnoses.code },
      (record) => {
        const compactCode = record.code.replace('.', '');
        return {
          ...record,
          compactCode,
          level: compactCode.length,
          category: record.code.slice(0, 3),
          searchText: normalizeForSearch(record.code, compactCode, record.description),
          isActive: true,
        };
      }),
    await readFileDataset(manifest, 'insurers', InsurerRecordSchema,
      { table: insurers, key: insurers.id },
      (record) => ({
        ...record,
        searchText: normalizeForSearch(record.name, record.acronym, record.registryCode),
        isActive: true,
      })),
    await readFileDataset(manifest, 'medications', MedicationRecordSchema,
      { table: medications, key: medications.id, scope: eq(medications.source, 'anmat') },
      (record) => ({
        ...record,
        source: 'anmat' as const,
        searchText: normalizeForSearch(record.brandName, record.activeIngredients, record.pharmaceuticalForm),
        isActive: true,
      })),
    await readFileDataset(manifest, 'pami-medications', PamiMedicationRecordSchema,
      { table: medications, key: medications.id, scope: eq(medications.source, 'pami') },
      ({ sourceKey: _sourceKey, ...record }) => {
        // ANMAT writes the active ingredients with their strengths; PAMI has one strength for all.
        const activeIngredients = [record.genericName, record.strength].filter(Boolean).join(' ');
        return {
          ...record,
          source: 'pami' as const,
          certificate: '',
          activeIngredients,
          searchText: normalizeForSearch(record.brandName, activeIngredients, record.pharmaceuticalForm),
          isActive: true,
        };
      }),
    await readFileDataset(manifest, 'practices', PracticeRecordSchema,
      { table: practices, key: practices.code },
      (record) => ({
        ...record,
        searchText: normalizeForSearch(record.code, record.name, record.category),
        isActive: true,
      })),
  ];
}
