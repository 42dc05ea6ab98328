import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { medicalInput } from '../../../test/factories/medicals.ts';
import { createPrescribingDoctor, createPrescription, headersIn } from '../../../test/factories/prescriptions.ts';
import { authorizationFor, createUser } from '../../../test/factories/users.ts';
import { createWorkspace } from '../../../test/factories/workspaces.ts';
import { pdfsigTrusting, type Pdfsig } from '../../../test/pdfsig.ts';
import { useTestApp } from '../../../test/helper.ts';
import { auditEvents, doctorCredentials, prescriptionDocuments, workspaceMembers } from '../../db/schema/index.ts';
import { readAuditEvents } from '../../../test/audit-events.ts';

const test = useTestApp();
const run = promisify(execFile);

let directory: string;
let pdfsig: Pdfsig;
let workspaceId: string;
let clinicAdmin: Record<string, string>;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'receta-reissue-'));
  pdfsig = await pdfsigTrusting(test.app.signing.ca.certificate, directory);
  const admin = await createUser(test.app, { roles: ['fds.admin'] });
  workspaceId = (await createWorkspace(test.app, { memberIds: [admin.id] })).id;
  clinicAdmin = await authorizationFor(test.app, admin.id);
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

/** A doctor of the clinic who may sign (PIN 1234), signed in and working in it. */
async function doctorOfClinic() {
  const doctor = await createPrescribingDoctor(test.app);
  await test.app.db.insert(workspaceMembers).values({ workspaceId, userId: doctor.id });
  return { id: doctor.id, headers: await headersIn(test.app, doctor.id, workspaceId) };
}

async function signedPdfOf(doctor: { id: string; headers: Record<string, string> }): Promise<Buffer> {
  const draft = await createPrescription(test.app, { workspaceId, doctorUserId: doctor.id });
  const response = await test.app.inject({
    method: 'POST', url: `/api/prescriptions/${draft.id}/sign`, headers: doctor.headers, payload: { pin: '1234' },
  });
  expect(response.statusCode, response.body).toBe(200);
  const [document] = await test.app.db.select().from(prescriptionDocuments)
    .where(eq(prescriptionDocuments.prescriptionId, draft.id));
  return document!.pdf;
}

async function textOf(pdf: Buffer): Promise<string> {
  const path = join(directory, 'text.pdf');
  await writeFile(path, pdf);
  return (await run('pdftotext', ['-enc', 'UTF-8', path, '-'])).stdout.replace(/\s+/g, ' ');
}

function credentialsOf(userId: string) {
  return test.app.db.select().from(doctorCredentials).where(eq(doctorCredentials.userId, userId));
}

function edit(userId: string, changes: { jurisdictionCode: string; doctorEnrollment: string }) {
  const { phoneNumber, address, apartment, district, province, specialtyId, professionCode } = medicalInput();
  return test.app.inject({
    method: 'PUT', url: `/api/medicals/${userId}`, headers: clinicAdmin,
    payload: { phoneNumber, address, apartment, district, province, specialtyId, professionCode, ...changes },
  });
}

describe('PUT /api/medicals/{id} and the doctor\'s certificate', () => {
  it('re-issues the certificate when the licence changes, so that the next signature names the new licence in the certificate and in the PDF', async () => {
    const doctor = await doctorOfClinic();
    expect(await pdfsig(await signedPdfOf(doctor), 'before.pdf')).toContain('MN 123456');
    const [before] = await credentialsOf(doctor.id);

    const response = await edit(doctor.id, { jurisdictionCode: 'CBA', doctorEnrollment: '98765' });
    expect(response.statusCode, response.body).toBe(200);

    const credentials = await credentialsOf(doctor.id);
    expect(credentials).toHaveLength(2);
    expect(credentials.find((credential) => credential.id === before!.id)?.revokedAt).toBeInstanceOf(Date);
    const [inUse] = await test.app.db.select().from(doctorCredentials)
      .where(and(eq(doctorCredentials.userId, doctor.id), isNull(doctorCredentials.revokedAt)));
    expect(inUse?.id).not.toBe(before!.id);

    // A draft written before the edit is signed with the new certificate and prints the new licence.
    const pdf = await signedPdfOf(doctor);
    const report = await pdfsig(pdf, 'after.pdf');
    expect(report).toContain('MP 98765 Córdoba');
    expect(report).not.toContain('MN 123456');
    expect(report).toContain('Signature is Valid.');
    expect(report).toContain('Certificate is Trusted.');
    const text = await textOf(pdf);
    expect(text).toContain('98765');
    expect(text).not.toContain('123456');
    const [audit] = await readAuditEvents(test.app.db, and(eq(auditEvents.action, 'doctor.edited'), eq(auditEvents.subjectId, doctor.id)));
    expect(audit?.details).toMatchObject({ certificateReissued: true });
  });

  it('keeps the certificate when what it names stays the same', async () => {
    const doctor = await doctorOfClinic();
    await signedPdfOf(doctor);
    expect((await edit(doctor.id, { jurisdictionCode: 'MN', doctorEnrollment: '123456' })).statusCode).toBe(200);
    const credentials = await credentialsOf(doctor.id);
    expect(credentials).toHaveLength(1);
    expect(credentials[0]?.revokedAt).toBeNull();
  });

  it('issues nothing for a doctor who never signed: the first signature gets a certificate with the new licence', async () => {
    const doctor = await doctorOfClinic();
    expect((await edit(doctor.id, { jurisdictionCode: 'MN', doctorEnrollment: '55555' })).statusCode).toBe(200);
    expect(await credentialsOf(doctor.id)).toEqual([]);
    expect(await pdfsig(await signedPdfOf(doctor), 'first.pdf')).toContain('MN 55555');
  });
});
