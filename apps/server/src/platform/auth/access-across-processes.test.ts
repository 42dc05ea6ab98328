import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createApprovedDoctor } from '../../../test/factories/approved-doctors.ts';
import { createPatientRecord, headersIn } from '../../../test/factories/prescriptions.ts';
import { createWorkspace } from '../../../test/factories/workspaces.ts';
import { useTestApps } from '../../../test/helper.ts';
import { sessions, userRoles, users, workspaceMembers } from '../../db/schema/index.ts';

// Two server processes on one database, as behind a load balancer: what one changes, the
// other refuses on its very next request, whatever it read for the requests before.
const [first, second] = useTestApps(2);

/** A doctor working in a clinic with one patient, who has just read that patient through the first process. */
async function doctorReadingAPatient() {
  const doctor = await createApprovedDoctor(first!.app);
  const workspace = await createWorkspace(first!.app, { memberIds: [doctor.id] });
  const patient = await createPatientRecord(first!.app, { workspaceId: workspace.id });
  const headers = await headersIn(first!.app, doctor.id, workspace.id);
  const read = () => first!.app.inject({ url: `/api/patients/${patient.id}`, headers });
  expect((await read()).statusCode).toBe(200);
  return { doctor, workspace, read };
}

describe('a change made through another server process', () => {
  it('refuses a session revoked there', async () => {
    const { doctor, read } = await doctorReadingAPatient();
    await second!.app.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, doctor.id));
    expect((await read()).statusCode).toBe(401);
  });

  it('refuses all fifty requests sent after a session is revoked there, with fifty in flight when it was', async () => {
    const { doctor, read } = await doctorReadingAPatient();
    const inFlight = Array.from({ length: 50 }, () => read());
    await second!.app.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, doctor.id));
    const after = await Promise.all(Array.from({ length: 50 }, () => read()));
    expect(after.map((response) => response.statusCode)).toEqual(after.map(() => 401));
    await Promise.all(inFlight);
  });

  it('refuses a user whose role was taken away there', async () => {
    const { doctor, read } = await doctorReadingAPatient();
    await second!.app.db.delete(userRoles).where(eq(userRoles.userId, doctor.id));
    expect((await read()).statusCode).toBe(403);
  });

  it('refuses a member removed from the workspace there', async () => {
    const { doctor, workspace, read } = await doctorReadingAPatient();
    await second!.app.db.delete(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, workspace.id), eq(workspaceMembers.userId, doctor.id)));
    const response = await read();
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ errorCode: 'workspaceForbidden' });
  });

  it('refuses a user whose password expired meanwhile', async () => {
    const { doctor, read } = await doctorReadingAPatient();
    await second!.app.db.update(users).set({ passwordChangedAt: sql`now() - interval '400 days'` }).where(eq(users.id, doctor.id));
    const response = await read();
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ errorCode: 'passwordExpired' });
  });

  it('refuses a session left idle past SESSION_IDLE_HOURS', async () => {
    const { doctor, read } = await doctorReadingAPatient();
    await second!.app.db.update(sessions).set({ lastSeenAt: sql`now() - interval '9 hours'` }).where(eq(sessions.userId, doctor.id));
    expect((await read()).statusCode).toBe(401);
  });
});
