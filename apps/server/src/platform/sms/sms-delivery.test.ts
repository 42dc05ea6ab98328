import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper.ts';
import { smsOutbox } from '../../db/schema/index.ts';
import { retryDelaysMs } from '../retry-schedule.ts';
import { enqueueSms } from './sms-outbox.ts';

const received: Array<{ contentType: string | undefined; body: unknown }> = [];
/** The status the gateway answers with; 200 unless a test wants it to refuse. */
let answerWith = 200;

const gateway = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    if (answerWith === 200) {
      received.push({ contentType: request.headers['content-type'], body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
    }
    response.writeHead(answerWith).end();
  });
});

// Filled before the app starts: useTestApp reads the environment in its own beforeAll.
const environment: Record<string, string> = {};
beforeAll(async () => {
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  environment.SMS_WEBHOOK_URL = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/sms?clave=secreta`;
});
afterAll(() => new Promise<void>((resolve) => gateway.close(() => resolve())));

const test = useTestApp({ environment });

beforeEach(() => {
  answerWith = 200;
});

async function rowTo(to: string) {
  const [row] = await test.app.db.select().from(smsOutbox).where(eq(smsOutbox.to, to));
  if (!row) throw new Error(`No SMS to ${to}`);
  return row;
}

describe('SMS delivery through the webhook', () => {
  it('POSTs {to, text} as JSON and marks the message sent, keeping no copy of its link', async () => {
    const url = 'https://receta.test/p/abc';
    await enqueueSms(test.app.db, '1155550001', `Receta N.º 1: ${url}`, { url, kind: 'patient' });
    await test.app.smsDelivery.deliverDue();

    expect(received.filter(({ body }) => (body as { to: string }).to === '1155550001')).toEqual([{
      contentType: 'application/json',
      body: { to: '1155550001', text: `Receta N.º 1: ${url}` },
    }]);
    const row = await rowTo('1155550001');
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null, text: 'Receta N.º 1: [enlace enviado]', link: null });
    expect(row.sentAt).toBeInstanceOf(Date);
  });

  it('retries a refused message after a minute, without the webhook\'s address in the error', async () => {
    answerWith = 503;
    await enqueueSms(test.app.db, '1155550002', 'Receta N.º 2');
    const start = new Date();
    await test.app.smsDelivery.deliverDue(start);

    const refused = await rowTo('1155550002');
    expect(refused).toMatchObject({ status: 'pending', attempts: 1, lastError: 'SMS webhook answered 503' });
    expect(refused.nextAttemptAt.getTime() - start.getTime()).toBeLessThanOrEqual(retryDelaysMs[0] ?? 0);
    expect(refused.nextAttemptAt.getTime() - start.getTime()).toBeGreaterThan((retryDelaysMs[0] ?? 0) - 10_000);

    answerWith = 200;
    await test.app.smsDelivery.deliverDue(refused.nextAttemptAt);
    expect(await rowTo('1155550002')).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  it('counts an unreachable gateway as a failed attempt', async () => {
    await new Promise<void>((resolve) => gateway.close(() => resolve()));
    try {
      await enqueueSms(test.app.db, '1155550003', 'Receta N.º 3');
      await test.app.smsDelivery.deliverDue();
      const row = await rowTo('1155550003');
      expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'SMS webhook could not connect' });
      expect(row.lastError).not.toContain('secreta');
    } finally {
      await new Promise<void>((resolve) => gateway.listen(Number(new URL(environment.SMS_WEBHOOK_URL ?? '').port), '127.0.0.1', resolve));
    }
  });
});
