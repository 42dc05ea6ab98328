import {
  addDays, messages, monthsSpanned, todayInArgentina, type AdminDashboard, type ApiError, type MedicalDashboard,
} from '@receta/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInWithRoles } from '../../../test/factories/administrators.ts';
import { registerDoctor } from '../../../test/factories/doctors.ts';
import {
  createPatientRecord, createPrescribingDoctor, createPrescription, headersIn, sampleMedications,
  type PrescriptionOptions,
} from '../../../test/factories/prescriptions.ts';
import { authorizationFor, createUser, superadminId } from '../../../test/factories/users.ts';
import { createWorkspace } from '../../../test/factories/workspaces.ts';
import { testAdmin } from '../../../test/fixtures.ts';
import { useTestApp } from '../../../test/helper.ts';

const test = useTestApp();
const today = todayInArgentina();
const diabetes = { code: 'E11.9', description: 'Diabetes mellitus tipo 2 sin complicaciones' };
const metformin = sampleMedications.metformin;
const enalapril = sampleMedications.enalapril;

let doctor: Record<string, string>;
let clinicAdministrator: Record<string, string>;
let superadmin: Record<string, string>;
/** The issue dates of the doctor's prescriptions in the clinic within the last twelve months. */
const doctorsIssueDates: string[] = [];

beforeAll(async () => {
  const doctorId = (await createPrescribingDoctor(test.app)).id;
  const colleagueId = (await createPrescribingDoctor(test.app)).id;
  const administratorId = (await createUser(test.app, { roles: ['fds.admin'] })).id;
  const clinic = await createWorkspace(test.app, { memberIds: [doctorId, colleagueId, administratorId] });
  const otherPractice = await createWorkspace(test.app, { memberIds: [doctorId] });
  doctor = await headersIn(test.app, doctorId, clinic.id);
  clinicAdministrator = await headersIn(test.app, administratorId, clinic.id);
  superadmin = await authorizationFor(test.app, await superadminId(test.app, testAdmin.email));

  const gomez = await createPatientRecord(test.app, { workspaceId: clinic.id });
  const ibanez = await createPatientRecord(test.app, { workspaceId: clinic.id });
  const mine = { workspaceId: clinic.id, doctorUserId: doctorId };
  const doctorsPrescriptions: PrescriptionOptions[] = [
    { ...mine, patientId: gomez.id },
    { ...mine, patientId: gomez.id, state: 'signed', items: [enalapril, metformin] },
    { ...mine, patientId: ibanez.id, state: 'signed', type: 'chronic', startDate: addDays(today, 5), items: [metformin], diagnosis: diabetes },
    { ...mine, patientId: ibanez.id, state: 'signed', issuedOn: addDays(today, -45) },
    { ...mine, patientId: ibanez.id, state: 'cancelled', issuedOn: addDays(today, -3), items: [metformin], diagnosis: diabetes },
    { ...mine, patientId: ibanez.id, state: 'partially_dispensed', diagnosis: diabetes },
    // Written by hand, in lower case: the same medicine as the vademecum's.
    { ...mine, patientId: gomez.id, state: 'dispensed', issuedOn: addDays(today, -10), items: [{ genericName: 'enalapril maleato' }] },
  ];
  for (const options of doctorsPrescriptions) {
    await createPrescription(test.app, options);
    doctorsIssueDates.push(options.issuedOn ?? today);
  }
  // Outside the default period, by a colleague, and in the doctor's other workspace: not the doctor's figures.
  await createPrescription(test.app, { ...mine, state: 'dispensed', issuedOn: addDays(today, -400) });
  await createPrescription(test.app, { workspaceId: clinic.id, doctorUserId: colleagueId, state: 'signed' });
  await createPrescription(test.app, { workspaceId: otherPractice.id, doctorUserId: doctorId, state: 'signed' });
});

async function medicalDashboard(headers: Record<string, string>, query = ''): Promise<MedicalDashboard> {
  const response = await test.app.inject({ url: `/api/dashboard/medical?${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MedicalDashboard>();
}

/** `[{state: 'draft', count: 1}, ...]` as `{draft: 1, ...}`. */
function countsOf(rows: ReadonlyArray<{ count: number } & Record<string, unknown>>, key: string) {
  return Object.fromEntries(rows.map((row) => [String(row[key]), row.count]));
}

describe('GET /api/dashboard/medical', () => {
  it("counts the doctor's own prescriptions of the last twelve months in the workspace", async () => {
    const dashboard = await medicalDashboard(doctor);
    expect(dashboard.reach).toBe('own');
    expect(dashboard.period.to).toBe(today);
    expect(dashboard.totals).toEqual({ issued: 7, signed: 6, patients: 2 });
    expect(countsOf(dashboard.byState, 'state')).toEqual({
      draft: 1, pending: 1, valid: 1, partially_dispensed: 1, dispensed: 1, cancelled: 1, expired: 1,
    });
    expect(countsOf(dashboard.byType, 'type')).toEqual({ classic: 6, chronic: 1 });
  });

  it('lists every month of the period in order, with zero where nothing was issued', async () => {
    const { perMonth, period } = await medicalDashboard(doctor);
    expect(perMonth).toHaveLength(12);
    expect(perMonth[0]?.month).toBe(period.from.slice(0, 7));
    expect(perMonth.at(-1)?.month).toBe(today.slice(0, 7));
    expect(perMonth.map((month) => month.month)).toEqual([...perMonth.map((month) => month.month)].sort());
    const expected: Record<string, number> = {};
    for (const date of doctorsIssueDates) expected[date.slice(0, 7)] = (expected[date.slice(0, 7)] ?? 0) + 1;
    expect(Object.fromEntries(perMonth.filter((month) => month.issued > 0).map((month) => [month.month, month.issued])))
      .toEqual(expected);
    expect(perMonth.reduce((sum, month) => sum + month.signed, 0)).toBe(6);
  });

  it('ranks medications and diagnoses over signed prescriptions that were not cancelled', async () => {
    const dashboard = await medicalDashboard(doctor);
    expect(dashboard.topMedications).toEqual([
      { genericName: 'Enalapril Maleato', count: 4 },
      { genericName: 'Metformina Clorhidrato', count: 2 },
    ]);
    expect(dashboard.topDiagnoses).toEqual([
      { code: 'I10', description: 'Hipertensión esencial (primaria)', count: 3 },
      { code: 'E11.9', description: diabetes.description, count: 2 },
    ]);
  });

  it('counts the period asked for, its first and last days included', async () => {
    const period = { from: addDays(today, -400), to: addDays(today, -10) };
    const dashboard = await medicalDashboard(doctor, `from=${period.from}&to=${period.to}`);
    expect(dashboard.period).toEqual(period);
    expect(dashboard.totals).toEqual({ issued: 3, signed: 3, patients: 3 });
    expect(dashboard.perMonth).toHaveLength(monthsSpanned(period.from, period.to));
  });

  it("shows holders of index.prescription the whole workspace's prescriptions", async () => {
    const dashboard = await medicalDashboard(clinicAdministrator);
    expect(dashboard.reach).toBe('workspace');
    expect(dashboard.totals).toEqual({ issued: 8, signed: 7, patients: 3 });
  });

  it.each([
    [`from=${today}&to=${addDays(today, -1)}`, 'querystring.from', messages.dashboard.periodReversed],
    [`from=${addDays(today, -800)}`, 'querystring.from', messages.dashboard.periodTooLong],
    [`to=${addDays(today, 1)}`, 'querystring.to', messages.dashboard.periodInFuture],
    ['from=2026-02-30', 'querystring.from', messages.registration.invalidDate],
  ])('refuses the period %s with its message in Spanish', async (query, field, message) => {
    const response = await test.app.inject({ url: `/api/dashboard/medical?${query}`, headers: doctor });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>()).toMatchObject({ message, fields: [{ field, message }] });
  });

  it('is refused to users without dashboard.medical and without a workspace', async () => {
    const pharmacy = await signedInWithRoles(test.app, ['pharmacy']);
    expect((await test.app.inject({ url: '/api/dashboard/medical', headers: pharmacy.headers })).statusCode).toBe(403);
    const { 'x-workspace': _workspace, ...withoutWorkspace } = doctor;
    expect((await test.app.inject({ url: '/api/dashboard/medical', headers: withoutWorkspace })).statusCode).toBe(400);
    expect((await test.app.inject({ url: '/api/dashboard/medical' })).statusCode).toBe(401);
  });
});

describe('GET /api/dashboard/admin', () => {
  it("counts the accounts awaiting approval, the active doctors and the platform's prescriptions per day", async () => {
    await registerDoctor(test.app);
    await createUser(test.app, { roles: ['fds.admin'], status: 'pending_approval' });
    const response = await test.app.inject({ url: `/api/dashboard/admin?from=${addDays(today, -45)}`, headers: superadmin });
    expect(response.statusCode, response.body).toBe(200);
    const dashboard = response.json<AdminDashboard>();
    expect(dashboard.pendingApprovals).toBe(2);
    expect(dashboard.activeDoctors).toBe(2);
    expect(dashboard.perDay).toHaveLength(46);
    expect(dashboard.perDay[0]).toEqual({ date: addDays(today, -45), issued: 1, signed: 1 });
    expect(dashboard.perDay.at(-1)).toEqual({ date: today, issued: 6, signed: 5 });
    const threeDaysAgo = addDays(today, -3);
    expect(dashboard.perDay.find((day) => day.date === threeDaysAgo))
      .toEqual({ date: threeDaysAgo, issued: 1, signed: 1 });
    expect(dashboard.totals).toEqual({ issued: 9, signed: 8 });
  });

  it('is for moderators only', async () => {
    expect((await test.app.inject({ url: '/api/dashboard/admin', headers: doctor })).statusCode).toBe(403);
    const femecon = await signedInWithRoles(test.app, ['femecon.admin']);
    expect((await test.app.inject({ url: '/api/dashboard/admin', headers: femecon.headers })).statusCode).toBe(200);
  });
});
