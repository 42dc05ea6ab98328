import { sql } from 'drizzle-orm';
import {
  bigint, boolean, date, index, integer, jsonb, pgSequence, pgTable, smallint, text, timestamp, unique, uuid,
} from 'drizzle-orm/pg-core';
import type { Allergy, Prescriber } from '@receta/domain';
import {
  favouriteKinds, identityDocumentTypes, medicationSubtypes, prescriptionKinds, prescriptionStates, prescriptionTypes,
  patientSexes,
} from '@receta/domain';
import { spanishSortKeyOf } from '../normalized-text.ts';
import { users } from './accounts.ts';
import { diagnoses, insurers, medications, practices } from './reference.ts';
import { workspaces } from './workspaces.ts';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * A patient of a workspace: the doctors of that workspace see and prescribe to them, nobody
 * else does. A DNI is one patient per workspace.
 */
export const patients = pgTable('patients', {
  id: uuid().primaryKey().defaultRandom(),
  workspaceId: uuid().notNull().references(() => workspaces.id, { onDelete: 'restrict' }),
  createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  name: text().notNull(),
  lastName: text().notNull(),
  dni: text().notNull(),
  /**
   * Its middle eight digits are the DNI. Required of every patient saved since Res. 2214/2025
   * unless `identityDocumentType` names the foreigner's document used instead; a patient saved
   * earlier without it is asked for it before their next prescription is signed.
   */
  cuil: text(),
  identityDocumentType: text({ enum: identityDocumentTypes }),
  identityDocumentNumber: text(),
  sex: text({ enum: patientSexes }).notNull(),
  dateOfBirth: date({ mode: 'string' }).notNull(),
  /** Null for a patient without coverage (particular). */
  insurerId: text().references(() => insurers.id, { onDelete: 'restrict' }),
  affiliateNumber: text(),
  email: text(),
  phone: text(),
  address: text(),
  /** Allergies and intolerances, checked against every medicine prescribed to the patient. */
  allergies: jsonb().$type<Allergy[]>().notNull().default([]),
  /** Lower-case, accent-free last name, name and DNI, for the list's search. */
  searchText: text().notNull(),
  /** Last name and name as Spanish orders them: the list's alphabetical order. */
  lastNameOrder: text().notNull().generatedAlwaysAs(spanishSortKeyOf('last_name')),
  nameOrder: text().notNull().generatedAlwaysAs(spanishSortKeyOf('name')),
  createdAt: createdAt(),
  updatedAt: createdAt(),
}, (table) => [
  unique().on(table.workspaceId, table.dni),
  index().on(table.workspaceId, table.lastNameOrder, table.nameOrder, table.id),
  index().on(table.workspaceId, table.createdAt),
]);

/**
 * How many patients each workspace has, kept by triggers on `patients` (migration 0026), so
 * that a page of the list reads its total rather than counting the workspace's patients on
 * every request (docs/decisions/056).
 */
export const workspacePatientCounts = pgTable('workspace_patient_counts', {
  workspaceId: uuid().primaryKey().references(() => workspaces.id, { onDelete: 'cascade' }),
  patients: integer().notNull(),
});

/** Prescription numbers are one platform-wide series, printed on the PDF and checked by pharmacies. */
export const prescriptionNumbers = pgSequence('prescription_number_seq', { startWith: 1 });

/**
 * A prescription. While it is a draft its doctor may edit it; once signed nothing here
 * changes but its dispensing state. The patient, the prescriber and the diagnosis are copied
 * in when the prescription is written, so that what was signed is what is shown, whatever
 * later happens to the patient's record or the reference data.
 */
export const prescriptions = pgTable('prescriptions', {
  id: uuid().primaryKey().defaultRandom(),
  number: bigint({ mode: 'number' }).notNull().unique().default(sql`nextval('prescription_number_seq')`),
  workspaceId: uuid().notNull().references(() => workspaces.id, { onDelete: 'restrict' }),
  doctorUserId: uuid().notNull().references(() => users.id, { onDelete: 'restrict' }),
  type: text({ enum: prescriptionTypes }).notNull(),
  /** What is prescribed (Annex I): medicines, devices, or studies and practices. */
  kind: text({ enum: prescriptionKinds }).notNull().default('medication'),
  state: text({ enum: prescriptionStates }).notNull().default('draft'),
  /** The prescriptions of one Receta Crónica share a series id, numbered 1..seriesLength. */
  seriesId: uuid().notNull(),
  seriesPosition: smallint().notNull(),
  seriesLength: smallint().notNull(),
  issuedOn: date({ mode: 'string' }).notNull(),
  startDate: date({ mode: 'string' }).notNull(),
  /** The last day the prescription may be dispensed. */
  expiryDate: date({ mode: 'string' }).notNull(),
  patientId: uuid().references(() => patients.id, { onDelete: 'set null' }),
  patientName: text().notNull(),
  patientLastName: text().notNull(),
  patientDni: text().notNull(),
  patientCuil: text(),
  patientIdentityDocumentType: text({ enum: identityDocumentTypes }),
  patientIdentityDocumentNumber: text(),
  patientAddress: text(),
  patientSex: text({ enum: patientSexes }).notNull(),
  patientDateOfBirth: date({ mode: 'string' }).notNull(),
  /** Null for a patient who pays themselves (particular). */
  insurerId: text().references(() => insurers.id, { onDelete: 'restrict' }),
  affiliateNumber: text(),
  diagnosisCode: text().notNull().references(() => diagnoses.code, { onDelete: 'restrict' }),
  diagnosisDescription: text().notNull(),
  symptoms: text(),
  prescriber: jsonb().$type<Prescriber>().notNull(),
  createdAt: createdAt(),
  updatedAt: createdAt(),
  signedAt: timestamp({ withTimezone: true }),
  /**
   * The unguessable code of the public verification page, printed as the PDF's QR code;
   * set when the prescription is signed, so ids never have to be public.
   */
  verificationCode: text().unique(),
  cancelledAt: timestamp({ withTimezone: true }),
  cancelledBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  cancellationReason: text(),
}, (table) => [
  index().on(table.workspaceId, table.createdAt),
  index().on(table.doctorUserId, table.createdAt),
  index().on(table.workspaceId, table.state, table.createdAt),
  index().on(table.workspaceId, table.patientDni),
  // The list's date filter, its sort by patient and its insurer filter, so that a clinic with a
  // hundred thousand prescriptions is never read whole for one page.
  index().on(table.workspaceId, table.issuedOn),
  index().on(table.workspaceId, table.patientLastName),
  index().on(table.workspaceId, table.insurerId, table.createdAt),
  index().on(table.patientId, table.expiryDate),
  index().on(table.seriesId),
  // The dashboard's periods: a doctor's prescriptions in a workspace, and the platform's per
  // day, whose state the index carries so the count needs no table read.
  index().on(table.workspaceId, table.doctorUserId, table.issuedOn),
  index().on(table.issuedOn, table.state),
]);

/**
 * One line of a prescription: a medicine named by its generic name (Ley 25.649), a device, or
 * a study or practice. `genericName` is the line's name whatever its kind; the presentation,
 * the dosage and the subtype belong to medicines only.
 */
export const prescriptionItems = pgTable('prescription_items', {
  id: uuid().primaryKey().defaultRandom(),
  prescriptionId: uuid().notNull().references(() => prescriptions.id, { onDelete: 'cascade' }),
  position: smallint().notNull(),
  /** The vademecum presentation chosen, or null for a medicine written by hand. */
  medicationId: integer().references(() => medications.id, { onDelete: 'restrict' }),
  /** The catalogue practice chosen, or null for a medicine, a device or a practice written by hand. */
  practiceCode: text().references(() => practices.code, { onDelete: 'restrict' }),
  genericName: text().notNull(),
  brandName: text(),
  strength: text(),
  pharmaceuticalForm: text(),
  presentation: text(),
  /** Units, or sessions of a practice. */
  quantity: smallint().notNull(),
  /** How to take a medicine; for a device or a practice, the doctor's indications. */
  dosage: text(),
  patientInstructions: text(),
  pharmacyNote: text(),
  noSubstitution: boolean().notNull().default(false),
  dispensedQuantity: smallint().notNull().default(0),
  /** Annex I's subtype, from the presentation's condition of sale; null outside medicines (CUIR 00). */
  subtype: text({ enum: medicationSubtypes }),
  /** The official CUIR (Annex IV), given when the prescription is signed and never again. */
  cuir: text().unique(),
}, (table) => [
  unique().on(table.prescriptionId, table.position),
  index().on(table.medicationId),
  // The dashboard's ranking of medications reads the generic names of a period's prescriptions
  // from this index alone, rather than every item of every prescription.
  index().on(table.prescriptionId, table.genericName),
]);

/**
 * A doctor's favourite: one medication line or a whole prescription's items, added to a new
 * prescription in one click. The doctor's own, in every workspace they prescribe in.
 */
export const favourites = pgTable('favourites', {
  id: uuid().primaryKey().defaultRandom(),
  userId: uuid().notNull().references(() => users.id, { onDelete: 'cascade' }),
  kind: text({ enum: favouriteKinds }).notNull(),
  prescriptionKind: text({ enum: prescriptionKinds }).notNull().default('medication'),
  name: text().notNull(),
  /** The items as a prescription's input takes them. */
  items: jsonb().$type<unknown[]>().notNull(),
  createdAt: createdAt(),
}, (table) => [index().on(table.userId, table.createdAt)]);
