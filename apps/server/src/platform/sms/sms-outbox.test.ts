import type { SmsOutboxPage } from '@receta/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { authorizationFor, createUser } from '../../../test/factories/users.ts';
import { useTestApp } from '../../../test/helper.ts';
import { smsOutbox } from '../../db/schema/index.ts';
import { enqueueSms } from './sms-outbox.ts';

// No SMS_WEBHOOK_URL: messages stay in the outbox, where the superadmin reads them.
const test = useTestApp();
let superadmin: Record<string, string>;

beforeAll(async () => {
  superadmin = await authorizationFor(test.app, (await createUser(test.app, { roles: ['superadmin'] })).id);
});

function readOutbox(query: string, headers = superadmin) {
  return test.app.inject({ url: `/api/sms-outbox${query}`, headers });
}

describe('SMS without a transport', () => {
  it('is kept in the outbox and never retried', async () => {
    await enqueueSms(test.app.db, '1166660001', 'Receta N.º 10: https://receta.test/p/uno');
    await test.app.smsDelivery.deliverDue();
    const [row] = await test.app.db.select().from(smsOutbox).where(eq(smsOutbox.to, '1166660001'));
    expect(row).toMatchObject({ status: 'kept', attempts: 0, sentAt: null, lastError: null });
    expect((await test.app.smsDelivery.deliverDue(new Date(Date.now() + 24 * 60 * 60_000))).kept).toBe(0);
  });
});

describe('GET /api/sms-outbox', () => {
  it('never shows a patient\'s message, nor more than the end of the number', async () => {
    const url = 'https://receta.test/p/enlace-del-paciente';
    await enqueueSms(test.app.db, '1166660042', `Receta N.º 42: ${url}`, { url, kind: 'patient' });
    const response = await readOutbox('?pageSize=100');
    expect(response.body).not.toContain('enlace-del-paciente');
    expect(response.body).not.toContain('1166660042');
    expect(response.json<SmsOutboxPage>().items.filter((sms) => sms.to === '***42'))
      .toMatchObject([{ text: null, withheld: 'content' }]);
  });

  it('shows the superadmin every message, newest first, a page at a time', async () => {
    // A second apart, in the future: the order must not hang on the clock's resolution.
    const later = Date.now() + 60_000;
    await test.app.db.insert(smsOutbox).values([1, 2, 3].map((number) => ({
      to: `117777000${number}`, text: `Receta N.º ${number}`, createdAt: new Date(later + number * 1000),
    })));
    const page = (await readOutbox('?page=1&pageSize=2')).json<SmsOutboxPage>();
    expect(page).toMatchObject({ page: 1, pageSize: 2 });
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect(page.items.map((sms) => sms.to)).toEqual(['1177770003', '1177770002']);
    expect(page.items[0]).toMatchObject({ text: 'Receta N.º 3', attempts: 0, lastError: null, sentAt: null, withheld: null });
    expect(Date.parse(page.items[0]?.createdAt ?? '')).not.toBeNaN();
  });

  it('is for the superadmin only', async () => {
    const doctor = await createUser(test.app, { roles: ['fds.medical'] });
    expect((await readOutbox('', await authorizationFor(test.app, doctor.id))).statusCode).toBe(403);
    expect((await readOutbox('', {})).statusCode).toBe(401);
  });
});
