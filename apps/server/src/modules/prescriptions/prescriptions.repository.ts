import type { PrescriptionDisplayState, PrescriptionState, prescriptionSorts } from '@receta/domain';
import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, ne, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { inWorkspaces, type WorkspaceReach } from '../../db/in-workspaces.ts';
import {
  diagnoses, doctors, insurers, jurisdictions, medications, patients, prescriptionItems, prescriptions, professions,
  specialties, users,
} from '../../db/schema/index.ts';
import { containingEveryWord } from '../../db/search-condition.ts';

/**
 * Whose prescriptions a request reaches: its workspace's (for an external app, those of its
 * doctor's workspaces), or in them only the user's own.
 */
export interface PrescriptionReach {
  workspaceId: WorkspaceReach;
  /** Set when the user reaches only the prescriptions they wrote. */
  doctorUserId?: string | undefined;
}

function reachCondition(reach: PrescriptionReach): SQL | undefined {
  return and(
    inWorkspaces(prescriptions.workspaceId, reach.workspaceId),
    reach.doctorUserId ? eq(prescriptions.doctorUserId, reach.doctorUserId) : undefined,
  );
}

function selectPrescribingDoctor(db: Database, userId: string) {
  return db.select({
    userId: doctors.userId,
    name: doctors.name,
    lastName: doctors.lastName,
    cuit: doctors.cuit,
    enrollment: doctors.enrollment,
    jurisdictionCode: doctors.jurisdictionCode,
    jurisdictionName: jurisdictions.name,
    professionLabel: professions.label,
    specialtyName: specialties.name,
    address: doctors.address,
    apartment: doctors.apartment,
    district: doctors.district,
    province: doctors.province,
    refepsCode: doctors.refepsCode,
    email: users.email,
    phone: doctors.phoneNumber,
    restrictedAuthorisedOn: doctors.restrictedAuthorisedOn,
    hasPin: isNotNull(doctors.pinHash).mapWith(Boolean),
  })
    .from(doctors)
    .innerJoin(users, eq(users.id, doctors.userId))
    .leftJoin(jurisdictions, eq(jurisdictions.code, doctors.jurisdictionCode))
    .leftJoin(professions, eq(professions.code, doctors.professionCode))
    .leftJoin(specialties, eq(specialties.id, doctors.specialtyId))
    .where(and(eq(doctors.userId, userId), eq(users.status, 'active')));
}

/** The professional record of an active doctor, with the names of its lookups, for the prescriber snapshot. */
export function findPrescribingDoctor(db: Database, userId: string) {
  return selectPrescribingDoctor(db, userId).then(([row]) => row);
}

/**
 * The same, with the doctor's row share-locked until the transaction ends: a change of what
 * their certificate names, which re-issues it, waits for the signatures under way, or they for it.
 */
export function lockPrescribingDoctor(db: Database, userId: string) {
  return selectPrescribingDoctor(db, userId).for('share', { of: doctors }).then(([row]) => row);
}

export type PrescribingDoctor = NonNullable<Awaited<ReturnType<typeof findPrescribingDoctor>>>;

/** A patient of the workspace, as the prescription copies it. */
/** A patient of the workspace, with the coverage their record holds (no insurer: particular). */
export function findPatientOfWorkspace(db: Database, workspaceId: string, patientId: string) {
  return db.select({
    id: patients.id,
    name: patients.name,
    lastName: patients.lastName,
    dni: patients.dni,
    cuil: patients.cuil,
    identityDocumentType: patients.identityDocumentType,
    identityDocumentNumber: patients.identityDocumentNumber,
    sex: patients.sex,
    dateOfBirth: patients.dateOfBirth,
    address: patients.address,
    allergies: patients.allergies,
    insurerId: patients.insurerId,
    insurerSlug: insurers.slug,
    isInsurerActive: insurers.isActive,
    affiliateNumber: patients.affiliateNumber,
  })
    .from(patients)
    .leftJoin(insurers, eq(insurers.id, patients.insurerId))
    .where(and(eq(patients.id, patientId), eq(patients.workspaceId, workspaceId)))
    .then(([row]) => row);
}

export function findActiveInsurerId(db: Database, slug: string): Promise<string | undefined> {
  return db.select({ id: insurers.id })
    .from(insurers)
    .where(and(eq(insurers.slug, slug), eq(insurers.isActive, true)))
    .then(([row]) => row?.id);
}

export function findActiveDiagnosisDescription(db: Database, code: string): Promise<string | undefined> {
  return db.select({ description: diagnoses.description })
    .from(diagnoses)
    .where(and(eq(diagnoses.code, code), eq(diagnoses.isActive, true)))
    .then(([row]) => row?.description);
}

/** The presentations among `ids` the vademecum still offers, each with its condition of sale. */
export async function findActiveMedications(db: Database, ids: number[]): Promise<Map<number, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: medications.id, saleCondition: medications.saleCondition })
    .from(medications)
    .where(and(inArray(medications.id, ids), eq(medications.isActive, true)));
  return new Map(rows.map((row) => [row.id, row.saleCondition]));
}

const prescriptionColumns = {
  id: prescriptions.id,
  number: prescriptions.number,
  doctorUserId: prescriptions.doctorUserId,
  type: prescriptions.type,
  kind: prescriptions.kind,
  state: prescriptions.state,
  seriesId: prescriptions.seriesId,
  seriesPosition: prescriptions.seriesPosition,
  seriesLength: prescriptions.seriesLength,
  issuedOn: prescriptions.issuedOn,
  startDate: prescriptions.startDate,
  expiryDate: prescriptions.expiryDate,
  patientId: prescriptions.patientId,
  patientName: prescriptions.patientName,
  patientLastName: prescriptions.patientLastName,
  patientDni: prescriptions.patientDni,
  patientCuil: prescriptions.patientCuil,
  patientIdentityDocumentType: prescriptions.patientIdentityDocumentType,
  patientIdentityDocumentNumber: prescriptions.patientIdentityDocumentNumber,
  patientAddress: prescriptions.patientAddress,
  patientSex: prescriptions.patientSex,
  patientDateOfBirth: prescriptions.patientDateOfBirth,
  insurer: {
    id: insurers.id,
    slug: insurers.slug,
    name: insurers.name,
    acronym: insurers.acronym,
    kind: insurers.kind,
  },
  affiliateNumber: prescriptions.affiliateNumber,
  diagnosisCode: prescriptions.diagnosisCode,
  diagnosisDescription: prescriptions.diagnosisDescription,
  symptoms: prescriptions.symptoms,
  prescriber: prescriptions.prescriber,
  createdAt: prescriptions.createdAt,
  signedAt: prescriptions.signedAt,
};

function selectPrescriptions(db: Database) {
  return db.select(prescriptionColumns)
    .from(prescriptions)
    .leftJoin(insurers, eq(insurers.id, prescriptions.insurerId));
}

export type PrescriptionRow = Awaited<ReturnType<typeof findPrescriptionsByIds>>[number];

/** The prescriptions among `ids` that `reach` reaches, in series order. */
export function findPrescriptionsByIds(db: Database, reach: PrescriptionReach, ids: string[]) {
  return selectPrescriptions(db)
    .where(and(inArray(prescriptions.id, ids), reachCondition(reach)))
    .orderBy(asc(prescriptions.seriesPosition), asc(prescriptions.number));
}

/** The items of these prescriptions, in their order on each. */
export function findItemsOf(db: Database, prescriptionIds: string[]) {
  if (prescriptionIds.length === 0) return Promise.resolve([]);
  return db.select()
    .from(prescriptionItems)
    .where(inArray(prescriptionItems.prescriptionId, prescriptionIds))
    .orderBy(asc(prescriptionItems.prescriptionId), asc(prescriptionItems.position));
}

export type PrescriptionItemRow = Awaited<ReturnType<typeof findItemsOf>>[number];

export interface PrescriptionPageQuery {
  page: number;
  pageSize: number;
  q?: string | undefined;
  sort: (typeof prescriptionSorts)[number];
  order: 'asc' | 'desc';
  state?: PrescriptionDisplayState | undefined;
  from?: string | undefined;
  to?: string | undefined;
  patientId?: string | undefined;
  insurerSlug?: string | undefined;
  /** Leaves drafts out. */
  signed?: boolean | undefined;
}

const sortColumns = {
  number: prescriptions.number,
  createdAt: prescriptions.createdAt,
  patientLastName: prescriptions.patientLastName,
  startDate: prescriptions.startDate,
  expiryDate: prescriptions.expiryDate,
  state: prescriptions.state,
} as const;

/**
 * The stored rows a display state stands for on `today` (the inverse of `displayStateOf`).
 * Each condition names the stored states it needs, so the (workspace, state) index narrows it.
 */
function displayStateCondition(state: PrescriptionDisplayState, today: string): SQL | undefined {
  switch (state) {
    case 'valid':
      return and(eq(prescriptions.state, 'signed'), lte(prescriptions.startDate, today), gte(prescriptions.expiryDate, today));
    case 'pending':
      return and(eq(prescriptions.state, 'signed'), gt(prescriptions.startDate, today));
    case 'partially_dispensed':
      return and(eq(prescriptions.state, 'partially_dispensed'), gte(prescriptions.expiryDate, today));
    case 'expired': {
      const lapsing: PrescriptionState[] = ['signed', 'partially_dispensed'];
      return and(
        inArray(prescriptions.state, ['expired', ...lapsing]),
        or(eq(prescriptions.state, 'expired'), lt(prescriptions.expiryDate, today)),
      );
    }
    default:
      return eq(prescriptions.state, state);
  }
}

/** The smallest digit string above every string that starts with `prefix`, if there is one. */
function nextDigitPrefix(prefix: string): string | undefined {
  const stem = prefix.replace(/9+$/, '');
  if (stem === '') return undefined;
  return stem.slice(0, -1) + String(Number(stem.slice(-1)) + 1);
}

export interface PrescriptionSearch {
  /** q when it is a number: a prescription number or the start of a DNI. */
  digits?: string | undefined;
  /** q's words, normalised as the patients' search text is. */
  words: string[];
}

/**
 * A number finds that prescription or the DNIs that start with it; words find the patients
 * of the workspace whose name contains them all (through the patients' trigram index).
 */
function searchCondition(
  db: Database, workspaces: WorkspaceReach, { digits, words }: PrescriptionSearch,
): SQL | undefined {
  if (digits) {
    const upper = nextDigitPrefix(digits);
    // A range rather than LIKE 'prefix%': a btree index serves a range under any collation,
    // and DNIs are digits only, which every collation orders as plain text.
    const dniPrefix = and(
      gte(prescriptions.patientDni, digits),
      upper ? lt(prescriptions.patientDni, upper) : undefined,
    );
    return digits.length <= 15 ? or(eq(prescriptions.number, Number(digits)), dniPrefix) : dniPrefix;
  }
  if (words.length === 0) return undefined;
  const matchingPatients = db.select({ id: patients.id })
    .from(patients)
    .where(and(inWorkspaces(patients.workspaceId, workspaces), containingEveryWord(patients.searchText, words)));
  return inArray(prescriptions.patientId, matchingPatients);
}

/** Prescriptions for patients without coverage keep no insurer; the others name theirs by slug. */
function insurerCondition(db: Database, slug: string): SQL {
  if (slug === 'particular') return isNull(prescriptions.insurerId);
  return inArray(prescriptions.insurerId, db.select({ id: insurers.id }).from(insurers).where(eq(insurers.slug, slug)));
}

/**
 * One page of the prescriptions `reach` reaches, filtered and sorted, then by number: the
 * numbers follow the order of writing, so prescriptions written together (a Receta Crónica's
 * series, in one transaction and so at one `createdAt`) still come newest first, page after page.
 */
export async function findPrescriptionsPage(
  db: Database, reach: PrescriptionReach, query: PrescriptionPageQuery, search: PrescriptionSearch, today: string,
) {
  const where = and(
    reachCondition(reach),
    query.signed ? ne(prescriptions.state, 'draft') : undefined,
    query.state ? displayStateCondition(query.state, today) : undefined,
    query.from ? gte(prescriptions.issuedOn, query.from) : undefined,
    query.to ? lte(prescriptions.issuedOn, query.to) : undefined,
    query.patientId ? eq(prescriptions.patientId, query.patientId) : undefined,
    query.insurerSlug === undefined ? undefined : insurerCondition(db, query.insurerSlug),
    searchCondition(db, reach.workspaceId, search),
  );
  const direction = query.order === 'desc' ? desc : asc;
  const [items, [total]] = await Promise.all([
    selectPrescriptions(db)
      .where(where)
      .orderBy(direction(sortColumns[query.sort]), direction(prescriptions.number))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ count: count() }).from(prescriptions).where(where),
  ]);
  return { items, total: total?.count ?? 0 };
}

/**
 * The medicines of a patient's prescriptions that can still be dispensed on `today`, except
 * those of one series (the one being edited). The (patient, expiry) index finds them.
 */
export function findDispensableItemsOfPatient(
  db: Database, patientId: string, today: string, exceptSeriesId?: string,
) {
  return db.select({
    prescriptionId: prescriptions.id,
    number: prescriptions.number,
    expiryDate: prescriptions.expiryDate,
    medicationId: prescriptionItems.medicationId,
    genericName: prescriptionItems.genericName,
  })
    .from(prescriptions)
    .innerJoin(prescriptionItems, eq(prescriptionItems.prescriptionId, prescriptions.id))
    .where(and(
      eq(prescriptions.patientId, patientId),
      gte(prescriptions.expiryDate, today),
      inArray(prescriptions.state, ['signed', 'partially_dispensed']),
      exceptSeriesId ? ne(prescriptions.seriesId, exceptSeriesId) : undefined,
    ))
    .orderBy(asc(prescriptions.expiryDate), asc(prescriptions.number), asc(prescriptionItems.position));
}

/** The reachable prescriptions among `ids`, with their series and state. */
export function findSeriesMembers(db: Database, reach: PrescriptionReach, ids: string[]) {
  return db.select({
    id: prescriptions.id,
    type: prescriptions.type,
    kind: prescriptions.kind,
    seriesId: prescriptions.seriesId,
    seriesLength: prescriptions.seriesLength,
    state: prescriptions.state,
  })
    .from(prescriptions)
    .where(and(inArray(prescriptions.id, ids), reachCondition(reach)));
}

export type PrescriptionInsert = Omit<typeof prescriptions.$inferInsert, 'id' | 'number'>;
export type PrescriptionItemInsert = Omit<typeof prescriptionItems.$inferInsert, 'id' | 'prescriptionId'>;

/** Writes prescriptions with their items; each takes the next number. Answers the ids in order. */
export async function insertPrescriptions(
  db: Database, rows: PrescriptionInsert[], items: PrescriptionItemInsert[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const row of rows) {
    const [created] = await db.insert(prescriptions).values(row).returning({ id: prescriptions.id });
    if (!created) throw new Error('Prescription not inserted');
    ids.push(created.id);
  }
  await replaceItems(db, ids, items);
  return ids;
}

/** Gives each of these prescriptions exactly `items`. */
export async function replaceItems(
  db: Database, prescriptionIds: string[], items: PrescriptionItemInsert[],
): Promise<void> {
  await db.delete(prescriptionItems).where(inArray(prescriptionItems.prescriptionId, prescriptionIds));
  await db.insert(prescriptionItems)
    .values(prescriptionIds.flatMap((prescriptionId) => items.map((item) => ({ ...item, prescriptionId }))));
}

/** The prescriptions of a series (or of several), locked for the change that follows. */
export function lockSeries(db: Database, seriesIds: string[]) {
  return db.select({
    id: prescriptions.id,
    seriesId: prescriptions.seriesId,
    seriesPosition: prescriptions.seriesPosition,
    state: prescriptions.state,
  })
    .from(prescriptions)
    .where(inArray(prescriptions.seriesId, seriesIds))
    .orderBy(asc(prescriptions.seriesPosition))
    .for('update');
}

export type PrescriptionChanges = Omit<PrescriptionInsert,
  'workspaceId' | 'doctorUserId' | 'type' | 'state' | 'seriesId' | 'seriesPosition' | 'seriesLength'>;

export async function updatePrescription(
  db: Database, id: string, changes: PrescriptionChanges, now: Date,
): Promise<void> {
  await db.update(prescriptions).set({ ...changes, updatedAt: now }).where(eq(prescriptions.id, id));
}

/** Deletes drafts; their items go with them (the foreign key cascades). */
export async function deleteDrafts(db: Database, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.delete(prescriptions).where(and(inArray(prescriptions.id, ids), eq(prescriptions.state, 'draft')));
}
