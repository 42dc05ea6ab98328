import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createPrescribingDoctor, createPrescription, headersIn, sampleMedications,
} from '../../../test/factories/prescriptions.ts';
import { createWorkspace } from '../../../test/factories/workspaces.ts';
import { useTestApp } from '../../../test/helper.ts';
import { prescriptions, repositoryPointers } from '../../db/schema/index.ts';
import { maxDeliveryAttempts, retryDelaysMs } from '../../platform/retry-schedule.ts';

const received: Array<{ idempotencyKey: string | undefined; contentType: string | undefined; body: unknown }> = [];
/** The status the central repository answers with; 200 unless a test wants it to fail. */
let answerWith = 200;

const centralRepository = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    if (answerWith < 300) {
      received.push({
        idempotencyKey: request.headers['idempotency-key'] as string | undefined,
        contentType: request.headers['content-type'],
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
      });
    }
    response.writeHead(answerWith).end();
  });
});

const logLines: string[] = [];
// Filled before the app starts: useTestApp reads the environment in its own beforeAll.
const environment: Record<string, string> = { LOG_LEVEL: 'warn' };
beforeAll(async () => {
  await new Promise<void>((resolve) => centralRepository.listen(0, '127.0.0.1', resolve));
  const { port } = centralRepository.address() as AddressInfo;
  environment.CENTRAL_REPOSITORY_URL = `http://127.0.0.1:${port}/punteros?clave=secreta`;
});
afterAll(() => new Promise<void>((resolve) => centralRepository.close(() => resolve())));

const test = useTestApp({
  environment,
  logStream: {
    write: (line) => {
      logLines.push(line);
    },
  },
});

let workspaceId: string;
let doctorId: string;

beforeAll(async () => {
  doctorId = (await createPrescribingDoctor(test.app)).id;
  workspaceId = (await createWorkspace(test.app, { memberIds: [doctorId] })).id;
});
beforeEach(() => {
  answerWith = 200;
});

/** Signs a two-item prescription through the API and answers its id. */
async function signedTwoItemPrescription(): Promise<string> {
  const draft = await createPrescription(test.app, {
    workspaceId, doctorUserId: doctorId, items: [sampleMedications.enalapril, sampleMedications.metformin],
  });
  const response = await test.app.inject({
    method: 'POST', url: `/api/prescriptions/${draft.id}/sign`,
    headers: await headersIn(test.app, doctorId, workspaceId), payload: { pin: '1234' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return draft.id;
}

function pointersOf(prescriptionId: string) {
  return test.app.db.select().from(repositoryPointers)
    .where(eq(repositoryPointers.prescriptionId, prescriptionId)).orderBy(asc(repositoryPointers.cuir));
}

describe('delivery of the pointers to CENTRAL_REPOSITORY_URL', () => {
  it('POSTs each pointer as JSON with its id as Idempotency-Key and marks it sent', async () => {
    const prescriptionId = await signedTwoItemPrescription();
    await test.app.repositoryDelivery.deliverDue();

    const pointers = await pointersOf(prescriptionId);
    expect(pointers.map((pointer) => [pointer.status, pointer.attempts, pointer.lastError])).toEqual([
      ['sent', 1, null], ['sent', 1, null],
    ]);
    expect(pointers[0]?.sentAt).toBeInstanceOf(Date);
    const [signed] = await test.app.db.select().from(prescriptions).where(eq(prescriptions.id, prescriptionId));
    for (const pointer of pointers) {
      expect(received.filter((request) => request.idempotencyKey === pointer.id)).toEqual([{
        idempotencyKey: pointer.id,
        contentType: 'application/json',
        body: { kind: 'signed', ...pointer.data },
      }]);
      expect(pointer.data).toMatchObject({ cuir: pointer.cuir, patient: { cuil: signed!.patientCuil } });
    }
  });

  it('retries a refused pointer with growing waits, then marks it failed with an alert naming only its id and the status', async () => {
    answerWith = 500;
    const prescriptionId = await signedTwoItemPrescription();
    let now = new Date();
    const waits: number[] = [];
    for (let attempt = 1; attempt <= maxDeliveryAttempts; attempt += 1) {
      await test.app.repositoryDelivery.deliverDue(now);
      const [pointer] = await pointersOf(prescriptionId);
      expect(pointer?.attempts).toBe(attempt);
      expect(pointer?.lastError).toBe('Central repository answered 500');
      if (pointer?.status !== 'pending') break;
      waits.push(pointer.nextAttemptAt.getTime() - now.getTime());
      now = pointer.nextAttemptAt;
    }
    // The first attempt may have been the delivery loop's, a moment before ours.
    expect(waits.slice(1)).toEqual(retryDelaysMs.slice(1));
    const pointers = await pointersOf(prescriptionId);
    expect(pointers.map((pointer) => [pointer.status, pointer.attempts])).toEqual([
      ['failed', maxDeliveryAttempts], ['failed', maxDeliveryAttempts],
    ]);

    const alerts = logLines.map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.pointerId === pointers[0]?.id);
    expect(alerts).toEqual([expect.objectContaining({
      level: 40, status: 500, msg: `National repository pointer failed after ${maxDeliveryAttempts} attempts`,
    })]);
    const [signed] = await test.app.db.select().from(prescriptions).where(eq(prescriptions.id, prescriptionId));
    const log = logLines.join('\n');
    expect(log).not.toContain(signed!.patientCuil);
    expect(log).not.toContain(pointers[0]!.cuir);
    expect(log).not.toContain('secreta');

    // A failed pointer is not sent again by itself.
    answerWith = 200;
    await test.app.repositoryDelivery.deliverDue(new Date(now.getTime() + 48 * 60 * 60_000));
    expect(received.filter((request) => request.idempotencyKey === pointers[0]?.id)).toEqual([]);
  });
});
