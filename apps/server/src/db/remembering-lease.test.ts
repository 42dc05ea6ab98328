import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPostgresTestCopy, testDatabaseUrl } from '../../test/database.ts';
import { createApprovedDoctor } from '../../test/factories/approved-doctors.ts';
import { createPatientRecord, headersIn } from '../../test/factories/prescriptions.ts';
import { createWorkspace } from '../../test/factories/workspaces.ts';
import { useTestApp } from '../../test/helper.ts';
import { openPostgres, type DatabaseHandle } from './client.ts';
import { PostgresAnnouncements } from './postgres-announcements.ts';
import { patients, sessions } from './schema/index.ts';

// Several server processes on one PostgreSQL database, starting and stopping as behind a load
// balancer: one alone answers from memory; while several run, none does (decision 068).
describe.runIf(testDatabaseUrl())('the remembering lease on PostgreSQL', () => {
  let database: { url: string; release: () => Promise<void> };
  let admin: pg.Client;
  const opened: DatabaseHandle[] = [];

  beforeAll(async () => {
    database = await openPostgresTestCopy();
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((handle) => handle.close()));
  });
  afterAll(async () => {
    await admin.end();
    await database.release();
  });

  async function startProcess(): Promise<DatabaseHandle> {
    const handle = await openPostgres(database.url);
    opened.push(handle);
    return handle;
  }

  async function stopProcess(handle: DatabaseHandle): Promise<void> {
    opened.splice(opened.indexOf(handle), 1);
    await handle.close();
  }

  it('is held by a process alone on the database', async () => {
    const only = await startProcess();
    expect(only.mayRemember()).toBe(true);
  });

  it('is given up before a second process has opened the database, and taken again once it has gone', async () => {
    const first = await startProcess();
    const second = await startProcess();
    expect(first.mayRemember()).toBe(false);
    expect(second.mayRemember()).toBe(false);

    await stopProcess(second);
    await vi.waitFor(() => expect(first.mayRemember()).toBe(true), { timeout: 10_000, interval: 20 });
  });

  it('is given up by each of three processes started at once', async () => {
    const all = await Promise.all([startProcess(), startProcess(), startProcess()]);
    expect(all.map((handle) => handle.mayRemember())).toEqual([false, false, false]);
  });

  it('ends with the connection that held it, and a process starting meanwhile waits until the lease is over', async () => {
    const first = await startProcess();
    const { rows: [lease] } = await admin.query<{ pid: number; heldUntil: Date }>(`
      select pid, held_until as "heldUntil" from pg_locks, remembering_lease
      where locktype = 'advisory' and objid = 680068 and mode = 'ExclusiveLock' and granted`);
    await admin.query('select pg_terminate_backend($1)', [lease!.pid]);

    await startProcess();
    const { rows: [now] } = await admin.query<{ isOver: boolean }>('select clock_timestamp() >= $1 as "isOver"', [lease!.heldUntil]);
    expect(now!.isOver).toBe(true);
    expect(first.mayRemember()).toBe(false);
  });

  it('hears each announced change once: a pooled connection\'s own before its statement answers', async () => {
    const announcements = new PostgresAnnouncements();
    const own = new pg.Client({ connectionString: database.url });
    const others = new pg.Client({ connectionString: database.url });
    await Promise.all([own.connect(), others.connect()]);
    try {
      await announcements.hearOwnChanges(own);
      await announcements.hearOtherChanges(others);
      let heard = 0;
      announcements.watch('patients_changed', () => heard++);
      await own.query('update patients set name = name where false');
      expect(heard).toBe(1);

      await admin.query('update patients set name = name where false');
      await vi.waitFor(() => expect(heard).toBe(2), { timeout: 10_000, interval: 5 });
      // PostgreSQL sends a connection what was announced before it answers its next statement:
      // by then each listening connection has had both changes, and each was heard once.
      await Promise.all([own.query('select 1'), others.query('select 1')]);
      expect(heard).toBe(2);
    } finally {
      await Promise.all([own.end(), others.end()]);
    }
  });
});

describe.runIf(testDatabaseUrl())('a process alone on PostgreSQL', () => {
  const context = useTestApp();

  /** A doctor's clinic with one patient, whose record the doctor has just read. */
  async function patientJustRead() {
    const { app } = context;
    const doctor = await createApprovedDoctor(app);
    const workspace = await createWorkspace(app, { memberIds: [doctor.id] });
    const patient = await createPatientRecord(app, { workspaceId: workspace.id });
    const headers = await headersIn(app, doctor.id, workspace.id);
    const read = () => app.inject({ url: `/api/patients/${patient.id}`, headers });
    expect((await read()).statusCode).toBe(200);
    return { doctor, patient, read };
  }

  it('answers a patient from memory until it changes the patient itself', async () => {
    const { app } = context;
    const { patient, read } = await patientJustRead();
    // A replica's writes fire no trigger, so the database announces nothing.
    await app.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(patients).set({ name: 'Inadvertida' }).where(eq(patients.id, patient.id));
    });
    expect((await read()).json()).toMatchObject({ name: 'Juana' });

    await app.db.update(patients).set({ phone: '1145678901' }).where(eq(patients.id, patient.id));
    expect((await read()).json()).toMatchObject({ name: 'Inadvertida', phone: '1145678901' });
  });

  it('refuses all fifty requests sent after it revoked a session, with fifty in flight when it did', async () => {
    const { app } = context;
    const { doctor, read } = await patientJustRead();
    const inFlight = Array.from({ length: 50 }, () => read());
    await app.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, doctor.id));
    const after = await Promise.all(Array.from({ length: 50 }, () => read()));
    expect(after.map((response) => response.statusCode)).toEqual(after.map(() => 401));
    await Promise.all(inFlight);
  });
});
