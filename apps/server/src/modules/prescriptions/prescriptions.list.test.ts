import { addDays, messages, todayInArgentina, type PrescriptionPage } from '@receta/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createPatientRecord, createPrescribingDoctor, createPrescription, headersIn, type PrescriptionOptions,
} from '../../../test/factories/prescriptions.ts';
import { createUser } from '../../../test/factories/users.ts';
import { createWorkspace } from '../../../test/factories/workspaces.ts';
import { useTestApp } from '../../../test/helper.ts';
import { prescriptions } from '../../db/schema/index.ts';

const test = useTestApp();
const today = todayInArgentina();

let clinicId: string;
let doctorId: string;
let colleagueId: string;
let doctor: Record<string, string>;
let provider: Record<string, string>;
/** Prescription numbers by a name the tests use. */
const numbers: Record<string, number> = {};
const ids: Record<string, string> = {};
/** The prescriptions of the patient Pedro Ibáñez. */
const ibanezNames = ['cancelled', 'lapsed', 'partly', 'partlyLapsed', 'pending'];

beforeAll(async () => {
  doctorId = (await createPrescribingDoctor(test.app)).id;
  colleagueId = (await createPrescribingDoctor(test.app)).id;
  const providerId = (await createUser(test.app, { roles: ['fds.provider'] })).id;
  clinicId = (await createWorkspace(test.app, { memberIds: [doctorId, colleagueId, providerId] })).id;
  doctor = await headersIn(test.app, doctorId, clinicId);
  provider = await headersIn(test.app, providerId, clinicId);

  // DNIs that start with a digit no prescription number of this file does, so a number finds one prescription.
  const gomez = await createPatientRecord(test.app, { workspaceId: clinicId, name: 'Juana', lastName: 'Gómez', dni: '50111222' });
  const ibanez = await createPatientRecord(test.app, { workspaceId: clinicId, name: 'Pedro', lastName: 'Ibáñez', dni: '61999000' });
  const mine = { workspaceId: clinicId, doctorUserId: doctorId };
  const rows: Record<string, PrescriptionOptions> = {
    draft: { ...mine, patientId: gomez.id },
    valid: { ...mine, patientId: gomez.id, state: 'signed', insurerId: 'rnos-500807' },
    pending: { ...mine, patientId: ibanez.id, state: 'signed', startDate: addDays(today, 5) },
    lapsed: { ...mine, patientId: ibanez.id, state: 'signed', issuedOn: addDays(today, -45) },
    cancelled: { ...mine, patientId: ibanez.id, state: 'cancelled', issuedOn: addDays(today, -3) },
    partly: { ...mine, patientId: ibanez.id, state: 'partially_dispensed' },
    partlyLapsed: { ...mine, patientId: ibanez.id, state: 'partially_dispensed', issuedOn: addDays(today, -45) },
    colleagues: { workspaceId: clinicId, doctorUserId: colleagueId, patientId: gomez.id, state: 'signed' },
  };
  for (const [name, options] of Object.entries(rows)) {
    const row = await createPrescription(test.app, options);
    numbers[name] = row.number;
    ids[name] = row.id;
  }
  // Another workspace of the same doctor: never part of this clinic's lists.
  const practice = await createWorkspace(test.app, { memberIds: [doctorId] });
  await createPrescription(test.app, { workspaceId: practice.id, doctorUserId: doctorId, state: 'signed' });
});

async function list(query: string, headers = provider): Promise<PrescriptionPage> {
  const response = await test.app.inject({ url: `/api/prescriptions?${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PrescriptionPage>();
}

async function namesIn(query: string, headers = provider): Promise<string[]> {
  const page = await list(query, headers);
  return page.items.map((item) => Object.keys(ids).find((name) => ids[name] === item.id) ?? item.id).sort();
}

describe('GET /api/prescriptions', () => {
  it("shows index.prescription holders the workspace's prescriptions and a doctor only their own", async () => {
    expect(await namesIn('')).toEqual(['cancelled', 'colleagues', 'draft', 'lapsed', 'partly', 'partlyLapsed', 'pending', 'valid']);
    expect(await namesIn('', doctor)).toEqual(['cancelled', 'draft', 'lapsed', 'partly', 'partlyLapsed', 'pending', 'valid']);
    expect(await namesIn('mine=true')).toEqual([]);
  });

  it('lists the only workspace of a user whose request names none, and asks a user in several which', async () => {
    const { 'x-workspace': _providerWorkspace, ...providerWithoutWorkspace } = provider;
    expect(await namesIn('', providerWithoutWorkspace))
      .toEqual(['cancelled', 'colleagues', 'draft', 'lapsed', 'partly', 'partlyLapsed', 'pending', 'valid']);

    const { 'x-workspace': _doctorWorkspace, ...doctorWithoutWorkspace } = doctor;
    const response = await test.app.inject({ url: '/api/prescriptions', headers: doctorWithoutWorkspace });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: messages.workspaces.required, errorCode: 'workspaceRequired' });
  });

  it('leaves drafts out of the signed list', async () => {
    expect(await namesIn('signed=true', doctor)).toEqual(['cancelled', 'lapsed', 'partly', 'partlyLapsed', 'pending', 'valid']);
  });

  it.each([
    ['valid', ['colleagues', 'valid']],
    ['pending', ['pending']],
    ['expired', ['lapsed', 'partlyLapsed']],
    ['partially_dispensed', ['partly']],
    ['draft', ['draft']],
    ['cancelled', ['cancelled']],
    ['dispensed', []],
  ])('filters by the state shown: %s', async (state, expected) => {
    expect(await namesIn(`state=${state}`)).toEqual(expected);
  });

  it('tells each prescription its shown state', async () => {
    const page = await list('sort=number&order=asc', doctor);
    expect(Object.fromEntries(page.items.map((item) => [item.number, item.displayState]))).toEqual({
      [numbers.draft ?? 0]: 'draft',
      [numbers.valid ?? 0]: 'valid',
      [numbers.pending ?? 0]: 'pending',
      [numbers.lapsed ?? 0]: 'expired',
      [numbers.cancelled ?? 0]: 'cancelled',
      [numbers.partly ?? 0]: 'partially_dispensed',
      [numbers.partlyLapsed ?? 0]: 'expired',
    });
    expect(page.items.find((item) => item.id === ids.valid)).toMatchObject({ signed: true, insurer: { slug: 'pami-500807' } });
  });

  it('filters by issue date, patient and insurer', async () => {
    expect(await namesIn(`from=${addDays(today, -10)}&to=${addDays(today, -1)}`)).toEqual(['cancelled']);
    expect(await namesIn(`to=${addDays(today, -40)}`)).toEqual(['lapsed', 'partlyLapsed']);
    const [ibanez] = await test.app.db.select({ id: prescriptions.patientId }).from(prescriptions).where(eq(prescriptions.id, ids.pending ?? ''));
    expect(await namesIn(`patientId=${ibanez?.id ?? ''}`)).toEqual(ibanezNames);
    expect(await namesIn('insurerSlug=pami-500807')).toEqual(['valid']);
    expect(await namesIn('insurerSlug=particular')).toEqual(['colleagues', 'draft', ...ibanezNames].sort());
  });

  it('searches by number, by the start of the DNI and by words of the patient name', async () => {
    expect(await namesIn(`q=${numbers.pending ?? 0}`)).toEqual(['pending']);
    expect(await namesIn('q=50.111')).toEqual(['colleagues', 'draft', 'valid']);
    expect(await namesIn('q=6199')).toEqual(ibanezNames);
    expect(await namesIn('q=ibanez pedro')).toEqual(ibanezNames);
    expect(await namesIn('q=GOMEZ', doctor)).toEqual(['draft', 'valid']);
    expect(await namesIn('q=gomez%25')).toEqual([]);
  });

  it('lists newest first, and prescriptions written at one instant (a series) by number, newest first', async () => {
    const workspaceId = (await createWorkspace(test.app, { memberIds: [doctorId] })).id;
    const headers = await headersIn(test.app, doctorId, workspaceId);
    const written: number[] = [];
    for (let index = 0; index < 6; index += 1) {
      written.push((await createPrescription(test.app, { workspaceId, doctorUserId: doctorId })).number);
    }
    const newestFirst = [...written].reverse();
    expect((await list('', headers)).items.map((item) => item.number)).toEqual(newestFirst);

    // One transaction gives its rows one createdAt, as a Receta Crónica's series gets.
    await test.app.db.update(prescriptions)
      .set({ createdAt: new Date('2026-03-02T12:00:00Z') })
      .where(eq(prescriptions.workspaceId, workspaceId));
    expect((await list('', headers)).items.map((item) => item.number)).toEqual(newestFirst);
    const pages = [await list('pageSize=4', headers), await list('pageSize=4&page=2', headers)];
    expect(pages.flatMap((page) => page.items.map((item) => item.number))).toEqual(newestFirst);
  });

  it('sorts on the server, then by number, and answers one page with the total', async () => {
    const byNumber = Object.values(numbers).sort((a, b) => a - b);
    const first = await list('sort=number&order=asc&pageSize=4');
    expect(first).toMatchObject({ total: 8, page: 1, pageSize: 4 });
    expect(first.items.map((item) => item.number)).toEqual(byNumber.slice(0, 4));
    const second = await list('sort=number&order=asc&pageSize=4&page=2');
    expect(second.items.map((item) => item.number)).toEqual(byNumber.slice(4));

    const byLastName = await list('sort=patientLastName&order=desc');
    expect(byLastName.items.map((item) => item.patient.lastName)).toEqual([...Array<string>(5).fill('Ibáñez'), ...Array<string>(3).fill('Gómez')]);
    const byStart = await list('sort=startDate&order=asc&pageSize=2');
    expect(byStart.items.map((item) => item.id)).toEqual([ids.lapsed, ids.partlyLapsed]);
  });

  it('refuses a sort it does not know', async () => {
    const response = await test.app.inject({ url: '/api/prescriptions?sort=dni', headers: provider });
    expect(response.statusCode).toBe(400);
  });
});

describe('GET /api/prescriptions/:id', () => {
  it("lets a doctor read their own prescription and a provider any of the workspace's", async () => {
    const own = await test.app.inject({ url: `/api/prescriptions/${ids.valid ?? ''}`, headers: doctor });
    expect(own.json()).toMatchObject({ id: ids.valid, number: numbers.valid, displayState: 'valid' });
    const colleagues = await test.app.inject({ url: `/api/prescriptions/${ids.colleagues ?? ''}`, headers: provider });
    expect(colleagues.statusCode).toBe(200);
  });

  it("answers another doctor's prescription, another workspace's or a missing one as not found", async () => {
    const stranger = await createPrescribingDoctor(test.app);
    const elsewhere = await createWorkspace(test.app, { memberIds: [stranger.id] });
    const theirs = await createPrescription(test.app, { workspaceId: elsewhere.id, doctorUserId: stranger.id });
    for (const id of [ids.colleagues, theirs.id, '00000000-0000-4000-8000-000000000000']) {
      const response = await test.app.inject({ url: `/api/prescriptions/${id ?? ''}`, headers: doctor });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: messages.prescriptions.notFound });
    }
  });
});
