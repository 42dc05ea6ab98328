import {
  messages, particularInsurerId, type Patient, type PatientData, type PatientPage,
} from '@receta/domain';
import type { Database } from '../../db/client.ts';
import type { WorkspaceReach } from '../../db/in-workspaces.ts';
import { violatedUniqueConstraint } from '../../db/unique-violation.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { frozenAnswer } from '../../platform/http/frozen-answers.ts';
import type { RememberedLookups } from '../../platform/remembered-lookups.ts';
import { findActiveInsurer } from '../lookups/index.ts';
import { normalizeForSearch } from '../../db/search-text.ts';
import {
  deletePatientsWithDrafts, findPatient, findPatientsPage, insertPatient, isUsualPage, lockPatients,
  lockPrescriptionStatesOf, uniqueDniConstraint, updatePatient,
  type PatientPageQuery, type PatientRow, type PatientValues,
} from './patients.repository.ts';

// Every patient is looked up inside the request's workspace, so another workspace's patient
// gets the same answer as one that never existed and ids cannot be probed.
const notFound = () => AppError.notFound(messages.patients.notFound);

/** A patient with the workspace it belongs to, which the web app's answers leave out (it chose the workspace). */
export type PatientOfWorkspace = Patient & { workspaceId: string };

/** A page of them, as the list answers it. */
export type PatientPageOfWorkspace = Omit<PatientPage, 'items'> & { items: PatientOfWorkspace[] };

/**
 * The reads of patients a process remembers until the database announces a change to
 * patients or insurers (docs/decisions/061), while it may remember (decision 068).
 */
export interface RememberedPatients {
  patients: RememberedLookups<PatientOfWorkspace>;
  pages: RememberedLookups<PatientPageOfWorkspace>;
}

function insurerOf(row: PatientRow) {
  const { insurerId: id, insurerSlug: slug, insurerName: name, insurerAcronym: acronym, insurerKind: kind } = row;
  return id && slug && name && kind ? { id, slug, name, acronym, kind } : null;
}

// Written out field by field: a page maps twenty rows, and copying a row's other fields with
// a rest pattern and a spread took three times as long.
function patientOf(row: PatientRow): PatientOfWorkspace {
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    name: row.name,
    lastName: row.lastName,
    dni: row.dni,
    cuil: row.cuil,
    identityDocument: row.identityDocumentType && row.identityDocumentNumber
      ? { type: row.identityDocumentType, number: row.identityDocumentNumber }
      : null,
    sex: row.sex,
    dateOfBirth: row.dateOfBirth,
    insurer: insurerOf(row),
    affiliateNumber: row.affiliateNumber,
    email: row.email,
    phone: row.phone,
    address: row.address,
    allergies: row.allergies,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The columns to store for a patient as written. 'Particular' (no coverage) is stored as no
 * insurer and no affiliate number; any other insurer must be an active one of the list.
 */
async function valuesOf(db: Database, input: PatientData, actor: AuditActor): Promise<PatientValues> {
  const insurerId = input.insurerId === particularInsurerId ? null : input.insurerId;
  if (insurerId && !await findActiveInsurer(db, { id: insurerId })) {
    const message = messages.patients.insurerUnknown;
    throw new AppError('invalid_data', message, 'insurerUnknown', [{ field: 'body.insurerId', message }]);
  }
  const { identityDocument, ...patient } = input;
  return {
    ...patient,
    identityDocumentType: identityDocument?.type ?? null,
    identityDocumentNumber: identityDocument?.number ?? null,
    insurerId,
    affiliateNumber: insurerId ? input.affiliateNumber : null,
    searchText: normalizeForSearch(input.lastName, input.name, input.dni),
    createdBy: actor.actorUserId,
  };
}

/** Runs a write, answering a DNI another patient of the workspace already has as the form's error on the DNI. */
async function guardingDni<Result>(write: () => Promise<Result>): Promise<Result> {
  try {
    return await write();
  } catch (error) {
    if (violatedUniqueConstraint(error) !== uniqueDniConstraint) throw error;
    const message = messages.patients.dniTaken;
    throw new AppError('conflict', message, 'dniTaken', [{ field: 'body.dni', message }]);
  }
}

/** A page of the patients of the workspace (or of several), searched by last name, name or DNI. */
export async function listPatients(
  db: Database, workspaces: WorkspaceReach, query: PatientPageQuery, remembered?: RememberedPatients,
): Promise<PatientPageOfWorkspace> {
  const read = async () => {
    const { items, total } = await findPatientsPage(db, workspaces, query);
    return { items: items.map(patientOf), total, page: query.page, pageSize: query.pageSize };
  };
  // Searches are remembered no more than an external app's pages over several workspaces:
  // each is asked once, and would push the usual pages out.
  if (!remembered || !isUsualPage(workspaces, query)) return read();
  const { page, pageSize, sort, order } = query;
  const key = `${workspaces} ${sort} ${order} ${page} ${pageSize}`;
  return (await remembered.pages.read(key, async () => frozenAnswer(await read())))!.value;
}

/** A patient of the workspace. */
export async function showPatient(
  db: Database, workspaceId: string, id: string, remembered?: RememberedPatients,
): Promise<PatientOfWorkspace> {
  const key = `${workspaceId} ${id}`;
  const patient = remembered
    ? (await remembered.patients.read(key, async () => frozenAnswer(await readPatient(db, workspaceId, id))))?.value
    : await readPatient(db, workspaceId, id);
  if (!patient) throw notFound();
  return patient;
}

async function readPatient(db: Database, workspaceId: string, id: string): Promise<PatientOfWorkspace | undefined> {
  const row = await findPatient(db, workspaceId, id);
  return row && patientOf(row);
}

// The audit trail names the patient by id only: it is read by people who may not see health data.

/** Adds a patient to the workspace; one patient per DNI in a workspace. */
export async function createPatient(
  db: Database, workspaceId: string, input: PatientData, actor: AuditActor,
): Promise<Patient> {
  const id = await guardingDni(() => db.transaction(async (tx) => {
    const created = await insertPatient(tx, workspaceId, await valuesOf(tx, input, actor));
    await recordAudit(tx, actor, { action: 'patient.created', subjectType: 'patient', subjectId: created, details: { workspaceId } });
    return created;
  }));
  return showPatient(db, workspaceId, id);
}

/** Saves a patient of the workspace; prescriptions already written keep the data they were written with. */
export async function editPatient(
  db: Database, workspaceId: string, id: string, input: PatientData, actor: AuditActor, now = new Date(),
): Promise<Patient> {
  await guardingDni(() => db.transaction(async (tx) => {
    const { createdBy: _createdBy, ...values } = await valuesOf(tx, input, actor);
    if (!await updatePatient(tx, workspaceId, id, values, now)) throw notFound();
    await recordAudit(tx, actor, { action: 'patient.edited', subjectType: 'patient', subjectId: id, details: { workspaceId } });
  }));
  return showPatient(db, workspaceId, id);
}

/**
 * Removes patients of the workspace, all or none, with their draft prescriptions. A patient
 * with a prescription that was signed stays: the prescription is a legal record that names
 * them. Ids of other workspaces are skipped like unknown ones. Answers the deleted ids.
 */
export async function removePatients(
  db: Database, workspaceId: string, ids: string[], actor: AuditActor,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const found = await lockPatients(tx, workspaceId, ids);
    if (found.length === 0) throw notFound();
    const states = await lockPrescriptionStatesOf(tx, found);
    if (states.some((state) => state !== 'draft')) throw new AppError('conflict', messages.patients.inUse, 'patientInUse');
    await deletePatientsWithDrafts(tx, found);
    for (const id of found) {
      await recordAudit(tx, actor, { action: 'patient.deleted', subjectType: 'patient', subjectId: id, details: { workspaceId } });
    }
    return found;
  });
}
