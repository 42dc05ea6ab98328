import {
  addDays, messages, type OAuthLicence, type OAuthPatient, type OAuthPatientPage, type OAuthPatientsQuerySchema,
  type OAuthPrescribeSchema, type OAuthPrescriptionsQuerySchema, type OAuthProfile, type OAuthWorkspace,
  type PatientData, type Prescription, type PrescriptionPage, type SignedDocumentPage, type SignedDocumentsQuerySchema,
} from '@receta/domain';
import type { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import type { AuditActor } from '../../../platform/audit.ts';
import type { OAuthCaller } from '../../../platform/auth/oauth-bearer.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import { findWorkspacesOfMember } from '../../workspaces/index.ts';
import { endOfDayInArgentina } from '../../patient-access/index.ts';
import { editPatient, listPatients, type PatientOfWorkspace, showPatient } from '../../patients/index.ts';
import {
  findPrescribingDoctor, findSignedPdf, issuePrescriptions, listReachedPrescriptions, maxWrongPins, prescriberOf,
  type PrescribingDoctor, type PrescriptionActor, showPrescription, type SigningServices, signPrescriptions,
} from '../../prescriptions/index.ts';
import {
  findAccount, findPatientWorkspaceOfMember, findPrescriptionWorkspaceOfDoctor, findSignedDocumentsPage,
} from './oauth-apis.repository.ts';

export type OAuthPatientsQuery = z.output<typeof OAuthPatientsQuerySchema>;
export type OAuthPrescriptionsQuery = z.output<typeof OAuthPrescriptionsQuerySchema>;
export type OAuthPrescribeData = z.output<typeof OAuthPrescribeSchema>;
export type SignedDocumentsQuery = z.output<typeof SignedDocumentsQuerySchema>;

// Another doctor's patient or prescription, or one of a workspace the doctor left, answers
// like one that never existed, so that ids cannot be probed.
const patientNotFound = () => AppError.notFound(messages.patients.notFound);
const prescriptionNotFound = () => AppError.notFound(messages.prescriptions.notFound);

function licenceOf(doctor: PrescribingDoctor): OAuthLicence {
  const { enrollment, licenceType, jurisdiction, profession, specialty } = prescriberOf(doctor);
  return {
    enrollment, licenceType, jurisdiction: { code: doctor.jurisdictionCode, name: jurisdiction }, profession, specialty,
  };
}

/** The user's basic profile: name, email, licences and the state of the account and of signing. */
export async function showProfile(db: Database, userId: string): Promise<OAuthProfile> {
  const [account, doctor] = await Promise.all([findAccount(db, userId), findPrescribingDoctor(db, userId)]);
  // The token's lookup found this user active a moment ago; only a deletion since could get here.
  if (!account) throw AppError.notFound();
  return {
    id: account.id,
    email: account.email,
    displayName: account.displayName,
    name: doctor?.name ?? null,
    lastName: doctor?.lastName ?? null,
    status: account.status,
    licences: doctor ? [licenceOf(doctor)] : [],
    canSign: Boolean(doctor?.hasPin) && (account.pinFailedAttempts ?? 0) < maxWrongPins,
  };
}

/** The doctor's workspaces, personal practice first. */
export async function listWorkspaces(db: Database, userId: string): Promise<OAuthWorkspace[]> {
  const rows = await findWorkspacesOfMember(db, userId);
  return rows.map(({ id, name, kind }) => ({ id, name, kind }));
}

/**
 * The workspaces a list of the app covers: all of the doctor's, or the one `workspace` names,
 * which must be one of them (403, as the web app answers a workspace the user is not in).
 */
async function workspacesInReach(
  db: Database, userId: string, workspace: string | undefined,
): Promise<OAuthWorkspace[]> {
  const all = await listWorkspaces(db, userId);
  if (workspace === undefined) return all;
  const chosen = all.filter((candidate) => candidate.id === workspace);
  if (chosen.length === 0) throw new AppError('forbidden', messages.workspaces.forbidden, 'workspaceForbidden');
  return chosen;
}

function withWorkspace(patient: PatientOfWorkspace, names: ReadonlyMap<string, string>): OAuthPatient {
  const { workspaceId, ...data } = patient;
  return { ...data, workspace: { id: workspaceId, name: names.get(workspaceId) ?? '' } };
}

/** A page of the patients of the doctor's workspaces (or of one of them), searched by name or DNI. */
export async function listPatientsOfDoctor(
  db: Database, userId: string, query: OAuthPatientsQuery,
): Promise<OAuthPatientPage> {
  const { workspace, ...pageQuery } = query;
  const reach = await workspacesInReach(db, userId, workspace);
  const page = await listPatients(db, reach.map((candidate) => candidate.id), pageQuery);
  const names = new Map(reach.map((candidate) => [candidate.id, candidate.name]));
  return { ...page, items: page.items.map((patient) => withWorkspace(patient, names)) };
}

async function patientWorkspace(db: Database, userId: string, patientId: string) {
  const workspace = await findPatientWorkspaceOfMember(db, userId, patientId);
  if (!workspace) throw patientNotFound();
  return workspace;
}

/** A patient of one of the doctor's workspaces. */
export async function showPatientOfDoctor(db: Database, userId: string, patientId: string): Promise<OAuthPatient> {
  const workspace = await patientWorkspace(db, userId, patientId);
  return { ...await showPatient(db, workspace.id, patientId), workspace };
}

/** Saves a patient of one of the doctor's workspaces, with the same rules and audit record as the web app's form. */
export async function editPatientOfDoctor(
  db: Database, userId: string, patientId: string, input: PatientData, actor: AuditActor,
): Promise<OAuthPatient> {
  const workspace = await patientWorkspace(db, userId, patientId);
  return { ...await editPatient(db, workspace.id, patientId, input, actor), workspace };
}

/** A page of the doctor's own prescriptions in their workspaces (or in one of them), filtered as the web list is. */
export async function listPrescriptionsOfDoctor(
  db: Database, userId: string, query: OAuthPrescriptionsQuery,
): Promise<PrescriptionPage> {
  const { workspace, ...pageQuery } = query;
  const reach = await workspacesInReach(db, userId, workspace);
  const workspaceIds = reach.map((candidate) => candidate.id);
  return listReachedPrescriptions(db, pageQuery, { workspaceId: workspaceIds, doctorUserId: userId });
}

/** The doctor acting on one of their own prescriptions, in the workspace it belongs to. */
async function actorOnPrescription(
  db: Database, userId: string, prescriptionId: string, audit: AuditActor,
): Promise<PrescriptionActor> {
  const workspaceId = await findPrescriptionWorkspaceOfDoctor(db, userId, prescriptionId);
  if (!workspaceId) throw prescriptionNotFound();
  return { userId, workspaceId, seesWorkspace: false, audit };
}

/** One of the doctor's own prescriptions. */
export async function showPrescriptionOfDoctor(
  db: Database, userId: string, prescriptionId: string, audit: AuditActor,
): Promise<Prescription> {
  return showPrescription(db, prescriptionId, await actorOnPrescription(db, userId, prescriptionId, audit));
}

/** The signed PDF of one of the doctor's own prescriptions. */
export async function findPrescriptionPdfOfDoctor(
  db: Database, userId: string, prescriptionId: string, audit: AuditActor,
): Promise<{ number: number; pdf: Buffer }> {
  return findSignedPdf(db, prescriptionId, await actorOnPrescription(db, userId, prescriptionId, audit));
}

/**
 * Issues a prescription (or a chronic series) for a patient of the doctor's workspaces and
 * signs it, confirmed by the pin_2fa_code the doctor's PIN gave the app for action prescribe.
 * One transaction: a refused code, content or signature leaves no draft and the code unspent.
 * A sandbox app is refused: a prescription is real, mailed to its patient and dispensable.
 */
export async function prescribeForApp(
  services: SigningServices, caller: OAuthCaller, input: OAuthPrescribeData, audit: AuditActor,
): Promise<Prescription[]> {
  if (caller.sandbox) throw new AppError('forbidden', messages.oauthApis.sandboxPrescribing, 'sandboxPrescribing');
  const { pin_2fa_code: code, code_verifier: codeVerifier, ...prescription } = input;
  const workspace = await patientWorkspace(services.db, caller.userId, prescription.patientId);
  const actor: PrescriptionActor = { userId: caller.userId, workspaceId: workspace.id, seesWorkspace: false, audit };
  return services.db.transaction(async (tx) => {
    const drafts = await issuePrescriptions(tx, prescription, actor);
    const pinCode = { code, codeVerifier, accessTokenId: caller.accessTokenId };
    return signPrescriptions({ ...services, db: tx }, drafts.map((draft) => draft.id), { pinCode }, actor);
  });
}

/** A page of the doctor's signed documents: those apps had signed and the PDFs of their signed prescriptions. */
export async function listSignedDocuments(
  db: Database, userId: string, query: SignedDocumentsQuery,
): Promise<SignedDocumentPage> {
  const reach = await listWorkspaces(db, userId);
  const { items, total } = await findSignedDocumentsPage(db, {
    userId,
    workspaces: reach.map((workspace) => workspace.id),
    kind: query.kind,
    sha256: query.sha256,
    // Days as in Argentina: from its first instant to the end of `to`.
    since: query.from ? endOfDayInArgentina(addDays(query.from, -1)) : undefined,
    until: query.to ? endOfDayInArgentina(query.to) : undefined,
  }, query);
  return {
    items: items.map((row) => ({
      kind: row.kind,
      sha256: row.sha256,
      signedAt: row.signedAt.toISOString(),
      client: row.clientId && row.clientName ? { clientId: row.clientId, name: row.clientName } : null,
      sandbox: row.sandbox,
      prescription: row.prescriptionId && row.prescriptionNumber !== null
        ? { id: row.prescriptionId, number: row.prescriptionNumber }
        : null,
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}
