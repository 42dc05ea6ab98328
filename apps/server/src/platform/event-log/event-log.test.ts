import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { readAuditEvents } from '../../../test/audit-events.ts';
import { createPatient, doctorInWorkspace, type DoctorInWorkspace } from '../../../test/factories/patients.ts';
import { useTestApp } from '../../../test/helper.ts';
import type { Database } from '../../db/client.ts';
import { auditEvents, auditLogHead } from '../../db/schema/index.ts';
import { recordAudit } from '../audit.ts';
import { MasterKeyring } from '../pki/index.ts';
import { accessAction } from './access-log.ts';
import { appendChainedJson, appendEvents } from './append-events.ts';
import { eventsAsJson } from './events-as-json.ts';
import { verifyEventLog } from './chain-verification.ts';
import { eventLogKeys } from './event-log-keys.ts';
import { sealLegacyEvents } from './legacy-events.ts';
import { sealEvent } from './sealed-event.ts';

const test = useTestApp();
let doctor: DoctorInWorkspace;

beforeAll(async () => {
  doctor = await doctorInWorkspace(test.app);
  await createPatient(test.app, doctor.headers, { name: 'Rosalía', lastName: 'Quintana' });
  // A few more changes, so that the tampering below has events before and after the one it touches.
  for (let count = 0; count < 4; count += 1) await createPatient(test.app, doctor.headers);
});

/** What someone with the database's owner rights can do: switch off the append-only guard and edit rows. */
async function tamper(db: Database, change: () => Promise<unknown>): Promise<void> {
  await db.execute(sql`alter table audit_events disable trigger audit_events_append_only`);
  try {
    await change();
  } finally {
    await db.execute(sql`alter table audit_events enable trigger audit_events_append_only`);
  }
}

/** Runs `check` on a copy of the chain's state: the test's edits are rolled back afterwards. */
async function onATamperedLog(change: (db: Database) => Promise<unknown>, check: (db: Database) => Promise<void>) {
  const rollback = new Error('rollback');
  await test.app.db.transaction(async (tx) => {
    await tamper(tx, () => change(tx));
    await check(tx);
    throw rollback;
  }).catch((error: unknown) => {
    if (error !== rollback) throw error;
  });
}

async function eventNumbered(db: Database, seq: number) {
  const [event] = await db.select().from(auditEvents).where(eq(auditEvents.seq, seq));
  if (!event) throw new Error(`No event ${seq}`);
  return event;
}

async function lastSeq(db: Database): Promise<number> {
  const [head] = await db.select().from(auditLogHead);
  return head!.seq;
}

describe('the event log', () => {
  it('chains every event in commit order, and the whole chain verifies', async () => {
    const report = await verifyEventLog(test.app.db, eventLogKeys());
    expect(report.firstBroken).toBeNull();
    expect(report.checked).toBeGreaterThanOrEqual(5);
    expect(report.lastSeq).toBe(await lastSeq(test.app.db));
  });

  it('keeps who did what on what readable and seals the rest: no name, address or page in the clear', async () => {
    const [created] = await test.app.db.select().from(auditEvents).where(eq(auditEvents.action, 'patient.created'));
    expect(created).toMatchObject({ actorUserId: doctor.id, subjectType: 'patient', details: null, pagePath: null });
    expect(created!.sealed!.toString('latin1')).not.toMatch(/Rosal|Quintana|127\.0\.0\.1/);
    const [opened] = await readAuditEvents(test.app.db, eq(auditEvents.id, created!.id));
    expect(opened!.outcome).toBe('ok');
    expect(opened!.address).toBe('127.0.0.1');
  });

  it('records every access with its route, address and outcome, refused ones too', async () => {
    const patient = await createPatient(test.app, doctor.headers);
    const read = await test.app.inject({
      method: 'GET', url: `/api/patients/${patient.id}`, headers: { ...doctor.headers, 'x-page-path': `/patients/${patient.id}` },
    });
    expect(read.statusCode).toBe(200);
    const refused = await test.app.inject({ method: 'GET', url: `/api/patients/${patient.id}` });
    expect(refused.statusCode).toBe(401);

    const accesses = await vi.waitFor(async () => {
      const rows = await readAuditEvents(test.app.db, and(
        eq(auditEvents.action, accessAction), eq(auditEvents.subjectId, 'GET /api/patients/:id'),
      ));
      const forThisPatient = rows.filter((row) => row.details.url === `/api/patients/${patient.id}`);
      expect(forThisPatient).toHaveLength(2);
      return forThisPatient;
    }, { timeout: 5_000 });
    expect(accesses.map(({ actorUserId, outcome, pagePath, address }) => ({ actorUserId, outcome, pagePath, address })))
      .toEqual([
        { actorUserId: doctor.id, outcome: '200', pagePath: `/patients/${patient.id}`, address: '127.0.0.1' },
        { actorUserId: null, outcome: '401', pagePath: null, address: '127.0.0.1' },
      ]);
    expect((await verifyEventLog(test.app.db, eventLogKeys())).firstBroken).toBeNull();
  });

  it('records every access of three hundred at once, sealed in batches on the sealing thread, in one unbroken chain', async () => {
    const patient = await createPatient(test.app, doctor.headers);
    const headers = { ...doctor.headers, 'x-page-path': '/pacientes/rafaga' };
    const answers = await Promise.all(Array.from({ length: 300 }, () => (
      test.app.inject({ method: 'GET', url: `/api/patients/${patient.id}`, headers }))));
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));

    await vi.waitFor(async () => {
      const rows = await readAuditEvents(test.app.db, eq(auditEvents.action, accessAction));
      expect(rows.filter((row) => row.pagePath === '/pacientes/rafaga')).toHaveLength(300);
    }, { timeout: 10_000 });
    expect((await verifyEventLog(test.app.db, eventLogKeys())).firstBroken).toBeNull();
  });

  it('refuses to change or delete an event', async () => {
    const [event] = await test.app.db.select().from(auditEvents).limit(1);
    await expect(test.app.db.update(auditEvents).set({ subjectId: 'otro' }).where(eq(auditEvents.id, event!.id)))
      .rejects.toThrow();
    await expect(test.app.db.delete(auditEvents).where(eq(auditEvents.id, event!.id))).rejects.toThrow();
  });

  it('finds a changed event', async () => {
    await onATamperedLog(
      async (db) => db.update(auditEvents).set({ subjectId: 'otro-paciente' }).where(eq(auditEvents.seq, 3)),
      async (db) => {
        const { firstBroken, checked } = await verifyEventLog(db, eventLogKeys());
        expect(firstBroken).toMatchObject({ seq: 3, reason: 'El contenido del evento cambió.' });
        expect(checked).toBe(2);
      },
    );
  });

  it('finds an event whose sealed content was replaced, even with its hashes recomputed by hand', async () => {
    await onATamperedLog(
      async (db) => {
        const event = await eventNumbered(db, 2);
        await db.update(auditEvents).set({ sealed: randomBytes(event.sealed!.length) }).where(eq(auditEvents.seq, 2));
      },
      async (db) => {
        expect((await verifyEventLog(db, eventLogKeys())).firstBroken).toMatchObject({ seq: 2 });
      },
    );
  });

  it('finds a deleted event, in the middle and at the end', async () => {
    await onATamperedLog(
      (db) => db.delete(auditEvents).where(eq(auditEvents.seq, 2)),
      async (db) => {
        expect((await verifyEventLog(db, eventLogKeys())).firstBroken)
          .toMatchObject({ seq: 2, reason: 'Falta el evento nº 2.' });
      },
    );
    await onATamperedLog(
      async (db) => db.delete(auditEvents).where(eq(auditEvents.seq, await lastSeq(db))),
      async (db) => {
        const { firstBroken } = await verifyEventLog(db, eventLogKeys());
        expect(firstBroken).toMatchObject({ seq: await lastSeq(db) });
        expect(firstBroken!.reason).toMatch(/^Faltan eventos al final del registro/);
      },
    );
  });

  it('finds two events that swapped places', async () => {
    await onATamperedLog(
      async (db) => {
        await db.update(auditEvents).set({ seq: -1 }).where(eq(auditEvents.seq, 3));
        await db.update(auditEvents).set({ seq: 3 }).where(eq(auditEvents.seq, 4));
        await db.update(auditEvents).set({ seq: 4 }).where(eq(auditEvents.seq, -1));
      },
      async (db) => {
        expect((await verifyEventLog(db, eventLogKeys())).firstBroken).toMatchObject({
          seq: 3, reason: 'El evento no sigue al anterior: la cadena fue reordenada o alterada.',
        });
      },
    );
  });

  it('finds an event slipped in with the chaining switched off', async () => {
    await onATamperedLog(
      async (db) => {
        await db.execute(sql`alter table audit_events disable trigger audit_events_chain`);
        await recordAudit(db, { actorUserId: null, pagePath: null }, {
          action: 'patient.deleted', subjectType: 'patient', subjectId: 'inventado',
        });
        await db.execute(sql`alter table audit_events enable trigger audit_events_chain`);
      },
      async (db) => {
        expect((await verifyEventLog(db, eventLogKeys())).firstBroken)
          .toMatchObject({ seq: null, reason: 'El evento está fuera de la cadena.' });
      },
    );
  });

  it('finds an event written by hand past the head', async () => {
    await onATamperedLog(
      async (db) => {
        const last = await eventNumbered(db, await lastSeq(db));
        await db.execute(sql`alter table audit_events disable trigger audit_events_chain`);
        await db.insert(auditEvents).values({ ...last, id: undefined, seq: last.seq! + 1, subjectId: 'inventado' });
        await db.execute(sql`alter table audit_events enable trigger audit_events_chain`);
      },
      async (db) => {
        expect((await verifyEventLog(db, eventLogKeys())).firstBroken)
          .toMatchObject({ seq: null, reason: 'El evento está fuera de la cadena.' });
      },
    );
  });

  it('verifies the chain while it grows: an event appended during the walk is not an event missing', async () => {
    const appending = Array.from({ length: 40 }, (_, index) => test.app.db.transaction((tx) => (
      recordAudit(tx, { actorUserId: doctor.id, pagePath: null }, {
        action: 'test.growing', subjectType: 'test', subjectId: String(index),
      }))));
    const verifying = Array.from({ length: 10 }, () => verifyEventLog(test.app.db, eventLogKeys()));
    const [reports] = await Promise.all([Promise.all(verifying), Promise.all(appending)]);
    expect(reports.map((report) => report.firstBroken)).toEqual(reports.map(() => null));
  });

  it('keeps one unbroken chain when many transactions append at once', async () => {
    const before = await lastSeq(test.app.db);
    await Promise.all(Array.from({ length: 60 }, (_, index) => test.app.db.transaction(async (tx) => {
      await recordAudit(tx, { actorUserId: doctor.id, pagePath: null }, {
        action: 'test.concurrent', subjectType: 'test', subjectId: String(index),
      });
      await recordAudit(tx, { actorUserId: doctor.id, pagePath: null }, {
        action: 'test.concurrent', subjectType: 'test', subjectId: `${index}-again`,
      });
    })));
    const report = await verifyEventLog(test.app.db, eventLogKeys());
    expect(report.firstBroken).toBeNull();
    expect(report.lastSeq).toBeGreaterThanOrEqual(before + 120);
    // Each transaction's two events are neighbours: the chain follows commits, not statements.
    const rows = await test.app.db.select({ seq: auditEvents.seq, subjectId: auditEvents.subjectId })
      .from(auditEvents).where(eq(auditEvents.action, 'test.concurrent'));
    const seqOf = new Map(rows.map((row) => [row.subjectId, row.seq!]));
    for (let index = 0; index < 60; index += 1) {
      expect(seqOf.get(`${index}-again`)! - seqOf.get(String(index))!).toBe(1);
    }
  });

  it('chains the events of one statement in the order they were written, one after another', async () => {
    const written = Array.from({ length: 300 }, (_, index) => sealEvent(eventLogKeys(), {
      actorUserId: doctor.id, oauthClientId: null, action: 'test.batch', subjectType: 'test', subjectId: String(index),
    }, { address: null, pagePath: null, outcome: 'ok', details: {} }));
    await appendEvents(test.app.db, written);
    const rows = await test.app.db.select({ seq: auditEvents.seq, subjectId: auditEvents.subjectId })
      .from(auditEvents).where(eq(auditEvents.action, 'test.batch')).orderBy(auditEvents.seq);
    expect(rows.map((row) => row.subjectId)).toEqual(written.map((event) => event.subjectId));
    expect(rows.at(-1)!.seq! - rows[0]!.seq!).toBe(299);
    expect((await verifyEventLog(test.app.db, eventLogKeys())).firstBroken).toBeNull();
  });

  it('appends a batch already chained, each row written once, in the order given', async () => {
    const written = Array.from({ length: 300 }, (_, index) => sealEvent(eventLogKeys(), {
      actorUserId: null, oauthClientId: null, action: 'test.chained', subjectType: 'test', subjectId: String(index),
    }, { address: '127.0.0.1', pagePath: null, outcome: '200', details: {} }));
    const before = await lastSeq(test.app.db);
    const writes = await test.app.db.transaction(async (tx) => {
      const rowWrites = async () => {
        const [counts] = await tx.select({ inserted: sql<number>`n_tup_ins::int`, updated: sql<number>`n_tup_upd::int` })
          .from(sql`pg_stat_xact_user_tables`).where(sql`relname = 'audit_events'`);
        return counts!;
      };
      // Any chaining the commit would do runs at once instead, so that its writes are counted here.
      await tx.execute(sql`set constraints audit_events_chain immediate`);
      const start = await rowWrites();
      await appendChainedJson(tx, eventsAsJson(written));
      const end = await rowWrites();
      return { inserted: end.inserted - start.inserted, updated: end.updated - start.updated };
    });
    expect(writes).toEqual({ inserted: 300, updated: 0 });
    const rows = await test.app.db.select({ seq: auditEvents.seq, subjectId: auditEvents.subjectId })
      .from(auditEvents).where(eq(auditEvents.action, 'test.chained')).orderBy(auditEvents.seq);
    expect(rows.map((row) => row.subjectId)).toEqual(written.map((event) => event.subjectId));
    expect(rows.map((row) => row.seq)).toEqual(written.map((_, index) => before + index + 1));
    expect((await verifyEventLog(test.app.db, eventLogKeys())).firstBroken).toBeNull();
  });

  it('keeps one unbroken chain when chained batches and transactions append at once', async () => {
    const batch = (round: number) => Array.from({ length: 20 }, (_, index) => sealEvent(eventLogKeys(), {
      actorUserId: null, oauthClientId: null, action: 'test.mixed', subjectType: 'test', subjectId: `${round}-${index}`,
    }, { address: null, pagePath: null, outcome: '200', details: {} }));
    const before = await lastSeq(test.app.db);
    await Promise.all(Array.from({ length: 30 }, (_, round) => Promise.all([
      appendChainedJson(test.app.db, eventsAsJson(batch(round))),
      test.app.db.transaction(async (tx) => {
        await recordAudit(tx, { actorUserId: doctor.id, pagePath: null }, {
          action: 'test.mixed', subjectType: 'test', subjectId: `transaction-${round}`,
        });
      }),
    ])));
    const report = await verifyEventLog(test.app.db, eventLogKeys());
    expect(report.firstBroken).toBeNull();
    expect(report.lastSeq).toBe(before + 30 * 21);
  });

  it('opens events sealed before a key rotation with the retired key, and says so when that key is missing', async () => {
    const retired = eventLogKeys();
    const rotated = retired.joinedWith(new MasterKeyring(randomBytes(32)));
    const onlyTheNewKey = new MasterKeyring(randomBytes(32));
    expect((await verifyEventLog(test.app.db, rotated)).firstBroken).toBeNull();
    expect((await verifyEventLog(test.app.db, onlyTheNewKey)).firstBroken).toMatchObject({
      seq: 1, reason: 'El contenido sellado del evento no se puede abrir: fue alterado o falta su clave.',
    });
  });

  it('seals and chains, at start-up, the events an earlier version wrote in the clear', async () => {
    await test.app.db.execute(sql`alter table audit_events disable trigger audit_events_chain`);
    await test.app.db.execute(sql`
      insert into audit_events (at, action, subject_type, subject_id, page_path, details)
      values ('2025-03-02T10:00:00Z', 'doctor.authorized', 'user', 'antiguo', '/moderation', '{"note": "aprobado"}'),
             ('2025-03-01T10:00:00Z', 'doctor.registered', 'user', 'anterior', '/register', '{}')`);
    await test.app.db.execute(sql`alter table audit_events enable trigger audit_events_chain`);
    expect((await verifyEventLog(test.app.db, eventLogKeys())).firstBroken).toMatchObject({ seq: null });

    await sealLegacyEvents(test.app.db, eventLogKeys());

    const [legacy] = await readAuditEvents(test.app.db, eq(auditEvents.subjectId, 'antiguo'));
    expect(legacy).toMatchObject({ details: { note: 'aprobado' }, pagePath: '/moderation', outcome: 'ok' });
    expect(legacy!.seq).toBe(await lastSeq(test.app.db));
    // Oldest first, though written second.
    const [earlier] = await readAuditEvents(test.app.db, eq(auditEvents.subjectId, 'anterior'));
    expect(earlier!.seq).toBe(legacy!.seq! - 1);
    expect((await verifyEventLog(test.app.db, eventLogKeys())).firstBroken).toBeNull();
  });
});
