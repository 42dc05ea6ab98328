import type { SignedDocumentKind } from '@receta/domain';
import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { alias, unionAll } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client.ts';
import { inWorkspaces, type WorkspaceReach } from '../../../db/in-workspaces.ts';
import {
  auditEvents, doctors, oauthClients, patients, prescriptionDocuments, prescriptions, users, workspaceMembers,
  workspaces,
} from '../../../db/schema/index.ts';
import { prescriptionEventActions, prescriptionEventSubject } from '../../prescriptions/index.ts';
import { documentSignedEvent } from '../document-signing.service.ts';

/** The account behind a token, with the doctor's wrong PIN count when it is a doctor's. */
export function findAccount(db: Database, userId: string) {
  return db.select({
    id: users.id,
    email: users.email,
    displayName: users.displayName,
    status: users.status,
    pinFailedAttempts: doctors.pinFailedAttempts,
  })
    .from(users)
    .leftJoin(doctors, eq(doctors.userId, users.id))
    .where(eq(users.id, userId))
    .then(([row]) => row);
}

/** The workspace of a patient, if it is one the user belongs to. */
export function findPatientWorkspaceOfMember(db: Database, userId: string, patientId: string) {
  return db.select({ id: workspaces.id, name: workspaces.name })
    .from(patients)
    .innerJoin(workspaceMembers, and(
      eq(workspaceMembers.workspaceId, patients.workspaceId), eq(workspaceMembers.userId, userId),
    ))
    .innerJoin(workspaces, eq(workspaces.id, patients.workspaceId))
    .where(eq(patients.id, patientId))
    .then(([row]) => row);
}

/** The workspace of a prescription the doctor wrote, if they still belong to it. */
export function findPrescriptionWorkspaceOfDoctor(db: Database, userId: string, prescriptionId: string) {
  return db.select({ id: prescriptions.workspaceId })
    .from(prescriptions)
    .innerJoin(workspaceMembers, and(
      eq(workspaceMembers.workspaceId, prescriptions.workspaceId), eq(workspaceMembers.userId, userId),
    ))
    .where(and(eq(prescriptions.id, prescriptionId), eq(prescriptions.doctorUserId, userId)))
    .then(([row]) => row?.id);
}

export interface SignedDocumentFilter {
  userId: string;
  /** The doctor's workspaces: their prescriptions elsewhere are not theirs to show any more. */
  workspaces: WorkspaceReach;
  kind?: SignedDocumentKind | undefined;
  sha256?: string | undefined;
  /** Instants: signed at or after `since` and before `until`. */
  since?: Date | undefined;
  until?: Date | undefined;
}

/** False for the source of the kind the filter leaves out: the planner then skips it without reading. */
function isOfKind(kind: SignedDocumentKind, filter: SignedDocumentFilter): SQL | undefined {
  return filter.kind === undefined || filter.kind === kind ? undefined : sql`false`;
}

function signedBetween(
  column: typeof auditEvents.at | typeof prescriptionDocuments.signedAt, filter: SignedDocumentFilter,
) {
  return and(filter.since ? gte(column, filter.since) : undefined, filter.until ? lt(column, filter.until) : undefined);
}

/**
 * The documents apps had the doctor sign. The platform keeps nothing of them but the signing
 * event (decision 018), whose subject is the signed file's SHA-256 and which names the app.
 */
function appDocumentsCondition(filter: SignedDocumentFilter): SQL | undefined {
  return and(
    isOfKind('document', filter),
    eq(auditEvents.subjectType, documentSignedEvent.subjectType),
    eq(auditEvents.action, documentSignedEvent.action),
    eq(auditEvents.actorUserId, filter.userId),
    filter.sha256 ? eq(auditEvents.subjectId, filter.sha256) : undefined,
    signedBetween(auditEvents.at, filter),
  );
}

/** The signing event of each prescription: when an app prescribed, it names the app. */
const signingEvents = alias(auditEvents, 'signing_events');
const prescriptionSigning = and(
  eq(signingEvents.subjectType, prescriptionEventSubject),
  eq(signingEvents.subjectId, sql`${prescriptions.id}::text`),
  eq(signingEvents.action, prescriptionEventActions.signed),
);

function prescriptionDocumentsCondition(filter: SignedDocumentFilter): SQL | undefined {
  return and(
    isOfKind('prescription', filter),
    eq(prescriptions.doctorUserId, filter.userId),
    inWorkspaces(prescriptions.workspaceId, filter.workspaces),
    filter.sha256 ? eq(prescriptionDocuments.sha256, filter.sha256) : undefined,
    signedBetween(prescriptionDocuments.signedAt, filter),
  );
}

/** The event's details are sealed (decision 050): the app is read from its registration. */
function selectAppDocuments(db: Database, filter: SignedDocumentFilter) {
  return db.select({
    kind: sql<SignedDocumentKind>`'document'`.as('kind'),
    sha256: sql<string>`${auditEvents.subjectId}`.as('sha256'),
    signedAt: sql<Date>`${auditEvents.at}`.mapWith(auditEvents.at).as('signed_at'),
    clientId: sql<string | null>`${oauthClients.clientId}`.as('client_id'),
    clientName: sql<string | null>`${oauthClients.name}`.as('client_name'),
    sandbox: sql<boolean>`coalesce(${oauthClients.sandbox}, false)`.as('sandbox'),
    prescriptionId: sql<string | null>`null::uuid`.as('prescription_id'),
    prescriptionNumber: sql<number | null>`null::bigint`.mapWith(Number).as('prescription_number'),
  })
    .from(auditEvents)
    .leftJoin(oauthClients, eq(oauthClients.id, auditEvents.oauthClientId))
    .where(appDocumentsCondition(filter));
}

function selectPrescriptionDocuments(db: Database, filter: SignedDocumentFilter) {
  return db.select({
    kind: sql<SignedDocumentKind>`'prescription'`.as('kind'),
    sha256: sql<string>`${prescriptionDocuments.sha256}`.as('sha256'),
    signedAt: sql<Date>`${prescriptionDocuments.signedAt}`.mapWith(prescriptionDocuments.signedAt).as('signed_at'),
    clientId: sql<string | null>`${oauthClients.clientId}`.as('client_id'),
    clientName: sql<string | null>`${oauthClients.name}`.as('client_name'),
    // A sandbox app cannot prescribe (docs/decisions/019): every prescription is a real one.
    sandbox: sql<boolean>`false`.as('sandbox'),
    prescriptionId: sql<string | null>`${prescriptions.id}`.as('prescription_id'),
    prescriptionNumber: sql<number | null>`${prescriptions.number}`.mapWith(Number).as('prescription_number'),
  })
    .from(prescriptionDocuments)
    .innerJoin(prescriptions, eq(prescriptions.id, prescriptionDocuments.prescriptionId))
    .leftJoin(signingEvents, prescriptionSigning)
    .leftJoin(oauthClients, eq(oauthClients.id, signingEvents.oauthClientId))
    .where(prescriptionDocumentsCondition(filter));
}

async function countAppDocuments(db: Database, filter: SignedDocumentFilter): Promise<number> {
  const [row] = await db.select({ count: count() }).from(auditEvents).where(appDocumentsCondition(filter));
  return row?.count ?? 0;
}

async function countPrescriptionDocuments(db: Database, filter: SignedDocumentFilter): Promise<number> {
  const [row] = await db.select({ count: count() })
    .from(prescriptionDocuments)
    .innerJoin(prescriptions, eq(prescriptions.id, prescriptionDocuments.prescriptionId))
    .where(prescriptionDocumentsCondition(filter));
  return row?.count ?? 0;
}

/**
 * The documents of one source, as a subquery under the name both share: their columns are the
 * same, and so, for drizzle's types, is what they are selected from, so they can be united.
 */
function documentsFrom(
  db: Database, source: ReturnType<typeof selectAppDocuments | typeof selectPrescriptionDocuments>,
) {
  return db.select().from(source.as('documents'));
}

/** One page of the doctor's signed documents of both kinds, newest first. */
export async function findSignedDocumentsPage(
  db: Database, filter: SignedDocumentFilter, page: { page: number; pageSize: number },
) {
  const [items, appCount, prescriptionCount] = await Promise.all([
    unionAll(
      documentsFrom(db, selectAppDocuments(db, filter)),
      documentsFrom(db, selectPrescriptionDocuments(db, filter)),
    )
      .orderBy(desc(sql`signed_at`), desc(sql`sha256`))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    countAppDocuments(db, filter),
    countPrescriptionDocuments(db, filter),
  ]);
  return { items, total: appCount + prescriptionCount };
}
