import {
  messages, type ApiError, type OAuthPrescribed, type OAuthPrescribeInput, type OAuthScope, type Prescription,
  type PrescriptionPage,
} from '@receta/domain';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appTokenFor, createPinCode, pkcePair } from '../../../../test/factories/oauth.ts';
import {
  createPatientRecord, createPrescribingDoctor, createPrescription, prescriptionInput,
} from '../../../../test/factories/prescriptions.ts';
import { createWorkspace } from '../../../../test/factories/workspaces.ts';
import { useTestApp } from '../../../../test/helper.ts';
import {
  auditEvents, oauthCodes, prescriptionDocuments, prescriptions, workspaceMembers,
} from '../../../db/schema/index.ts';
import { hashToken } from '../../../platform/user-tokens.ts';
import { prescriptionEventActions } from '../../prescriptions/index.ts';
import { readAuditEvents } from '../../../../test/audit-events.ts';

const test = useTestApp();

let doctorId: string;
let otherId: string;
let clinic: { id: string };
let practice: { id: string };
let theirs: { id: string };

beforeAll(async () => {
  doctorId = (await createPrescribingDoctor(test.app)).id;
  otherId = (await createPrescribingDoctor(test.app)).id;
  clinic = await createWorkspace(test.app, { memberIds: [doctorId, otherId] });
  practice = await createWorkspace(test.app, { memberIds: [doctorId] });
  theirs = await createWorkspace(test.app, { memberIds: [otherId] });
});

async function tokenWith(...scopes: OAuthScope[]) {
  return (await appTokenFor(test.app, doctorId, scopes)).authorization;
}

function get(url: string, authorization?: string) {
  return test.app.inject({ url: `/oauth2/api${url}`, headers: authorization ? { authorization } : {} });
}

interface Approval {
  authorization: string;
  clientId: string;
  accessTokenId: string;
  code: string;
  verifier: string;
}

/**
 * What an app holds once the doctor confirmed a prescription with the PIN: a token with
 * prescriptions-create and a pin_2fa_code for action prescribe bound to it.
 */
async function approvedPrescription(
  options: { sandbox?: boolean; action?: 'prescribe' | 'sign'; scopes?: OAuthScope[] } = {},
): Promise<Approval> {
  const token = await appTokenFor(test.app, doctorId, options.scopes ?? ['prescriptions-create', 'accounts-confirm'], options);
  const pkce = pkcePair();
  const code = await createPinCode(test.app, {
    userId: doctorId,
    clientId: token.client.id,
    accessTokenId: token.accessTokenId,
    action: options.action ?? 'prescribe',
    codeChallenge: pkce.challenge,
  });
  const { authorization, accessTokenId, client } = token;
  return { authorization, clientId: client.id, accessTokenId, code, verifier: pkce.verifier };
}

function prescribe(approval: Omit<Approval, 'clientId' | 'accessTokenId'>, patientId: string, overrides: Partial<OAuthPrescribeInput> = {}) {
  const payload: OAuthPrescribeInput = {
    ...prescriptionInput(patientId), pin_2fa_code: approval.code, code_verifier: approval.verifier, ...overrides,
  };
  return test.app.inject({ method: 'POST', url: '/oauth2/api/prescriptions', headers: { authorization: approval.authorization }, payload });
}

async function prescriptionCountOf(patientId: string): Promise<number> {
  const [row] = await test.app.db.select({ count: count() })
    .from(prescriptions)
    .where(eq(prescriptions.patientId, patientId));
  return row?.count ?? 0;
}

async function isSpent(code: string): Promise<boolean> {
  const [row] = await test.app.db.select({ usedAt: oauthCodes.usedAt })
    .from(oauthCodes)
    .where(eq(oauthCodes.codeHash, hashToken(code)));
  return row?.usedAt != null;
}

describe('POST /oauth2/api/prescriptions', () => {
  it('issues and signs the prescription once the pin_2fa_code confirms it, and spends the code', async () => {
    const patient = await createPatientRecord(test.app, { workspaceId: clinic.id });
    const approval = await approvedPrescription();

    const response = await prescribe(approval, patient.id);

    expect(response.statusCode).toBe(201);
    const { message, prescriptions: [signed] } = response.json<OAuthPrescribed>();
    expect(message).toBe(messages.prescriptions.signed);
    expect(signed).toMatchObject({ state: 'signed', signed: true, patient: { id: patient.id }, prescriber: { userId: doctorId } });
    const [document] = await test.app.db.select()
      .from(prescriptionDocuments)
      .where(eq(prescriptionDocuments.prescriptionId, signed!.id));
    expect(document?.pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await isSpent(approval.code)).toBe(true);
    const [event] = await readAuditEvents(test.app.db, and(
      eq(auditEvents.action, prescriptionEventActions.signed), eq(auditEvents.subjectId, signed!.id),
    ));
    expect(event).toMatchObject({ actorUserId: doctorId, oauthClientId: approval.clientId });
  });

  it('signs every prescription of a Receta Crónica with the one code', async () => {
    const patient = await createPatientRecord(test.app, { workspaceId: practice.id });

    const response = await prescribe(await approvedPrescription(), patient.id, { type: 'chronic', seriesLength: 2 });

    expect(response.statusCode).toBe(201);
    expect(response.json<OAuthPrescribed>().prescriptions.map((prescription) => prescription.state)).toEqual(['signed', 'signed']);
  });

  it('refuses a code spent already, leaving no draft behind', async () => {
    const patient = await createPatientRecord(test.app, { workspaceId: practice.id });
    const approval = await approvedPrescription();
    expect((await prescribe(approval, patient.id)).statusCode).toBe(201);

    const again = await prescribe(approval, patient.id, { confirmDuplicates: true });

    expect(again.statusCode).toBe(400);
    expect(again.json<ApiError>().message).toBe(messages.oauthServer.invalidPin);
    expect(await prescriptionCountOf(patient.id)).toBe(1);
  });

  it.each([
    ['a wrong code_verifier', async (approval: Approval) => ({ ...approval, verifier: pkcePair().verifier })],
    ['a code for action sign', async () => approvedPrescription({ action: 'sign' })],
    ["another token's code", async (approval: Approval) => ({ ...approval, code: (await approvedPrescription()).code })],
  ])('refuses %s as Invalid pin-2fa, creating nothing and leaving the code unspent', async (_case, spoil) => {
    const patient = await createPatientRecord(test.app, { workspaceId: practice.id });
    const approval = await approvedPrescription();

    const response = await prescribe(await spoil(approval), patient.id);

    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().message).toBe(messages.oauthServer.invalidPin);
    expect(await prescriptionCountOf(patient.id)).toBe(0);
    expect(await isSpent(approval.code)).toBe(false);
  });

  it('answers content at fault by field and keeps the code for the corrected prescription', async () => {
    const patient = await createPatientRecord(test.app, { workspaceId: practice.id });
    const approval = await approvedPrescription();

    const refused = await prescribe(approval, patient.id, { diagnosisCode: 'Z99.99' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ApiError>().fields).toEqual([{ field: 'body.diagnosisCode', message: messages.prescriptions.diagnosisUnknown }]);
    expect(await prescriptionCountOf(patient.id)).toBe(0);

    expect((await prescribe(approval, patient.id)).statusCode).toBe(201);
  });

  it('refuses a sandbox app with a Spanish message: a prescription is real', async () => {
    const patient = await createPatientRecord(test.app, { workspaceId: practice.id });
    const approval = await approvedPrescription({ sandbox: true });

    const response = await prescribe(approval, patient.id);

    expect(response.statusCode).toBe(403);
    expect(response.json<ApiError>().message).toBe(messages.oauthApis.sandboxPrescribing);
    expect(await prescriptionCountOf(patient.id)).toBe(0);
    expect(await isSpent(approval.code)).toBe(false);
  });

  it("answers another doctor's patient as not found", async () => {
    const patient = await createPatientRecord(test.app, { workspaceId: theirs.id });

    const response = await prescribe(await approvedPrescription(), patient.id);

    expect(response.statusCode).toBe(404);
    expect(response.json<ApiError>().message).toBe(messages.patients.notFound);
    expect(await prescriptionCountOf(patient.id)).toBe(0);
  });

  it('refuses a token without prescriptions-create (403) and a request without a token (401)', async () => {
    const patient = await createPatientRecord(test.app, { workspaceId: practice.id });
    const approval = await approvedPrescription({ scopes: ['prescriptions-search', 'accounts-confirm'] });

    expect((await prescribe(approval, patient.id)).statusCode).toBe(403);
    expect((await prescribe({ ...approval, authorization: '' }, patient.id)).statusCode).toBe(401);
    expect(await isSpent(approval.code)).toBe(false);
  });
});

describe('GET /oauth2/api/prescriptions', () => {
  it("lists the doctor's own prescriptions of all their workspaces, and no one else's", async () => {
    const patient = await createPatientRecord(test.app, { workspaceId: clinic.id, lastName: 'Storni' });
    const other = await createPatientRecord(test.app, { workspaceId: practice.id, lastName: 'Storni' });
    const own = await createPrescription(test.app, {
      workspaceId: clinic.id, doctorUserId: doctorId, patientId: patient.id,
    });
    const ownElsewhere = await createPrescription(test.app, {
      workspaceId: practice.id, doctorUserId: doctorId, patientId: other.id, state: 'signed',
    });
    await createPrescription(test.app, { workspaceId: clinic.id, doctorUserId: otherId, patientId: patient.id });
    const authorization = await tokenWith('prescriptions-search');

    const response = await get('/prescriptions?q=storni&sort=number&order=asc', authorization);

    expect(response.statusCode).toBe(200);
    const page = response.json<PrescriptionPage>();
    expect(page.items.map((prescription) => prescription.id)).toEqual([own.id, ownElsewhere.id]);
    expect(page.total).toBe(2);

    const signedInPractice = await get(`/prescriptions?q=storni&signed=true&workspace=${practice.id}`, authorization);
    expect(signedInPractice.json<PrescriptionPage>().items.map((prescription) => prescription.id))
      .toEqual([ownElsewhere.id]);
    expect((await get(`/prescriptions?workspace=${theirs.id}`, authorization)).statusCode).toBe(403);
  });

  it('stops showing the prescriptions of a workspace the doctor has left', async () => {
    const left = await createWorkspace(test.app, { memberIds: [doctorId] });
    const patient = await createPatientRecord(test.app, { workspaceId: left.id, lastName: 'Lugones' });
    await createPrescription(test.app, { workspaceId: left.id, doctorUserId: doctorId, patientId: patient.id });
    await test.app.db.delete(workspaceMembers).where(eq(workspaceMembers.workspaceId, left.id));

    const response = await get('/prescriptions?q=lugones', await tokenWith('prescriptions-search'));

    expect(response.json<PrescriptionPage>().total).toBe(0);
  });

  it('refuses a token without prescriptions-search (403) and a request without a token (401)', async () => {
    expect((await get('/prescriptions', await tokenWith('prescriptions-create', 'patients-search'))).statusCode).toBe(403);
    expect((await get('/prescriptions')).statusCode).toBe(401);
  });
});

describe('GET /oauth2/api/prescriptions/{id} and its PDF', () => {
  it('shows a prescription of the doctor and downloads its signed PDF', async () => {
    const patient = await createPatientRecord(test.app, { workspaceId: clinic.id });
    const [signed] = (await prescribe(await approvedPrescription(), patient.id)).json<OAuthPrescribed>().prescriptions;
    const authorization = await tokenWith('prescriptions-search');

    const shown = await get(`/prescriptions/${signed!.id}`, authorization);
    expect(shown.statusCode).toBe(200);
    expect(shown.json<Prescription>()).toMatchObject({ id: signed!.id, state: 'signed' });

    const pdf = await get(`/prescriptions/${signed!.id}/pdf`, authorization);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`receta-${signed!.number}.pdf`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("answers another doctor's prescription as not found, and a draft's PDF as missing", async () => {
    const authorization = await tokenWith('prescriptions-search');
    const theirsInClinic = await createPrescription(test.app, { workspaceId: clinic.id, doctorUserId: otherId, state: 'signed' });
    const draft = await createPrescription(test.app, { workspaceId: clinic.id, doctorUserId: doctorId });

    for (const url of [`/prescriptions/${theirsInClinic.id}`, `/prescriptions/${theirsInClinic.id}/pdf`]) {
      const response = await get(url, authorization);
      expect(response.statusCode).toBe(404);
      expect(response.json<ApiError>().message).toBe(messages.prescriptions.notFound);
    }
    const noPdf = await get(`/prescriptions/${draft.id}/pdf`, authorization);
    expect(noPdf.statusCode).toBe(404);
    expect(noPdf.json<ApiError>().message).toBe(messages.prescriptions.pdfNotFound);
  });

  it('refuses a token without prescriptions-search', async () => {
    const draft = await createPrescription(test.app, { workspaceId: clinic.id, doctorUserId: doctorId });
    const authorization = await tokenWith('prescriptions-create');

    expect((await get(`/prescriptions/${draft.id}`, authorization)).statusCode).toBe(403);
    expect((await get(`/prescriptions/${draft.id}/pdf`, authorization)).statusCode).toBe(403);
  });
});
