import { randomUUID } from 'node:crypto';
import { messages, type DispenseResult, type RepositoryPointerPage } from '@receta/domain';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInWithRoles, type SignedInUser } from '../../../test/factories/administrators.ts';
import {
  createPrescribingDoctor, createPrescription, headersIn, sampleMedications,
} from '../../../test/factories/prescriptions.ts';
import { authorizationFor, createUser } from '../../../test/factories/users.ts';
import { createWorkspace } from '../../../test/factories/workspaces.ts';
import { useTestApp } from '../../../test/helper.ts';
import { auditEvents, prescriptionItems, prescriptions, repositoryPointers } from '../../db/schema/index.ts';
import { signPrescriptions } from '../prescriptions/index.ts';
import { readAuditEvents } from '../../../test/audit-events.ts';

// No CENTRAL_REPOSITORY_URL: the pointers are queued and stay pending.
const test = useTestApp();

let workspaceId: string;
let doctorId: string;
let doctor: Record<string, string>;
let pharmacy: SignedInUser;

beforeAll(async () => {
  doctorId = (await createPrescribingDoctor(test.app)).id;
  workspaceId = (await createWorkspace(test.app, { memberIds: [doctorId] })).id;
  doctor = await headersIn(test.app, doctorId, workspaceId);
  pharmacy = await signedInWithRoles(test.app, ['pharmacy'], { displayName: 'Farmacia Central' });
});

function twoItemDraft() {
  return createPrescription(test.app, {
    workspaceId, doctorUserId: doctorId, items: [sampleMedications.enalapril, sampleMedications.metformin],
  });
}

function sign(id: string, pin = '1234') {
  return test.app.inject({ method: 'POST', url: `/api/prescriptions/${id}/sign`, headers: doctor, payload: { pin } });
}

async function signedTwoItemPrescription() {
  const draft = await twoItemDraft();
  const response = await sign(draft.id);
  expect(response.statusCode, response.body).toBe(200);
  return draft;
}

function pointersOf(prescriptionId: string) {
  return test.app.db.select().from(repositoryPointers)
    .where(eq(repositoryPointers.prescriptionId, prescriptionId))
    .orderBy(asc(repositoryPointers.createdAt), asc(repositoryPointers.cuir));
}

async function cuirsOf(prescriptionId: string) {
  const items = await test.app.db.select().from(prescriptionItems)
    .where(eq(prescriptionItems.prescriptionId, prescriptionId)).orderBy(asc(prescriptionItems.position));
  return items.map((item) => ({ id: item.id, cuir: item.cuir ?? '' }));
}

describe('the national repository\'s pointers', () => {
  it('are queued when a prescription is signed, one per item with its CUIR, and stay pending without an address', async () => {
    const draft = await signedTwoItemPrescription();
    const [first, second] = await cuirsOf(draft.id);
    const [signed] = await test.app.db.select().from(prescriptions).where(eq(prescriptions.id, draft.id));
    const pointers = await pointersOf(draft.id);

    expect(pointers.map((pointer) => [pointer.kind, pointer.cuir, pointer.status])).toEqual([
      ['signed', first?.cuir, 'pending'], ['signed', second?.cuir, 'pending'],
    ]);
    const prescriber = signed!.prescriber;
    expect(pointers[0]?.data).toEqual({
      date: signed!.issuedOn,
      refepsCode: prescriber.refepsCode,
      licence: { type: prescriber.licenceType, number: prescriber.enrollment, jurisdiction: prescriber.jurisdiction },
      profession: prescriber.profession,
      prescriberName: `${prescriber.name} ${prescriber.lastName}`,
      patient: { cuil: signed!.patientCuil, documentType: null, documentNumber: null },
      cuir: first?.cuir,
      transactionId: expect.any(Number) as number,
    });
    expect(prescriber.refepsCode).toBeTruthy();
    expect(signed!.patientCuil).toMatch(/^\d{11}$/);
    // Res. 2214/2025 Annex IV: a sequential number of the repository's.
    expect(pointers[1]!.data.transactionId).toBe(pointers[0]!.data.transactionId + 1);

    await test.app.repositoryDelivery.deliverDue(new Date(Date.now() + 48 * 60 * 60_000));
    expect((await pointersOf(draft.id)).map((pointer) => [pointer.status, pointer.attempts])).toEqual([
      ['pending', 0], ['pending', 0],
    ]);
  });

  it('are not queued when the signature fails: a wrong PIN signs nothing and queues nothing', async () => {
    const draft = await twoItemDraft();
    expect((await sign(draft.id, '9999')).statusCode).toBe(400);
    expect(await pointersOf(draft.id)).toEqual([]);
  });

  it('go with the signature they tell of: a signing transaction that fails at its end leaves none behind', async () => {
    const draft = await twoItemDraft();
    const audit = { actorUserId: doctorId, pagePath: null };
    const actor = { userId: doctorId, workspaceId, seesWorkspace: false, audit };
    const services = {
      db: test.app.db, authority: test.app.signing, publicUrl: test.config.publicUrl, cuirCodes: test.config.cuir,
      // The last step of the transaction, after the pointers were queued.
      deliverToPatient: () => Promise.reject(new Error('El envío al paciente falló')),
    };
    await expect(signPrescriptions(services, [draft.id], { pin: '1234' }, actor))
      .rejects.toThrow('El envío al paciente falló');
    expect(await pointersOf(draft.id)).toEqual([]);
    const [row] = await test.app.db.select({ state: prescriptions.state }).from(prescriptions)
      .where(eq(prescriptions.id, draft.id));
    expect(row?.state).toBe('draft');
  });

  it('are queued for every item when a prescription is cancelled', async () => {
    const draft = await signedTwoItemPrescription();
    const response = await test.app.inject({
      method: 'POST', url: `/api/prescriptions/${draft.id}/cancel`, headers: doctor, payload: { reason: 'Error en la dosis' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const cuirs = (await cuirsOf(draft.id)).map((item) => item.cuir);
    expect((await pointersOf(draft.id)).filter((pointer) => pointer.kind === 'cancelled').map((pointer) => pointer.cuir))
      .toEqual(cuirs);
  });

  it('are queued for the items a pharmacy dispenses, and again for the one whose dispense it undoes', async () => {
    const draft = await signedTwoItemPrescription();
    const [first, second] = await cuirsOf(draft.id);
    const dispensed = await test.app.inject({
      method: 'POST', url: `/api/prescriptions/${draft.id}/dispense`, headers: pharmacy.headers,
      payload: { items: [{ itemId: second!.id, quantity: 1 }] },
    });
    expect(dispensed.statusCode, dispensed.body).toBe(200);
    const kinds = async (kind: string) => (await pointersOf(draft.id))
      .filter((pointer) => pointer.kind === kind).map((pointer) => pointer.cuir);
    expect(await kinds('dispensed')).toEqual([second!.cuir]);

    const [dispensation] = dispensed.json<DispenseResult>().dispensations;
    const undone = await test.app.inject({
      method: 'POST', url: `/api/prescriptions/${draft.id}/dispensations/${dispensation!.id}/undo`, headers: pharmacy.headers,
    });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await kinds('dispense_undone')).toEqual([second!.cuir]);
    expect(await kinds('dispense_undone')).not.toContain(first!.cuir);
  });
});

describe('GET /api/repository-pointers', () => {
  it('lists the pointers for the superadmin, newest first, of the status asked for', async () => {
    const draft = await signedTwoItemPrescription();
    const superadmin = await authorizationFor(test.app, (await createUser(test.app, { roles: ['superadmin'] })).id);
    const response = await test.app.inject({ url: '/api/repository-pointers?status=pending&pageSize=2', headers: superadmin });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<RepositoryPointerPage>();
    expect(page).toMatchObject({ page: 1, pageSize: 2 });
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect(page.items.map((pointer) => pointer.prescriptionId)).toEqual([draft.id, draft.id]);
    expect(page.items[0]).toMatchObject({ kind: 'signed', status: 'pending', attempts: 0, lastError: null, sentAt: null });
    // The patient's identity stays out of the page.
    const [signed] = await test.app.db.select().from(prescriptions).where(eq(prescriptions.id, draft.id));
    expect(response.body).not.toContain(signed!.patientCuil);

    const sent = await test.app.inject({ url: '/api/repository-pointers?status=sent', headers: superadmin });
    expect(sent.json<RepositoryPointerPage>()).toMatchObject({ total: 0, items: [] });
    expect((await test.app.inject({ url: '/api/repository-pointers?status=otro', headers: superadmin })).statusCode)
      .toBe(400);
  });

  it('is refused to a doctor and to an anonymous caller', async () => {
    expect((await test.app.inject({ url: '/api/repository-pointers', headers: doctor })).statusCode).toBe(403);
    expect((await test.app.inject({ url: '/api/repository-pointers' })).statusCode).toBe(401);
  });
});

describe('POST /api/repository-pointers/{id}/retry', () => {
  async function failedPointer() {
    const draft = await signedTwoItemPrescription();
    const [pointer] = await pointersOf(draft.id);
    await test.app.db.update(repositoryPointers)
      .set({ status: 'failed', attempts: 8, lastError: 'Central repository answered 503', nextAttemptAt: new Date('2100-01-01') })
      .where(eq(repositoryPointers.id, pointer!.id));
    return pointer!;
  }

  function retry(id: string, headers: Record<string, string>) {
    return test.app.inject({ method: 'POST', url: `/api/repository-pointers/${id}/retry`, headers });
  }

  it('puts a failed pointer back in the queue as new, due now, and records it with what it had', async () => {
    const pointer = await failedPointer();
    const superadminUser = await createUser(test.app, { roles: ['superadmin'] });
    const superadmin = await authorizationFor(test.app, superadminUser.id);

    const response = await retry(pointer.id, superadmin);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: messages.repositoryPointers.retried });
    const [row] = await test.app.db.select().from(repositoryPointers).where(eq(repositoryPointers.id, pointer.id));
    expect(row).toMatchObject({ status: 'pending', attempts: 0, lastError: null });
    expect(row!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    const events = await readAuditEvents(
      test.app.db, and(eq(auditEvents.subjectId, pointer.id), eq(auditEvents.action, 'repository_pointer.retried')),
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actorUserId: superadminUser.id,
      subjectType: 'repository_pointer',
      details: { cuir: pointer.cuir, attempts: 8, lastError: 'Central repository answered 503' },
    });
  });

  it('refuses a pointer that is not failed with 409, and an unknown one with 404, in Spanish', async () => {
    const pointer = await failedPointer();
    const superadmin = await authorizationFor(test.app, (await createUser(test.app, { roles: ['superadmin'] })).id);
    expect((await retry(pointer.id, superadmin)).statusCode).toBe(200);

    const again = await retry(pointer.id, superadmin);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: messages.repositoryPointers.notFailed });
    const unknown = await retry(randomUUID(), superadmin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: messages.repositoryPointers.notFound });
    expect((await retry('no-es-un-id', superadmin)).statusCode).toBe(400);
  });

  it('is refused to a doctor, a pharmacy and an anonymous caller', async () => {
    const pointer = await failedPointer();
    expect((await retry(pointer.id, doctor)).statusCode).toBe(403);
    expect((await retry(pointer.id, pharmacy.headers)).statusCode).toBe(403);
    expect((await retry(pointer.id, {})).statusCode).toBe(401);
    const [row] = await test.app.db.select().from(repositoryPointers).where(eq(repositoryPointers.id, pointer.id));
    expect(row?.status).toBe('failed');
  });
});
