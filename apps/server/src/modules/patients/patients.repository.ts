import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { insurers, patients, prescriptions, workspacePatientCounts } from '../../db/schema/index.ts';
import { inWorkspaces, type WorkspaceReach } from '../../db/in-workspaces.ts';
import { preparedPerDatabase } from '../../db/prepared-statement.ts';
import { containingEveryWord, searchWordsOf } from '../../db/search-condition.ts';

export interface PatientPageQuery {
  page: number;
  pageSize: number;
  q?: string | undefined;
  sort: 'lastName' | 'dni' | 'dateOfBirth' | 'createdAt';
  order: 'asc' | 'desc';
}

export type PatientValues = Omit<typeof patients.$inferInsert, 'id' | 'workspaceId' | 'createdAt' | 'updatedAt'>;

/** The name of the DNI's uniqueness in a workspace, as the database reports its violation. */
export const uniqueDniConstraint = 'patients_workspaceId_dni_unique';

const sortColumns = {
  lastName: patients.lastNameOrder,
  dni: patients.dni,
  dateOfBirth: patients.dateOfBirth,
  createdAt: patients.createdAt,
} as const;

const patientColumns = {
  id: patients.id,
  workspaceId: patients.workspaceId,
  name: patients.name,
  lastName: patients.lastName,
  dni: patients.dni,
  cuil: patients.cuil,
  identityDocumentType: patients.identityDocumentType,
  identityDocumentNumber: patients.identityDocumentNumber,
  sex: patients.sex,
  dateOfBirth: patients.dateOfBirth,
  insurerId: insurers.id,
  insurerSlug: insurers.slug,
  insurerName: insurers.name,
  insurerAcronym: insurers.acronym,
  insurerKind: insurers.kind,
  affiliateNumber: patients.affiliateNumber,
  email: patients.email,
  phone: patients.phone,
  address: patients.address,
  allergies: patients.allergies,
  createdAt: patients.createdAt,
  updatedAt: patients.updatedAt,
};

export type PatientRow = NonNullable<Awaited<ReturnType<typeof findPatient>>>;

/** A patient by id inside a workspace: the read behind every patient shown. */
const patientById = preparedPerDatabase((db) => db.select(patientColumns)
  .from(patients)
  .leftJoin(insurers, eq(insurers.id, patients.insurerId))
  .where(and(eq(patients.workspaceId, sql.placeholder('workspaceId')), eq(patients.id, sql.placeholder('id'))))
  .prepare('find_patient'));

/** A DNI written with thousands separators ('30.123.456') is searched as its digits. */
function withoutDigitGrouping(search: string | undefined): string | undefined {
  return search?.replace(/(\d)\.(?=\d{3})/g, '$1');
}

/** The patients in `where`, in the sort asked, ties broken by name and then id so that pages never overlap. */
function patientsInOrder(db: Database, where: SQL | undefined, sort: PatientPageQuery['sort'], order: PatientPageQuery['order']) {
  const direction = order === 'desc' ? desc : asc;
  return db.select(patientColumns)
    .from(patients)
    .leftJoin(insurers, eq(insurers.id, patients.insurerId))
    .where(where)
    .orderBy(direction(sortColumns[sort]), asc(patients.lastNameOrder), asc(patients.nameOrder), asc(patients.id));
}

/**
 * A page of the list as it is usually asked for, one workspace and no search words, in each
 * sort the list offers: a named statement of its own per sort, so that it is planned once
 * rather than built and parsed on every request (docs/decisions/052).
 */
const usualPages = new Map((Object.keys(sortColumns) as PatientPageQuery['sort'][]).flatMap((sort) => (
  (['asc', 'desc'] as const).map((order) => [
    `${sort} ${order}`,
    preparedPerDatabase((db) => patientsInOrder(db, eq(patients.workspaceId, sql.placeholder('workspaceId')), sort, order)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(`patients_page_by_${snakeCase(sort)}_${order}`)),
  ] as const)
)));

/** The workspace's count of patients, which the database keeps as they are added and removed. */
const patientCount = preparedPerDatabase((db) => db.select({ count: workspacePatientCounts.patients })
  .from(workspacePatientCounts)
  .where(eq(workspacePatientCounts.workspaceId, sql.placeholder('workspaceId')))
  .prepare('patients_count'));

function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/** A page of the workspace's patients, with no search words, by the statements prepared for it. */
export async function findUsualPatientsPage(
  db: Database, workspaceId: string, { page, pageSize, sort, order }: Omit<PatientPageQuery, 'q'>,
) {
  const pageStatement = usualPages.get(`${sort} ${order}`)!(db);
  const [items, [total]] = await Promise.all([
    pageStatement.execute({ workspaceId, limit: pageSize, offset: (page - 1) * pageSize }),
    patientCount(db).execute({ workspaceId }),
  ]);
  return { items, total: total?.count ?? 0 };
}

/**
 * A page of the patients of a workspace (or of several) built for the request's filters: a
 * search, or an external app's several workspaces.
 */
export async function findBuiltPatientsPage(db: Database, workspaces: WorkspaceReach, query: PatientPageQuery) {
  const where = and(
    inWorkspaces(patients.workspaceId, workspaces),
    containingEveryWord(patients.searchText, searchWordsOf(withoutDigitGrouping(query.q))),
  );
  // The page and the count at once: on PostgreSQL they run on two connections side by side.
  const [items, [total]] = await Promise.all([
    patientsInOrder(db, where, query.sort, query.order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ count: count() }).from(patients).where(where),
  ]);
  return { items, total: total?.count ?? 0 };
}

/** Whether the page is one as the list usually asks for it: of one workspace, with no search words. */
export function isUsualPage(workspaces: WorkspaceReach, query: PatientPageQuery): workspaces is string {
  return typeof workspaces === 'string' && searchWordsOf(withoutDigitGrouping(query.q)).length === 0;
}

/** One page of the patients of a workspace (or of several); every word of q is in the last name, name or DNI. */
export async function findPatientsPage(db: Database, workspaces: WorkspaceReach, query: PatientPageQuery) {
  return isUsualPage(workspaces, query)
    ? findUsualPatientsPage(db, workspaces, query)
    : findBuiltPatientsPage(db, workspaces, query);
}

/** A patient of the workspace, with their insurer; undefined for another workspace's patient. */
export async function findPatient(db: Database, workspaceId: string, id: string) {
  const [row] = await patientById(db).execute({ workspaceId, id });
  return row;
}

export async function insertPatient(db: Database, workspaceId: string, values: PatientValues): Promise<string> {
  const [row] = await db.insert(patients).values({ ...values, workspaceId }).returning({ id: patients.id });
  if (!row) throw new Error('Patient not inserted');
  return row.id;
}

/** Saves a patient of the workspace; answers false when the workspace has no such patient. */
export async function updatePatient(
  db: Database, workspaceId: string, id: string, values: PatientValues, now: Date,
): Promise<boolean> {
  const updated = await db.update(patients)
    .set({ ...values, updatedAt: now })
    .where(and(eq(patients.workspaceId, workspaceId), eq(patients.id, id)))
    .returning({ id: patients.id });
  return updated.length === 1;
}

/** The workspace's patients among `ids`, locked for their removal. */
export async function lockPatients(db: Database, workspaceId: string, ids: string[]): Promise<string[]> {
  const rows = await db.select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.workspaceId, workspaceId), inArray(patients.id, ids)))
    .for('update');
  return rows.map((row) => row.id);
}

/**
 * The states of the patients' prescriptions, locked, so that none of their drafts is signed
 * while the patients are being removed.
 */
export async function lockPrescriptionStatesOf(db: Database, patientIds: string[]) {
  const rows = await db.select({ state: prescriptions.state })
    .from(prescriptions)
    .where(inArray(prescriptions.patientId, patientIds))
    .for('update');
  return rows.map((row) => row.state);
}

/** Deletes patients with their draft prescriptions (whose items cascade). */
export async function deletePatientsWithDrafts(db: Database, patientIds: string[]): Promise<void> {
  await db.delete(prescriptions)
    .where(and(inArray(prescriptions.patientId, patientIds), eq(prescriptions.state, 'draft')));
  await db.delete(patients).where(inArray(patients.id, patientIds));
}
