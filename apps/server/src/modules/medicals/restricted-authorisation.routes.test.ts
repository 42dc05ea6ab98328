import { addDays, messages, todayInArgentina, type MedicalDetail } from '@receta/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApprovedDoctor } from '../../../test/factories/approved-doctors.ts';
import { registerDoctor } from '../../../test/factories/doctors.ts';
import { createMedical } from '../../../test/factories/medicals.ts';
import { sampleJpeg, samplePdf, uploadedLocation, uploadFile } from '../../../test/factories/uploads.ts';
import { authorizationFor, createUser } from '../../../test/factories/users.ts';
import { createWorkspace } from '../../../test/factories/workspaces.ts';
import { useTestApp } from '../../../test/helper.ts';
import { auditEvents, doctors, files } from '../../db/schema/index.ts';
import { fileIdOfLocation, fileLocation, storeUnattachedFile } from '../../platform/files/file-store.ts';
import { readAuditEvents } from '../../../test/audit-events.ts';

const test = useTestApp();
let moderator: Record<string, string>;
let federation: Record<string, string>;
let clinicAdmin: Record<string, string>;
let doctorHeaders: Record<string, string>;

beforeAll(async () => {
  moderator = await authorizationFor(test.app, (await createUser(test.app, { roles: ['superadmin'], displayName: 'Mora Moderadora' })).id);
  federation = await authorizationFor(test.app, (await createUser(test.app, { roles: ['femecon.admin'] })).id);
  const clinicAdminId = (await createUser(test.app, { roles: ['fds.admin'] })).id;
  clinicAdmin = await authorizationFor(test.app, clinicAdminId);
  await createWorkspace(test.app, { name: 'Clínica del Sol', memberIds: [clinicAdminId] });
  doctorHeaders = await authorizationFor(test.app, (await createApprovedDoctor(test.app)).id);
});

const path = (id: string) => `/api/medicals/${id}/restricted-authorisation`;

function record(id: string, payload: object, headers = moderator) {
  return test.app.inject({ method: 'PUT', url: path(id), headers, payload });
}

function revoke(id: string, headers = moderator) {
  return test.app.inject({ method: 'DELETE', url: path(id), headers });
}

async function evidence(): Promise<string> {
  return uploadedLocation(test.app, { content: samplePdf, filename: `${Date.now()}_autorizacion.pdf` });
}

function auditOf(action: string, subjectId: string) {
  return readAuditEvents(test.app.db, and(eq(auditEvents.action, action), eq(auditEvents.subjectId, subjectId)));
}

describe('PUT /api/medicals/{id}/restricted-authorisation', () => {
  it('records the date and the evidence, shows them on the medic and keeps the evidence as the doctor\'s file', async () => {
    const medic = await createMedical(test.app, moderator);
    expect(medic.restrictedAuthorisation).toBeNull();
    const location = await evidence();
    const authorisedOn = addDays(todayInArgentina(), -10);

    const response = await record(medic.id, { authorisedOn, evidence: location });
    expect(response.statusCode, response.body).toBe(200);
    const authorisation = response.json<MedicalDetail>().restrictedAuthorisation;
    expect(authorisation).toEqual({
      authorisedOn, recordedAt: expect.any(String) as unknown, recordedBy: 'Mora Moderadora', evidenceUrl: location,
    });
    const shown = await test.app.inject({ url: `/api/medicals/${medic.id}`, headers: moderator });
    expect(shown.json<MedicalDetail>().restrictedAuthorisation).toEqual(authorisation);

    const [file] = await test.app.db.select().from(files).where(eq(files.id, fileIdOfLocation(location) ?? ''));
    expect(file).toMatchObject({ ownerUserId: medic.id, field: 'restrictedEvidence', expiresAt: null });
    const download = await test.app.inject({ url: location, headers: moderator });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('application/pdf');
    expect(await auditOf('doctor.restricted_authorised', medic.id)).toEqual([expect.objectContaining({
      details: { authorisedOn, evidenceFileId: fileIdOfLocation(location) },
    })]);
  });

  it('takes an image as evidence too, and today as the date', async () => {
    const medic = await createMedical(test.app, moderator);
    const location = await uploadedLocation(test.app, { content: sampleJpeg, filename: `${Date.now()}_autorizacion.jpg` });
    const response = await record(medic.id, { authorisedOn: todayInArgentina(), evidence: location }, federation);
    expect(response.statusCode, response.body).toBe(200);
  });

  it.each<[string, (location: string) => object, string, string]>([
    ['a date in the future', (evidence) => ({ authorisedOn: addDays(todayInArgentina(), 1), evidence }), 'authorisedOn', messages.medicals.authorisedOnInvalid],
    ['no date', (evidence) => ({ evidence }), 'authorisedOn', messages.medicals.authorisedOnInvalid],
    ['no evidence', () => ({ authorisedOn: '2025-10-01' }), 'evidence', messages.medicals.evidenceInvalid],
    ['a location this server never gave', () => ({ authorisedOn: '2025-10-01', evidence: 'https://example.com/a.pdf' }), 'evidence', messages.medicals.evidenceInvalid],
  ])('refuses %s on its field, changing nothing', async (_case, payloadOf, field, message) => {
    const medic = await createMedical(test.app, moderator);
    const response = await record(medic.id, payloadOf(await evidence()));
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fields: unknown[] }>().fields).toContainEqual({ field: `body.${field}`, message });
    const [row] = await test.app.db.select().from(doctors).where(eq(doctors.userId, medic.id));
    expect(row).toMatchObject({ restrictedAuthorisedOn: null, restrictedEvidenceFileId: null });
  });

  it('refuses evidence that is neither a PDF nor an image, and an upload already attached to someone', async () => {
    const medic = await createMedical(test.app, moderator);
    const text = await uploadFile(test.app, { content: Buffer.from('no soy un PDF'), filename: `${Date.now()}_nota.txt` });
    expect(text.statusCode).toBe(415);
    // Stored without the upload's check: the route judges the content itself.
    const stored = fileLocation(await storeUnattachedFile(test.app.db, {
      name: 'nota.pdf', contentType: 'application/pdf', content: Buffer.from('no soy un PDF'),
    }));
    const claimed = await evidence();
    expect((await record(medic.id, { authorisedOn: '2025-10-01', evidence: claimed })).statusCode).toBe(200);
    const other = await createMedical(test.app, moderator);
    for (const location of [stored, claimed]) {
      const response = await record(other.id, { authorisedOn: '2025-10-01', evidence: location });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ fields: [{ field: 'body.evidence', message: messages.medicals.evidenceInvalid }] });
    }
    expect((await test.app.inject({ url: `/api/medicals/${other.id}`, headers: moderator })).json<MedicalDetail>())
      .toMatchObject({ restrictedAuthorisation: null });
  });

  it('refuses a doctor no moderator approved yet', async () => {
    const pending = await registerDoctor(test.app);
    const response = await record(pending.id, { authorisedOn: '2025-10-01', evidence: await evidence() });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: messages.medicals.restrictedNotApproved });
  });

  it('is for the authorizeMedic group only: a clinic administrator and a doctor get 403; an unknown doctor is 404', async () => {
    const medic = await createMedical(test.app, clinicAdmin);
    for (const headers of [clinicAdmin, doctorHeaders]) {
      expect((await record(medic.id, { authorisedOn: '2025-10-01', evidence: await evidence() }, headers)).statusCode).toBe(403);
      expect((await revoke(medic.id, headers)).statusCode).toBe(403);
    }
    const unknownId = '00000000-0000-4000-8000-000000000000';
    expect((await record(unknownId, { authorisedOn: '2025-10-01', evidence: await evidence() })).statusCode).toBe(404);
    expect((await revoke(unknownId)).statusCode).toBe(404);
  });
});

describe('DELETE /api/medicals/{id}/restricted-authorisation', () => {
  it('revokes the authorisation, recorded in the audit trail; a second revocation has nothing to revoke', async () => {
    const medic = await createMedical(test.app, moderator);
    await record(medic.id, { authorisedOn: '2025-10-01', evidence: await evidence() });

    const response = await revoke(medic.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<MedicalDetail>().restrictedAuthorisation).toBeNull();
    const [row] = await test.app.db.select().from(doctors).where(eq(doctors.userId, medic.id));
    expect(row).toMatchObject({
      restrictedAuthorisedOn: null, restrictedEvidenceFileId: null,
      restrictedRecordedBy: null, restrictedRecordedAt: null,
    });
    expect(await auditOf('doctor.restricted_revoked', medic.id)).toEqual([expect.objectContaining({
      details: { authorisedOn: '2025-10-01' },
    })]);

    const again = await revoke(medic.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: messages.medicals.restrictedNotRecorded });
  });
});
