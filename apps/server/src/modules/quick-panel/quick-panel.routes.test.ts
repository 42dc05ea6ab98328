import { messages, todayInArgentina, type QuickPanelData } from '@receta/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPrescribingDoctor, createPrescription } from '../../../test/factories/prescriptions.ts';
import { authorizationFor, createUser } from '../../../test/factories/users.ts';
import { createWorkspace } from '../../../test/factories/workspaces.ts';
import { useTestApp } from '../../../test/helper.ts';
import { recordAudit } from '../../platform/audit.ts';
import { prescriptionEventActions, prescriptionEventSubject } from '../prescriptions/index.ts';

const test = useTestApp();

let doctorId: string;
let otherDoctorId: string;
let workspaceId: string;

beforeAll(async () => {
  doctorId = (await createPrescribingDoctor(test.app)).id;
  otherDoctorId = (await createPrescribingDoctor(test.app)).id;
  workspaceId = (await createWorkspace(test.app, { memberIds: [doctorId, otherDoctorId] })).id;
});

async function quickPanelOf(userId: string): Promise<QuickPanelData> {
  const response = await test.app.inject({ method: 'GET', url: '/api/quick-panel/data', headers: await authorizationFor(test.app, userId) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('GET /api/quick-panel/data', () => {
  it('answers 401 without a session', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/quick-panel/data' });
    expect(response.json()).toMatchObject({ statusCode: 401, message: messages.session.invalidAccessToken });
  });

  it("gives a doctor today's date, their own drafts and the latest events of their prescriptions", async () => {
    const drafts = [];
    for (let index = 0; index < 7; index += 1) {
      drafts.push(await createPrescription(test.app, { workspaceId, doctorUserId: doctorId }));
    }
    const signed = await createPrescription(test.app, { workspaceId, doctorUserId: doctorId, state: 'signed' });
    await createPrescription(test.app, { workspaceId, doctorUserId: otherDoctorId });
    const actor = { actorUserId: null, pagePath: null };
    const onSigned = { subjectType: prescriptionEventSubject, subjectId: signed.id };
    await recordAudit(test.app.db, actor, { action: prescriptionEventActions.opened, ...onSigned });
    // Not a prescription event the history shows: left out.
    await recordAudit(test.app.db, actor, { action: 'prescription.viewed', ...onSigned });

    const panel = await quickPanelOf(doctorId);

    expect(panel.today).toBe(todayInArgentina());
    expect(panel.drafts.total).toBe(7);
    expect(panel.drafts.latest).toHaveLength(5);
    expect(panel.drafts.latest.map((draft) => draft.id)).toEqual(drafts.slice(2).reverse().map((draft) => draft.id));
    expect(panel.events).toEqual([expect.objectContaining({ kind: 'opened', prescriptionId: signed.id, prescriptionNumber: signed.number })]);
  });

  it('shows nobody else’s drafts or events', async () => {
    const panel = await quickPanelOf(otherDoctorId);
    expect(panel.drafts.total).toBe(1);
    expect(panel.events).toEqual([]);
  });

  it('gives a user who does not prescribe the date alone', async () => {
    const pharmacist = await createUser(test.app, { roles: ['pharmacy'] });
    const panel = await quickPanelOf(pharmacist.id);
    expect(panel).toEqual({ today: todayInArgentina(), drafts: { total: 0, latest: [] }, events: [] });
  });
});
