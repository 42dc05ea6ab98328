import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { messages, todayInArgentina, type ApiError, type EventLogVerification } from '@receta/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAuditEvents } from '../../../test/audit-events.ts';
import { createPatient, doctorInWorkspace, type DoctorInWorkspace } from '../../../test/factories/patients.ts';
import { authorizationFor, superadminId } from '../../../test/factories/users.ts';
import { testAdmin } from '../../../test/fixtures.ts';
import { useTestApp } from '../../../test/helper.ts';
import { auditEvents } from '../../db/schema/index.ts';

const run = promisify(execFile);
const test = useTestApp();

let superadmin: Record<string, string>;
let doctor: DoctorInWorkspace;
let folder: string;

beforeAll(async () => {
  superadmin = await authorizationFor(test.app, await superadminId(test.app, testAdmin.email));
  doctor = await doctorInWorkspace(test.app);
  await createPatient(test.app, doctor.headers, { name: 'Eulalia', lastName: 'Benítez' });
  folder = await mkdtemp(join(tmpdir(), 'receta-event-log-'));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

const today = todayInArgentina();

interface ExportedEvent {
  seq: number;
  action: string;
  actor: { id: string } | null;
  subject: { type: string; id: string };
  address: string | null;
  details: Record<string, unknown>;
  previousHash: string;
  hash: string;
}

/** The export opened as the authority would: `openssl cms -verify` against the platform CA. */
interface ExportedLog {
  events: ExportedEvent[];
  from: string;
  to: string;
}

async function openExport(file: Buffer): Promise<ExportedLog> {
  const signed = join(folder, 'registro.p7m');
  const ca = join(folder, 'ca.pem');
  await writeFile(signed, file);
  await writeFile(ca, test.app.signing.ca.certificate.toString('pem'));
  const { stdout, stderr } = await run('openssl', [
    'cms', '-verify', '-inform', 'DER', '-in', signed, '-CAfile', ca, '-out', join(folder, 'registro.json'),
  ]);
  expect(`${stdout}${stderr}`).toContain('Verification successful');
  return JSON.parse(await readFile(join(folder, 'registro.json'), 'utf8')) as ExportedLog;
}

describe('the event log for the authority', () => {
  it('exports a range of days as JSON signed by the platform, which openssl verifies against the platform CA', async () => {
    const response = await test.app.inject({
      method: 'GET', url: `/api/event-log/export?from=${today}&to=${today}`, headers: superadmin,
    });

    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pkcs7-mime');
    expect(response.headers['content-disposition']).toContain(`registro-de-eventos-${today}-a-${today}.p7m`);
    const exported = await openExport(response.rawPayload);
    expect(exported).toMatchObject({ from: today, to: today });
    const created = exported.events.find((event) => event.action === 'patient.created');
    expect(created).toMatchObject({ actor: { id: doctor.id }, subject: { type: 'patient' }, address: '127.0.0.1' });
    // The segment's links can be followed in the file itself.
    for (const [index, event] of exported.events.entries()) {
      if (index > 0 && event.seq === exported.events[index - 1]!.seq + 1) {
        expect(event.previousHash).toBe(exported.events[index - 1]!.hash);
      }
    }
    const [audit] = await readAuditEvents(test.app.db, eq(auditEvents.action, 'event_log.exported'));
    expect(audit?.details).toEqual({ from: today, to: today });
  });

  it('leaves out the days outside the range', async () => {
    const response = await test.app.inject({
      method: 'GET', url: '/api/event-log/export?from=2020-01-01&to=2020-01-31', headers: superadmin,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await openExport(response.rawPayload)).events).toEqual([]);
  });

  it('refuses a range that is backwards, too long or not made of dates, with the Spanish message on the field', async () => {
    const exportOf = (query: string) => test.app.inject({ method: 'GET', url: `/api/event-log/export?${query}`, headers: superadmin });
    const fieldError = async (query: string) => {
      const response = await exportOf(query);
      expect(response.statusCode).toBe(400);
      return response.json<ApiError>().fields;
    };
    expect(await fieldError('from=2026-03-01&to=2026-02-01')).toEqual([{ field: 'querystring.to', message: messages.eventLog.rangeReversed }]);
    expect(await fieldError('from=2024-01-01&to=2026-02-01')).toEqual([{ field: 'querystring.to', message: messages.eventLog.rangeTooLong }]);
    expect(await fieldError('from=ayer&to=2026-02-01')).toEqual([{ field: 'querystring.from', message: messages.eventLog.invalidDate }]);
  });

  it('is the superadmin\'s alone', async () => {
    for (const request of [
      { method: 'POST' as const, url: '/api/event-log/verification' },
      { method: 'GET' as const, url: `/api/event-log/export?from=${today}&to=${today}` },
    ]) {
      expect((await test.app.inject({ ...request, headers: doctor.headers })).statusCode).toBe(403);
      expect((await test.app.inject(request)).statusCode).toBe(401);
    }
  });
  // Last: it breaks this file's chain for good.
  it('walks the chain for the superadmin and says where it first breaks', async () => {
    const intact = await test.app.inject({ method: 'POST', url: '/api/event-log/verification', headers: superadmin });
    expect(intact.statusCode, intact.body).toBe(200);
    expect(intact.json<EventLogVerification>()).toMatchObject({ firstBroken: null });
    expect(intact.json<EventLogVerification>().checked).toBeGreaterThan(0);

    await test.app.db.execute(sql`alter table audit_events disable trigger audit_events_append_only`);
    await test.app.db.delete(auditEvents)
      .where(and(eq(auditEvents.action, 'patient.created'), eq(auditEvents.actorUserId, doctor.id)));
    await test.app.db.execute(sql`alter table audit_events enable trigger audit_events_append_only`);

    const broken = await test.app.inject({ method: 'POST', url: '/api/event-log/verification', headers: superadmin });
    expect(broken.json<EventLogVerification>().firstBroken?.reason).toMatch(/^Falta el evento nº \d+\.$/);
  });
});
