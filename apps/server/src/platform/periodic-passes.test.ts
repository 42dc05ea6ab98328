import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../../test/database.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { enqueueMail } from './mail/outbox.ts';
import { runPeriodically } from './periodic-passes.ts';

const mail = { subject: 'Aviso', greeting: 'Hola, Ana:', paragraphs: ['Un aviso de prueba.'] };
const anHour = 60 * 60_000;
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('a periodic pass woken by a mail queued', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  /** A loop of an hour's interval, so that every pass seen is one that an announcement woke. */
  async function hourlyLoop(pass: () => Promise<void>) {
    const app = Fastify();
    runPeriodically(app, {
      name: 'test delivery',
      intervalMs: anHour,
      isWorthLogging: () => false,
      wakeOn: { watchChanges: database.watchChanges, change: 'mail_queued' },
    }, pass);
    await app.ready();
    return app;
  }

  it('runs once the transaction that queued the mail commits, not before', async () => {
    let passes = 0;
    const app = await hourlyLoop(async () => {
      passes += 1;
    });
    await database.db.transaction(async (tx) => {
      await enqueueMail(tx, 'ana@example.com', mail);
      await nextTurn();
      expect(passes).toBe(0);
    });
    await vi.waitFor(() => expect(passes).toBe(1));
    await app.close();
  });

  it('wakes one pass for the mails queued while another pass runs, after it', async () => {
    let passes = 0;
    let finishFirst!: () => void;
    const firstPassHeld = new Promise<void>((resolve) => {
      finishFirst = resolve;
    });
    const app = await hourlyLoop(async () => {
      passes += 1;
      if (passes === 1) await firstPassHeld;
    });
    await enqueueMail(database.db, 'ana@example.com', mail);
    await vi.waitFor(() => expect(passes).toBe(1));
    for (const to of ['bruno@example.com', 'carla@example.com']) {
      await enqueueMail(database.db, to, mail);
      await nextTurn();
    }
    finishFirst();
    // Closing waits for the passes queued; an announcement after it wakes none.
    await app.close();
    expect(passes).toBe(2);
    await enqueueMail(database.db, 'dario@example.com', mail);
    await nextTurn();
    expect(passes).toBe(2);
  });
});
