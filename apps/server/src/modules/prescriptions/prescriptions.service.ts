import { randomUUID } from 'node:crypto';
import {
  allergyConflictsOf, displayStateOf, expiryDateOf, isAllowedStartDate, messages, particularInsurerId,
  prescriptionRules, seriesWindows, subtypeOfSaleCondition, todayInArgentina, type AllergyConflict,
  type DeleteManyResultSchema, type DuplicateCheckSchema, type DuplicateMedication, type MedicationSubtype,
  type Prescriber, type Prescription, type PrescriptionKind, type PrescriptionType, type PrescriptionInputSchema,
  type PrescriptionPage, type PrescriptionsQuerySchema, type PrescriptionUpdateSchema,
} from '@receta/domain';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { recordAudit } from '../../platform/audit.ts';
import { AppError, type FieldError } from '../../platform/http/app-error.ts';
import type { WorkspaceActor } from '../../platform/http/request-actors.ts';
import { searchWordsOf } from '../../db/search-condition.ts';
import { findActivePractices } from '../lookups/index.ts';
import { recordConfirmedAllergies, unconfirmedAllergyConflicts } from './allergy-warnings.ts';
import { assertNoUnconfirmedDuplicates, findDuplicateMedications } from './duplicates.ts';
import { requirePrescriber } from './prescriber.ts';
import {
  deleteDrafts, findActiveDiagnosisDescription, findActiveInsurerId, findActiveMedications, findItemsOf,
  findPatientOfWorkspace, findPrescriptionsByIds, findPrescriptionsPage, findSeriesMembers, insertPrescriptions,
  lockSeries, replaceItems, updatePrescription, type PrescriptionChanges, type PrescriptionItemInsert,
  type PrescriptionItemRow, type PrescriptionPageQuery, type PrescriptionReach, type PrescriptionRow,
} from './prescriptions.repository.ts';
import { prescriptionEventActions, prescriptionEventSubject, prescriptionRecordActions } from './prescription-events.ts';
import { restrictedItemFaults } from './restricted-items.ts';

export type PrescriptionData = z.output<typeof PrescriptionInputSchema>;
export type PrescriptionContent = z.output<typeof PrescriptionUpdateSchema>;
export type DuplicateCheckData = z.output<typeof DuplicateCheckSchema>;
export type PrescriptionListQuery = z.output<typeof PrescriptionsQuerySchema>;
type DeleteManyResult = z.infer<typeof DeleteManyResultSchema>;

/** A user working with prescriptions inside a workspace. */
export type PrescriptionActor = WorkspaceActor;

const notFound = () => AppError.notFound(messages.prescriptions.notFound);

function reachOf(actor: PrescriptionActor): PrescriptionReach {
  return { workspaceId: actor.workspaceId, doctorUserId: actor.seesWorkspace ? undefined : actor.userId };
}

/** A doctor edits only their own drafts, whatever else they may read. */
function ownReachOf(actor: PrescriptionActor): PrescriptionReach {
  return { workspaceId: actor.workspaceId, doctorUserId: actor.userId };
}

/** A prescription row and its items as the API shows them. */
export function prescriptionOf(row: PrescriptionRow, items: PrescriptionItemRow[], today: string): Prescription {
  return {
    id: row.id,
    number: row.number,
    type: row.type,
    kind: row.kind,
    state: row.state,
    displayState: displayStateOf(row, today),
    seriesId: row.seriesId,
    seriesPosition: row.seriesPosition,
    seriesLength: row.seriesLength,
    issuedOn: row.issuedOn,
    startDate: row.startDate,
    expiryDate: row.expiryDate,
    patient: {
      id: row.patientId,
      name: row.patientName,
      lastName: row.patientLastName,
      dni: row.patientDni,
      cuil: row.patientCuil,
      identityDocument: row.patientIdentityDocumentType && row.patientIdentityDocumentNumber
        ? { type: row.patientIdentityDocumentType, number: row.patientIdentityDocumentNumber }
        : null,
      sex: row.patientSex,
      dateOfBirth: row.patientDateOfBirth,
      address: row.patientAddress,
    },
    insurer: row.insurer,
    affiliateNumber: row.affiliateNumber,
    diagnosis: { code: row.diagnosisCode, description: row.diagnosisDescription },
    symptoms: row.symptoms,
    prescriber: row.prescriber,
    items: items.map(({ prescriptionId: _prescriptionId, position: _position, ...item }) => item),
    signed: row.state !== 'draft',
    createdAt: row.createdAt.toISOString(),
    signedAt: row.signedAt?.toISOString() ?? null,
  };
}

/** The rows with their items, in one query for all of them, as the API shows prescriptions. */
export async function withItems(db: Database, rows: PrescriptionRow[], today: string): Promise<Prescription[]> {
  const items = await findItemsOf(db, rows.map((row) => row.id));
  return rows.map((row) => prescriptionOf(row, items.filter((item) => item.prescriptionId === row.id), today));
}

/** A refusal of the content that names every field at fault. */
export function invalidFields(fields: FieldError[]): AppError {
  return new AppError('invalid_data', fields.map((field) => field.message).join(' '), undefined, fields);
}

type PatientRecord = NonNullable<Awaited<ReturnType<typeof findPatientOfWorkspace>>>;

interface CheckedContent {
  patient: PatientRecord;
  /** Null for a patient without coverage (particular). */
  insurerId: string | null;
  affiliateNumber: string | null;
  diagnosisDescription: string;
  /** Each item's subtype (Annex I), in the items' order; null for a device or a practice. */
  subtypes: Array<MedicationSubtype | null>;
  /** The catalogue's name of each practice line chosen by code, by code. */
  practiceNames: Map<string, string>;
}

/** What the content is checked against besides the workspace and the reference data. */
interface ContentContext {
  workspaceId: string;
  type: PrescriptionType;
  kind: PrescriptionKind;
  prescriber: Prescriber;
  startDate: string;
  issuedOn: string;
}

/**
 * The coverage the prescription goes under: the insurer the doctor named ('particular' for
 * none), or without one the patient's record's (docs/decisions/038). The insurer id is
 * undefined when it is not an active one; an affiliate number sent wins over the record's.
 */
function coverageOf(content: PrescriptionContent, patient: PatientRecord, namedInsurerId: string | undefined) {
  if (content.insurerSlug !== undefined) return { insurerId: namedInsurerId, affiliateNumber: content.affiliateNumber };
  if (!patient.insurerId) return { insurerId: particularInsurerId, affiliateNumber: null };
  return {
    insurerId: patient.isInsurerActive ? patient.insurerId : undefined,
    affiliateNumber: content.affiliateNumber ?? patient.affiliateNumber,
  };
}

/**
 * Checks the content against the workspace and the reference data, naming every field at
 * fault at once: the patient, the insurer and its affiliate number, the diagnosis, the
 * medicines chosen from the vademecum, the practices chosen from the catalogue, the start date
 * and the rules on restricted medicines. A medicine's subtype follows from its presentation's
 * condition of sale; one written by hand is sold under prescription. Devices and practices
 * have no subtype (Annex IV: 00).
 */
async function checkContent(
  db: Database, content: PrescriptionContent, context: ContentContext,
): Promise<CheckedContent> {
  const medicationIds = content.items.flatMap((item) => item.medicationId ?? []);
  const practiceCodes = content.items.flatMap((item) => item.practiceCode ?? []);
  const [patient, namedInsurerId, diagnosisDescription, activeMedications, activePractices] = await Promise.all([
    findPatientOfWorkspace(db, context.workspaceId, content.patientId),
    content.insurerSlug === undefined ? undefined : findActiveInsurerId(db, content.insurerSlug),
    findActiveDiagnosisDescription(db, content.diagnosisCode),
    findActiveMedications(db, medicationIds),
    findActivePractices(db, practiceCodes),
  ]);
  const practiceNames = new Map(activePractices.map((practice) => [practice.code, practice.name]));
  if (!patient) throw AppError.notFound(messages.patients.notFound);
  const { insurerId, affiliateNumber } = coverageOf(content, patient, namedInsurerId);
  const fields: FieldError[] = [];
  if (!insurerId) {
    fields.push({ field: 'body.insurerSlug', message: messages.prescriptions.unknownInsurer });
  } else if (insurerId !== particularInsurerId && !affiliateNumber) {
    fields.push({ field: 'body.affiliateNumber', message: messages.patients.affiliateNumberRequired });
  }
  if (!diagnosisDescription) fields.push({ field: 'body.diagnosisCode', message: messages.prescriptions.diagnosisUnknown });
  content.items.forEach((item, index) => {
    if (item.medicationId !== null && !activeMedications.has(item.medicationId)) {
      fields.push({ field: `body.items.${index}.medicationId`, message: messages.prescriptions.medicationUnknown });
    }
    if (item.practiceCode !== null && !practiceNames.has(item.practiceCode)) {
      fields.push({ field: `body.items.${index}.practiceCode`, message: messages.prescriptions.practiceUnknown });
    }
  });
  if (!isAllowedStartDate(context.startDate, context.issuedOn)) {
    fields.push({ field: 'body.startDate', message: messages.prescriptions.startDateInvalid });
  }
  const subtypes = content.items.map((item) => {
    if (context.kind !== 'medication') return null;
    return item.medicationId === null ? 'prescription' : subtypeOfSaleCondition(activeMedications.get(item.medicationId));
  });
  fields.push(...restrictedItemFaults(subtypes, {
    type: context.type,
    patientAddress: patient.address,
    restrictedAuthorisedOn: context.prescriber.restrictedAuthorisedOn,
  }));
  if (fields.length > 0 || !insurerId || !diagnosisDescription) throw invalidFields(fields);
  return {
    patient,
    insurerId: insurerId === particularInsurerId ? null : insurerId,
    affiliateNumber: insurerId === particularInsurerId ? null : affiliateNumber,
    diagnosisDescription,
    subtypes,
    practiceNames,
  };
}

/** What a prescription copies from its content, apart from its validity window. */
function snapshotOf(
  content: PrescriptionContent, checked: CheckedContent, prescriber: Prescriber, issuedOn: string,
): Omit<PrescriptionChanges, 'startDate' | 'expiryDate'> {
  const { patient } = checked;
  return {
    issuedOn,
    patientId: patient.id,
    patientName: patient.name,
    patientLastName: patient.lastName,
    patientDni: patient.dni,
    patientCuil: patient.cuil,
    patientIdentityDocumentType: patient.identityDocumentType,
    patientIdentityDocumentNumber: patient.identityDocumentNumber,
    patientAddress: patient.address,
    patientSex: patient.sex,
    patientDateOfBirth: patient.dateOfBirth,
    insurerId: checked.insurerId,
    affiliateNumber: checked.affiliateNumber,
    diagnosisCode: content.diagnosisCode,
    diagnosisDescription: checked.diagnosisDescription,
    symptoms: content.symptoms,
    prescriber,
  };
}

/** The lines as stored: a catalogue practice goes by the catalogue's name, whatever the request called it. */
function itemRowsOf(content: PrescriptionContent, checked: CheckedContent): PrescriptionItemInsert[] {
  return content.items.map((item, index) => ({
    ...item,
    genericName: (item.practiceCode && checked.practiceNames.get(item.practiceCode)) ?? item.genericName,
    position: index + 1,
    subtype: checked.subtypes[index] ?? null,
  }));
}

/**
 * The validity windows of what is issued: the series of a Receta Crónica (medicines), or the
 * one window of a Receta Única, 30 days for medicines and 60 for devices and practices.
 */
function windowsOf(kind: PrescriptionKind, startDate: string, seriesLength: number) {
  if (kind === 'medication') return seriesWindows(startDate, seriesLength);
  return [{ startDate, expiryDate: expiryDateOf(startDate, kind) }];
}

/** The warnings a doctor confirms before issuing, which only medicines raise. */
async function unconfirmedWarnings(
  db: Database, content: PrescriptionContent, checked: CheckedContent, today: string, seriesId?: string,
): Promise<AllergyConflict[]> {
  if (content.kind !== 'medication') return [];
  await assertNoUnconfirmedDuplicates(db, content, today, seriesId);
  return unconfirmedAllergyConflicts(checked.patient, content);
}

/**
 * Issues a Receta Única, or the 2 or 3 monthly prescriptions of a Receta Crónica with
 * consecutive windows, as drafts of the signed-in doctor, in one transaction.
 */
export async function issuePrescriptions(
  db: Database, input: PrescriptionData, actor: PrescriptionActor, today = todayInArgentina(),
): Promise<Prescription[]> {
  const prescriber = await requirePrescriber(db, actor.userId);
  const startDate = input.startDate ?? today;
  const checked = await checkContent(db, input, {
    workspaceId: actor.workspaceId, type: input.type, kind: input.kind, prescriber, startDate, issuedOn: today,
  });
  const allergyConflicts = await unconfirmedWarnings(db, input, checked, today);
  const seriesLength = input.type === 'chronic' ? input.seriesLength ?? prescriptionRules.defaultChronicSeriesLength : 1;
  const seriesId = randomUUID();
  const snapshot = snapshotOf(input, checked, prescriber, today);
  const rows = windowsOf(input.kind, startDate, seriesLength).map((window, index) => ({
    ...snapshot,
    ...window,
    workspaceId: actor.workspaceId,
    doctorUserId: actor.userId,
    type: input.type,
    kind: input.kind,
    seriesId,
    seriesPosition: index + 1,
    seriesLength,
  }));
  const ids = await db.transaction(async (tx) => {
    const created = await insertPrescriptions(tx, rows, itemRowsOf(input, checked));
    for (const id of created) {
      await recordAudit(tx, actor.audit, {
        action: prescriptionEventActions.created, subjectType: prescriptionEventSubject, subjectId: id,
        details: { seriesId },
      });
    }
    await recordConfirmedAllergies(tx, actor.audit, created, allergyConflicts);
    return created;
  });
  return withItems(db, await findPrescriptionsByIds(db, { workspaceId: actor.workspaceId }, ids), today);
}

/** q as a prescription number or DNI prefix (dots allowed, as DNIs are often written), or as words of a name. */
function searchOf(q: string | undefined) {
  const text = q ?? '';
  if (/^[\d.]+$/.test(text) && /\d/.test(text)) return { digits: text.replaceAll('.', ''), words: [] };
  return { words: searchWordsOf(text) };
}

/** A page of the prescriptions the actor reaches, filtered and sorted as the query asks. */
export function listPrescriptions(
  db: Database, query: PrescriptionListQuery, actor: PrescriptionActor, today = todayInArgentina(),
): Promise<PrescriptionPage> {
  return listReachedPrescriptions(db, query, reachOf(actor), today);
}

/** A page of the prescriptions `reach` reaches (an external app's: its doctor's own), filtered and sorted. */
export async function listReachedPrescriptions(
  db: Database, query: PrescriptionPageQuery, reach: PrescriptionReach, today = todayInArgentina(),
): Promise<PrescriptionPage> {
  const { items, total } = await findPrescriptionsPage(db, reach, query, searchOf(query.q), today);
  return { items: await withItems(db, items, today), total, page: query.page, pageSize: query.pageSize };
}

/** One prescription the actor reaches; any other id is "not found", so ids cannot be probed. */
export async function showPrescription(
  db: Database, id: string, actor: PrescriptionActor, today = todayInArgentina(),
): Promise<Prescription> {
  const [row] = await findPrescriptionsByIds(db, reachOf(actor), [id]);
  if (!row) throw notFound();
  const [prescription] = await withItems(db, [row], today);
  if (!prescription) throw notFound();
  return prescription;
}

/**
 * Rewrites a draft of the actor's own and answers every draft rewritten. The content of a
 * Receta Crónica is one: it applies to every draft of the series, whose windows follow again
 * from the new start date (the start of the series' first prescription). A draft is issued
 * anew on the day it is edited.
 */
export async function editPrescription(
  db: Database, id: string, content: PrescriptionContent, actor: PrescriptionActor,
  today = todayInArgentina(), now = new Date(),
): Promise<Prescription[]> {
  const [edited] = await findSeriesMembers(db, ownReachOf(actor), [id]);
  if (!edited) throw notFound();
  if (edited.state !== 'draft') throw new AppError('conflict', messages.prescriptions.notDraft, 'notDraft');
  if (content.kind !== edited.kind) {
    throw invalidFields([{ field: 'body.kind', message: messages.prescriptions.kindFixed }]);
  }
  const prescriber = await requirePrescriber(db, actor.userId);
  const startDate = content.startDate ?? today;
  const checked = await checkContent(db, content, {
    workspaceId: actor.workspaceId, type: edited.type, kind: edited.kind, prescriber, startDate, issuedOn: today,
  });
  const allergyConflicts = await unconfirmedWarnings(db, content, checked, today, edited.seriesId);
  const snapshot = snapshotOf(content, checked, prescriber, today);
  const draftIds = await db.transaction(async (tx) => {
    const series = await lockSeries(tx, [edited.seriesId]);
    // Signed meanwhile (or deleted): what the doctor edited is no longer a draft.
    if (series.find((member) => member.id === id)?.state !== 'draft') {
      throw new AppError('conflict', messages.prescriptions.notDraft, 'notDraft');
    }
    const drafts = series.filter((member) => member.state === 'draft');
    const windows = windowsOf(edited.kind, startDate, edited.seriesLength);
    for (const draft of drafts) {
      const window = windows[draft.seriesPosition - 1];
      if (!window) throw new Error(`Prescription ${draft.id} lies outside its series`);
      await updatePrescription(tx, draft.id, { ...snapshot, ...window }, now);
      await recordAudit(tx, actor.audit, {
        action: prescriptionEventActions.edited, subjectType: prescriptionEventSubject, subjectId: draft.id,
      });
    }
    const ids = drafts.map((draft) => draft.id);
    await replaceItems(tx, ids, itemRowsOf(content, checked));
    await recordConfirmedAllergies(tx, actor.audit, ids, allergyConflicts);
    return ids;
  });
  return withItems(db, await findPrescriptionsByIds(db, ownReachOf(actor), draftIds), today);
}

/**
 * Deletes drafts the actor reaches; a signed prescription stays (it is a legal record). A
 * draft of a Receta Crónica takes the other drafts of its series with it, since the series
 * is issued and signed as one.
 */
export async function removePrescriptions(
  db: Database, ids: string[], actor: PrescriptionActor,
): Promise<DeleteManyResult> {
  return db.transaction(async (tx) => {
    const found = await findSeriesMembers(tx, reachOf(actor), ids);
    if (found.length === 0) throw notFound();
    const series = await lockSeries(tx, [...new Set(found.map((member) => member.seriesId))]);
    const drafts = series.filter((member) => member.state === 'draft').map((member) => member.id);
    if (drafts.length === 0) throw new AppError('conflict', messages.prescriptions.notRemoved, 'notDraft');
    await deleteDrafts(tx, drafts);
    for (const id of drafts) {
      await recordAudit(tx, actor.audit, {
        action: prescriptionRecordActions.deleted, subjectType: prescriptionEventSubject, subjectId: id,
      });
    }
    const isEveryoneRemoved = found.every((member) => drafts.includes(member.id));
    const message = isEveryoneRemoved ? messages.prescriptions.removed : messages.prescriptions.partlyRemoved;
    return { deleted: drafts, message };
  });
}

/**
 * What the form warns of before issuing: the medicines the patient already has on a valid
 * prescription, and those the patient's allergies or intolerances forbid.
 */
export async function checkDuplicates(
  db: Database, input: DuplicateCheckData, actor: PrescriptionActor, today = todayInArgentina(),
): Promise<{ duplicates: DuplicateMedication[]; allergies: AllergyConflict[] }> {
  const patient = await findPatientOfWorkspace(db, actor.workspaceId, input.patientId);
  if (!patient) throw AppError.notFound(messages.patients.notFound);
  const [excluded] = input.excludePrescriptionId
    ? await findSeriesMembers(db, reachOf(actor), [input.excludePrescriptionId])
    : [];
  return {
    duplicates: await findDuplicateMedications(db, input.patientId, input.items, today, excluded?.seriesId),
    allergies: allergyConflictsOf(patient.allergies, input.items),
  };
}
