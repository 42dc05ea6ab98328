import { messages, type ApiError, type OAuthPatient, type OAuthPatientPage, type OAuthScope } from '@receta/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApprovedDoctor } from '../../../../test/factories/approved-doctors.ts';
import { appTokenFor } from '../../../../test/factories/oauth.ts';
import { patientInput } from '../../../../test/factories/patients.ts';
import { createPatientRecord } from '../../../../test/factories/prescriptions.ts';
import { createWorkspace } from '../../../../test/factories/workspaces.ts';
import { useTestApp } from '../../../../test/helper.ts';
import { auditEvents, patients } from '../../../db/schema/index.ts';
import { readAuditEvents } from '../../../../test/audit-events.ts';

const test = useTestApp();

let doctorId: string;
let clinic: { id: string; name: string };
let practice: { id: string; name: string };
let theirs: { id: string; name: string };
let inClinic: { id: string };
let inPractice: { id: string };
let notMine: { id: string };

beforeAll(async () => {
  doctorId = (await createApprovedDoctor(test.app)).id;
  const otherId = (await createApprovedDoctor(test.app)).id;
  clinic = await createWorkspace(test.app, { name: 'Clínica del Sol', memberIds: [doctorId, otherId] });
  practice = await createWorkspace(test.app, { name: 'Consultorio Pérez', memberIds: [doctorId] });
  theirs = await createWorkspace(test.app, { name: 'Consultorio Ajeno', memberIds: [otherId] });
  inClinic = await createPatientRecord(test.app, { workspaceId: clinic.id, lastName: 'Quiroga', name: 'Horacio' });
  inPractice = await createPatientRecord(test.app, { workspaceId: practice.id, lastName: 'Quiroga', name: 'Eva' });
  notMine = await createPatientRecord(test.app, { workspaceId: theirs.id, lastName: 'Quiroga', name: 'Juan' });
});

async function tokenWith(...scopes: OAuthScope[]) {
  return (await appTokenFor(test.app, doctorId, scopes)).authorization;
}

function request(method: 'GET' | 'PUT', url: string, authorization?: string, payload?: object) {
  return test.app.inject({ method, url: `/oauth2/api${url}`, headers: authorization ? { authorization } : {}, payload });
}

describe('GET /oauth2/api/patients', () => {
  it("finds the patients of every workspace of the doctor, each with its workspace, and none of another's", async () => {
    const response = await request('GET', '/patients?q=quiroga', await tokenWith('patients-search'));

    expect(response.statusCode).toBe(200);
    const page = response.json<OAuthPatientPage>();
    expect(page.total).toBe(2);
    expect(page.items.map((patient) => [patient.name, patient.workspace])).toEqual([
      ['Eva', { id: practice.id, name: 'Consultorio Pérez' }],
      ['Horacio', { id: clinic.id, name: 'Clínica del Sol' }],
    ]);
    expect(page.items.map((patient) => patient.id)).not.toContain(notMine.id);
  });

  it('narrows the search to one of the doctor\'s workspaces, and refuses one they are not in', async () => {
    const authorization = await tokenWith('patients-search');

    const narrowed = await request('GET', `/patients?q=quiroga&workspace=${clinic.id}`, authorization);
    expect(narrowed.json<OAuthPatientPage>().items.map((patient) => patient.id)).toEqual([inClinic.id]);

    const refused = await request('GET', `/patients?workspace=${theirs.id}`, authorization);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ApiError>().message).toBe(messages.workspaces.forbidden);
  });

  it('refuses a token without patients-search (403) and a request without a token (401)', async () => {
    expect((await request('GET', '/patients', await tokenWith('patients-update', 'prescriptions-search'))).statusCode).toBe(403);
    expect((await request('GET', '/patients')).statusCode).toBe(401);
  });
});

describe('GET /oauth2/api/patients/{id}', () => {
  it("shows the doctor's patient with either patient scope, and another doctor's as not found", async () => {
    for (const scope of ['patients-search', 'patients-update'] as const) {
      const authorization = await tokenWith(scope);

      const shown = await request('GET', `/patients/${inPractice.id}`, authorization);
      expect(shown.statusCode).toBe(200);
      expect(shown.json<OAuthPatient>()).toMatchObject({ id: inPractice.id, name: 'Eva', workspace: { id: practice.id } });

      const hidden = await request('GET', `/patients/${notMine.id}`, authorization);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json<ApiError>().message).toBe(messages.patients.notFound);
    }
    expect((await request('GET', `/patients/${inPractice.id}`, await tokenWith('accounts-profiles'))).statusCode).toBe(403);
  });
});

describe('PUT /oauth2/api/patients/{id}', () => {
  it('saves the patient as the form would, and the audit trail names the doctor and the app', async () => {
    const token = await appTokenFor(test.app, doctorId, ['patients-update']);
    const changes = patientInput({ name: 'Eva María', lastName: 'Quiroga', phone: '1160001234' });

    const response = await request('PUT', `/patients/${inPractice.id}`, token.authorization, changes);

    expect(response.statusCode).toBe(200);
    expect(response.json<OAuthPatient>()).toMatchObject({
      id: inPractice.id, name: 'Eva María', dni: changes.dni, phone: '1160001234', workspace: { id: practice.id },
    });
    const [stored] = await test.app.db.select().from(patients).where(eq(patients.id, inPractice.id));
    expect(stored?.name).toBe('Eva María');
    const [event] = await readAuditEvents(test.app.db, and(eq(auditEvents.action, 'patient.edited'), eq(auditEvents.subjectId, inPractice.id)));
    expect(event).toMatchObject({
      actorUserId: doctorId, oauthClientId: token.client.id, details: { workspaceId: practice.id },
    });
  });

  it('answers a field at fault with its Spanish message and saves nothing', async () => {
    const response = await request('PUT', `/patients/${inClinic.id}`, await tokenWith('patients-update'), patientInput({ dni: '12' }));

    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().fields?.[0]?.field).toBe('body.dni');
    const [stored] = await test.app.db.select().from(patients).where(eq(patients.id, inClinic.id));
    expect(stored?.name).toBe('Horacio');
  });

  it("leaves another doctor's patient untouched, and refuses a token that may only search", async () => {
    const hidden = await request('PUT', `/patients/${notMine.id}`, await tokenWith('patients-update'), patientInput());
    expect(hidden.statusCode).toBe(404);

    const searchOnly = await request('PUT', `/patients/${inClinic.id}`, await tokenWith('patients-search'), patientInput());
    expect(searchOnly.statusCode).toBe(403);
    expect((await request('PUT', `/patients/${inClinic.id}`, undefined, patientInput())).statusCode).toBe(401);

    const names = await test.app.db.select({ name: patients.name }).from(patients).where(eq(patients.lastName, 'Quiroga'));
    expect(names.map((row) => row.name).sort()).toEqual(['Eva María', 'Horacio', 'Juan']);
  });
});
