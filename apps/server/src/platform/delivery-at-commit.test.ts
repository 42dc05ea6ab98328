import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerDoctor } from '../../test/factories/doctors.ts';
import { useTestApp } from '../../test/helper.ts';
import { mailOutbox, smsOutbox } from '../db/schema/index.ts';
import { enqueueSms } from './sms/sms-outbox.ts';

// The delivery loops' timers are started under a fake clock that never moves, so that a
// message delivered here was delivered by the announcement of its commit, not by a tick.
// No SMTP_URL or SMS_WEBHOOK_URL: a delivered message is kept for the outbox pages.
const test = useTestApp({
  extend: () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  },
});
beforeAll(() => {
  vi.useRealTimers();
});
afterAll(() => {
  vi.useRealTimers();
});

describe('messages delivered as soon as the change that queued them commits', () => {
  it('delivers the mail of a registration without waiting for a pass', async () => {
    const doctor = await registerDoctor(test.app);
    await vi.waitFor(async () => {
      const [row] = await test.app.db.select({ status: mailOutbox.status }).from(mailOutbox)
        .where(eq(mailOutbox.to, doctor.email));
      expect(row?.status).toBe('kept');
    }, { timeout: 10_000 });
  });

  it('delivers an SMS without waiting for a pass', async () => {
    await enqueueSms(test.app.db, '1166660002', 'Receta N.º 11: https://receta.test/p/dos');
    await vi.waitFor(async () => {
      const [row] = await test.app.db.select({ status: smsOutbox.status }).from(smsOutbox).where(eq(smsOutbox.to, '1166660002'));
      expect(row?.status).toBe('kept');
    }, { timeout: 10_000 });
  });
});
