import { insurerKinds } from '@receta/domain';
import { boolean, date, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { normalizedCopyOf } from '../normalized-text.ts';

// Reference tables are loaded from the files in reference-data/ at every start. A row that a
// later release no longer ships is marked inactive rather than deleted, because doctors,
// patients and prescriptions keep pointing at it.

/** One row per loaded dataset: a start whose shipped content hash matches skips the dataset. */
export const referenceDatasets = pgTable('reference_datasets', {
  name: text().primaryKey(),
  contentHash: text().notNull(),
  /** The date of the source snapshot; the medications' one is the "vademécum" date. */
  sourceDate: date({ mode: 'string' }),
  rowCount: integer().notNull(),
  loadedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** The 24 provinces in spec order, then the national jurisdiction of a Matrícula Nacional. */
export const jurisdictions = pgTable('jurisdictions', {
  code: text().primaryKey(),
  name: text().notNull(),
  /** The code REFEPS/SISA gives the jurisdiction of a licence; none for the national one. */
  refepsCode: integer(),
  position: integer().notNull(),
  isActive: boolean().notNull().default(true),
});

/** REFEPS specialties; `id` is the REFEPS code. */
export const specialties = pgTable('specialties', {
  id: integer().primaryKey(),
  name: text().notNull(),
  /** The profession the recognising resolution is about (Medicina, Odontología…), inferred. */
  area: text(),
  /** The Ministry of Health resolution that recognises the specialty. */
  resolution: text(),
  isCertified: boolean().notNull(),
  /** A residency programme "(R)", not a specialty a professional can hold. */
  isResidency: boolean().notNull(),
  isActive: boolean().notNull().default(true),
});

/** REFEPS professions (health professions only); `code` is the REFEPS code, e.g. '35' Médico. */
export const professions = pgTable('professions', {
  code: text().primaryKey(),
  label: text().notNull(),
  isActive: boolean().notNull().default(true),
});

/** The 22 chapters of ICD-10, numbered in Roman numerals. */
export const diagnosisChapters = pgTable('diagnosis_chapters', {
  code: text().primaryKey(),
  firstCode: text().notNull(),
  lastCode: text().notNull(),
  title: text().notNull(),
  position: integer().notNull(),
  isActive: boolean().notNull().default(true),
});

/** CIE-10 (the Spanish ICD-10) categories and subcategories. */
export const diagnoses = pgTable('diagnoses', {
  /** With the dot, as printed on a prescription: 'A18.3'. */
  code: text().primaryKey(),
  /** Without the dot, as many systems exchange it: 'A183'. */
  compactCode: text().notNull(),
  description: text().notNull(),
  /** 3 for a category, 4 for a subcategory. */
  level: smallint().notNull(),
  category: text().notNull(),
  chapter: text().notNull().references(() => diagnosisChapters.code),
  /** Lower-case, accent-free code and description, for searching. */
  searchText: text().notNull(),
  /** The description normalised by the database, by which a search orders its matches. */
  descriptionSearch: text().generatedAlwaysAs(normalizedCopyOf('description')),
  isActive: boolean().notNull().default(true),
}, (table) => [uniqueIndex().on(table.compactCode)]);

/**
 * RNOS: obras sociales in the SSSalud registry; RNEMP: prepagas; SISA: provincial obras
 * sociales and public plans, outside SSSalud, numbered by the SISA list after the RNOS.
 */
export const insurerRegistries = ['rnos', 'rnemp', 'sisa'] as const;

/**
 * The "financiador" list: obras sociales (PAMI and the provincial ones included), prepagas,
 * public plans, and "Particular / sin cobertura" for patients who pay themselves.
 */
export const insurers = pgTable('insurers', {
  /** Stable across renames: the registry and its number ('rnos-500807'), or 'particular'. */
  id: text().primaryKey(),
  /** Readable and URL-safe, for `/prescriptions/{providerSlug}/new`: 'pami-500807'. */
  slug: text().notNull().unique(),
  name: text().notNull(),
  acronym: text(),
  kind: text({ enum: insurerKinds }).notNull(),
  /** None for 'particular'. */
  registry: text({ enum: insurerRegistries }),
  registryCode: text(),
  /** The province of the registered seat; for a provincial obra social, the one it covers. */
  jurisdictionCode: text().references(() => jurisdictions.code),
  /** Lower-case, accent-free name, acronym and registry number, for searching. */
  searchText: text().notNull(),
  /** The name normalised by the database, by which a search orders its matches. */
  nameSearch: text().generatedAlwaysAs(normalizedCopyOf('name')),
  isActive: boolean().notNull().default(true),
});

export const medicationSources = ['anmat', 'pami'] as const;

/**
 * Presentations from ANMAT's Vademécum Nacional de Medicamentos. Ley 25.649 makes doctors
 * prescribe by generic name, so `genericName` + `strength` + `pharmaceuticalForm` is what a
 * prescription names; the brand is optional.
 */
export const medications = pgTable('medications', {
  /** ANMAT's product id; PAMI's presentations, which have none, are numbered from 900,000,000. */
  id: integer().primaryKey(),
  /** The dataset the presentation comes from: ANMAT's 2015 vademecum or PAMI's current list. */
  source: text({ enum: medicationSources }).notNull().default('anmat'),
  certificate: text().notNull(),
  brandName: text().notNull(),
  /** The active ingredients without strengths (monodroga): 'Paracetamol + Diclofenaco Sodico'. */
  genericName: text(),
  /** The strengths in the same order (concentración): '300 Mg + 25 Mg'. */
  strength: text(),
  /** The active ingredients with their strengths, as ANMAT writes them (genérico). */
  activeIngredients: text(),
  pharmaceuticalForm: text(),
  presentation: text().notNull(),
  laboratory: text().notNull(),
  /** The package barcode (EAN-13/GTIN-14) that pharmacies scan. */
  gtin: text(),
  /** The number on the pack's tear-off strip, used to dispense and bill. */
  troquel: text(),
  /** Bajo Receta, Bajo Receta Archivada, Venta Libre… */
  saleCondition: text(),
  /** Lower-case, accent-free brand, generic name, strength and form, for searching. */
  searchText: text().notNull(),
  /**
   * The generic name normalised by the database: a search ranks first the presentations whose
   * generic name starts with its first word.
   */
  genericNameSearch: text().generatedAlwaysAs(normalizedCopyOf('generic_name')),
  isActive: boolean().notNull().default(true),
}, (table) => [
  index().on(table.genericName),
  index().on(table.gtin),
]);

/**
 * Studies, practices and procedures a doctor prescribes (Res. 2214/2025 Annex I, type 03):
 * a catalogue derived from the Programa Médico Obligatorio (Res. 201/2002, Annex II).
 */
export const practices = pgTable('practices', {
  /** The catalogue's code, printed beside the practice's name. */
  code: text().primaryKey(),
  name: text().notNull(),
  /** Laboratorio, Diagnóstico por imágenes, Kinesiología… */
  category: text().notNull(),
  /** Lower-case, accent-free code, name and category, for searching. */
  searchText: text().notNull(),
  /** The name normalised by the database, by which a search orders its matches. */
  nameSearch: text().generatedAlwaysAs(normalizedCopyOf('name')),
  isActive: boolean().notNull().default(true),
});
