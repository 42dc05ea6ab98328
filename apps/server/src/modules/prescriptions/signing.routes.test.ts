import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  addDays, messages, todayInArgentina, verificationCodePattern, type ApiError, type PrescriptionCancelled,
  type PrescriptionEvent, type PrescriptionsCreated, type PrescriptionsSigned,
} from '@receta/domain';
import { and, desc, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApprovedDoctor } from '../../../test/factories/approved-doctors.ts';
import {
  createPatientRecord, createPrescribingDoctor, createPrescription, headersIn, prescriptionInput, sampleMedications,
} from '../../../test/factories/prescriptions.ts';
import { authorizationFor } from '../../../test/factories/users.ts';
import { createWorkspace } from '../../../test/factories/workspaces.ts';
import { useTestApp } from '../../../test/helper.ts';
import {
  auditEvents, dispensations, doctors, mailOutbox, patients, prescriptionDocuments, prescriptionItems, prescriptions,
  smsOutbox, users, workspaceMembers,
} from '../../db/schema/index.ts';
import { hashSecret } from '../../platform/passwords.ts';
import { prescriptionEventActions } from './prescription-events.ts';
import { maxWrongPins } from './signing-pin.ts';
import { forgetWrongPinsBefore, reservePinAttempt } from './signing.repository.ts';
import { cancelPrescription, signPrescriptions } from './signing.service.ts';
import { notifyPatientOfCancellation } from '../patient-access/index.ts';
import { readAuditEvents } from '../../../test/audit-events.ts';
import { eventLogKeys, sealEvent } from '../../platform/event-log/index.ts';

const test = useTestApp();
const run = promisify(execFile);
const today = todayInArgentina();

let workspaceId: string;
let doctorId: string;
let doctor: Record<string, string>;
let directory: string;

beforeAll(async () => {
  doctorId = (await createPrescribingDoctor(test.app)).id;
  workspaceId = (await createWorkspace(test.app, { memberIds: [doctorId] })).id;
  doctor = await headersIn(test.app, doctorId, workspaceId);
  directory = await mkdtemp(join(tmpdir(), 'receta-signing-'));
  // pdfsig trusts what an NSS database holds: one with the platform CA alone.
  await mkdir(join(directory, 'nss'));
  await writeFile(join(directory, 'ca.pem'), test.app.signing.ca.certificate.toString('pem'));
  await run('certutil', ['-N', '-d', `sql:${join(directory, 'nss')}`, '--empty-password']);
  await run('certutil', ['-A', '-d', `sql:${join(directory, 'nss')}`, '-n', 'receta-ca', '-t', 'CT,C,C', '-i', join(directory, 'ca.pem')]);
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

/** What pdfsig says of `pdf`; its exit code does not tell a valid signature from a broken one. */
async function pdfsig(pdf: Uint8Array): Promise<string> {
  const path = join(directory, 'signed.pdf');
  await writeFile(path, pdf);
  return (await run('pdfsig', ['-nssdir', `sql:${join(directory, 'nss')}`, path])).stdout;
}

function draftOf(doctorUserId = doctorId, options: { startDate?: string; issuedOn?: string } = {}) {
  return createPrescription(test.app, { workspaceId, doctorUserId, ...options });
}

function sign(id: string, pin = '1234', headers = doctor) {
  return test.app.inject({ method: 'POST', url: `/api/prescriptions/${id}/sign`, headers, payload: { pin } });
}

function signMany(ids: string[], pin = '1234', headers = doctor) {
  return test.app.inject({ method: 'POST', url: '/api/prescriptions/sign', headers, payload: { ids, pin } });
}

async function signed(id: string, headers = doctor): Promise<void> {
  const response = await sign(id, '1234', headers);
  expect(response.statusCode, response.body).toBe(200);
}

async function stateOf(id: string) {
  const [row] = await test.app.db.select().from(prescriptions).where(eq(prescriptions.id, id));
  return row!;
}

async function storedPdfOf(prescriptionId: string) {
  const [document] = await test.app.db.select().from(prescriptionDocuments)
    .where(eq(prescriptionDocuments.prescriptionId, prescriptionId));
  return document?.pdf;
}

/** The text of a PDF as pdftotext extracts it, lines joined by spaces. */
async function pdfText(pdf: Uint8Array): Promise<string> {
  const path = join(directory, 'text.pdf');
  await writeFile(path, pdf);
  return (await run('pdftotext', ['-enc', 'UTF-8', path, '-'])).stdout.replace(/\s+/g, ' ');
}

/** Expects the database to refuse a change with the immutability trigger's reason. */
async function expectRefused(change: PromiseLike<unknown>, reason: RegExp): Promise<void> {
  const error: unknown = await Promise.resolve(change).then(() => undefined, (refusal: unknown) => refusal);
  expect((error as { cause?: Error } | undefined)?.cause?.message).toMatch(reason);
}

async function wrongPinsOf(userId: string): Promise<number> {
  const [row] = await test.app.db.select({ attempts: doctors.pinFailedAttempts })
    .from(doctors)
    .where(eq(doctors.userId, userId));
  return row!.attempts;
}

/** A doctor of the workspace with a PIN of their own, for tests that count attempts. */
async function newDoctor(pinFailedAttempts = 0, pin: string | null = '1234') {
  const user = await createApprovedDoctor(test.app, { pinHash: pin && await hashSecret(pin), pinFailedAttempts });
  await test.app.db.insert(workspaceMembers).values({ workspaceId, userId: user.id });
  return { ...user, headers: await headersIn(test.app, user.id, workspaceId) };
}

describe('POST /api/prescriptions/:id/sign', () => {
  it('signs a draft with the right PIN and stores a PDF that pdfsig finds valid and trusted', async () => {
    const draft = await draftOf();
    const response = await sign(draft.id);

    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<PrescriptionsSigned>();
    expect(answer.message).toBe('¡Prescripción firmada!');
    expect(answer.prescriptions).toHaveLength(1);
    expect(answer.prescriptions[0]).toMatchObject({ id: draft.id, state: 'signed', signed: true, issuedOn: today });
    expect(answer.prescriptions[0]!.signedAt).not.toBeNull();
    const row = await stateOf(draft.id);
    expect(row.verificationCode).toMatch(verificationCodePattern);

    const report = await pdfsig((await storedPdfOf(draft.id))!);
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report).toContain('Total document signed');
    expect(report).toContain('Signature is Valid.');
    expect(report).toContain('Certificate is Trusted.');
    const audits = await readAuditEvents(test.app.db, and(eq(auditEvents.action, 'prescription.signed'), eq(auditEvents.subjectId, draft.id)));
    expect(audits).toMatchObject([{ actorUserId: doctorId, subjectType: 'prescription', details: {} }]);
  });

  it('sends the patient, in the same step, a mail with the link to their prescription', async () => {
    const patient = await createPatientRecord(test.app, { workspaceId });
    const email = `paciente.${patient.id.slice(0, 8)}@example.com`;
    await test.app.db.update(patients).set({ email }).where(eq(patients.id, patient.id));
    const draft = await createPrescription(test.app, { workspaceId, doctorUserId: doctorId, patientId: patient.id });

    await signed(draft.id);

    const [mail] = await test.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(mail?.text).toMatch(/\/p\/[\w-]{43}/);
    const sent = await readAuditEvents(test.app.db, and(
      eq(auditEvents.action, prescriptionEventActions.sent), eq(auditEvents.subjectId, draft.id),
    ));
    expect(sent).toHaveLength(1);
  });

  it('signs at once the drafts of several doctors for one patient, each sent to the patient', async () => {
    const patient = await createPatientRecord(test.app, { workspaceId });
    const email = `paciente.${patient.id.slice(0, 8)}@example.com`;
    await test.app.db.update(patients).set({ email }).where(eq(patients.id, patient.id));
    const signers = await Promise.all(Array.from({ length: 4 }, () => newDoctor()));
    const drafts = await Promise.all(signers.map((signer) => createPrescription(test.app, {
      workspaceId, doctorUserId: signer.id, patientId: patient.id,
    })));

    // Each signature locks the patient's record and, sending the mail, locks it again: taken
    // shared first, two signatures each held it and waited for the other (PostgreSQL deadlock).
    const answers = await Promise.all(drafts.map((draft, index) => sign(draft.id, '1234', signers[index]!.headers)));

    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await test.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).toHaveLength(4);
  });

  it('signs a draft once when two signatures of it arrive at once, with the PDF of the code stored', async () => {
    const draft = await draftOf();
    const answers = await Promise.all([sign(draft.id), sign(draft.id)]);

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409);
    expect(refused?.json<ApiError>().message).toBe(messages.signing.notDraft);
    const { verificationCode } = await stateOf(draft.id);
    expect(await pdfText((await storedPdfOf(draft.id))!)).toContain(verificationCode);
    expect(await test.app.db.$count(prescriptionDocuments, eq(prescriptionDocuments.prescriptionId, draft.id)))
      .toBe(1);
    const signedEvents = (await readAuditEvents(test.app.db, eq(auditEvents.subjectId, draft.id)))
      .filter((event) => event.action === prescriptionEventActions.signed);
    expect(signedEvents).toHaveLength(1);
  });

  it('builds the PDF before the transaction, and again under its locks when the draft was edited meanwhile', async () => {
    const draft = await draftOf();
    const unedited = await draftOf();
    const audit = { actorUserId: doctorId, pagePath: null };
    const actor = { userId: doctorId, workspaceId, seesWorkspace: false, audit };
    let credentialReads = 0;
    let editFirst = false;
    // The credential is read once the drafts are, to build the PDF, and again under the
    // transaction's locks: the doctor edits the draft in between, as from another tab.
    const authority = Object.assign(Object.create(test.app.signing) as typeof test.app.signing, {
      credentialInUse: async (...args: Parameters<typeof test.app.signing.credentialInUse>) => {
        credentialReads += 1;
        if (editFirst) {
          editFirst = false;
          const edited = await test.app.inject({
            method: 'PUT', url: `/api/prescriptions/${draft.id}`, headers: doctor,
            payload: prescriptionInput(draft.patientId!, {
              items: [{ ...sampleMedications.enalapril, quantity: 2, dosage: 'Medio comprimido por la noche' }],
            }),
          });
          expect(edited.statusCode, edited.body).toBe(200);
        }
        return test.app.signing.credentialInUse(...args);
      },
    });
    const services = {
      db: test.app.db, authority, publicUrl: test.config.publicUrl, cuirCodes: test.config.cuir,
      deliverToPatient: test.app.deliverToPatient,
    };

    await signPrescriptions(services, [unedited.id], { pin: '1234' }, actor);
    expect(credentialReads).toBe(2);

    credentialReads = 0;
    editFirst = true;
    const [signedDraft] = await signPrescriptions(services, [draft.id], { pin: '1234' }, actor);
    expect(credentialReads).toBe(4);
    expect(signedDraft?.items).toMatchObject([{ quantity: 2, dosage: 'Medio comprimido por la noche' }]);
    const text = await pdfText((await storedPdfOf(draft.id))!);
    expect(text).toContain('Medio comprimido por la noche');
    expect(text).not.toContain('1 comprimido por día');
    expect(text).toContain((await stateOf(draft.id)).verificationCode);
  });

  it('signs every draft of a Receta Crónica with the one asked for, each with its own code', async () => {
    const seriesId = crypto.randomUUID();
    const series = [];
    for (const position of [1, 2, 3]) {
      series.push(await createPrescription(test.app, {
        workspaceId, doctorUserId: doctorId, type: 'chronic', seriesId, seriesPosition: position, seriesLength: 3,
        startDate: addDays(today, 30 * (position - 1)),
      }));
    }
    const response = await sign(series[1]!.id);

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<PrescriptionsSigned>().prescriptions.map((prescription) => prescription.id))
      .toEqual(series.map((prescription) => prescription.id));
    const rows = await test.app.db.select().from(prescriptions).where(eq(prescriptions.seriesId, seriesId));
    expect(rows.map((row) => row.state)).toEqual(['signed', 'signed', 'signed']);
    expect(new Set(rows.map((row) => row.verificationCode)).size).toBe(3);
  });

  it('refuses a wrong PIN, signs nothing and counts one attempt', async () => {
    const signer = await newDoctor();
    const draft = await draftOf(signer.id);
    const response = await sign(draft.id, '9999', signer.headers);

    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>()).toMatchObject({ message: messages.signing.wrongPin, errorCode: 'wrongPin' });
    expect((await stateOf(draft.id)).state).toBe('draft');
    expect(await wrongPinsOf(signer.id)).toBe(1);
  });

  it('forgets the wrong attempts once the right PIN signs', async () => {
    const signer = await newDoctor(3);
    const response = await sign((await draftOf(signer.id)).id, '1234', signer.headers);

    expect(response.statusCode, response.body).toBe(200);
    expect(await wrongPinsOf(signer.id)).toBe(0);
  });

  it('locks signing at the fifth wrong PIN in a row, refuses the right one next, and PIN recovery unlocks it', async () => {
    const signer = await newDoctor();
    const draft = await draftOf(signer.id);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect((await sign(draft.id, '0000', signer.headers)).json<ApiError>().message).toBe(messages.signing.wrongPin);
    }
    const fifth = await sign(draft.id, '0000', signer.headers);
    expect(fifth.statusCode).toBe(403);
    expect(fifth.json<ApiError>()).toMatchObject({ message: messages.signing.locked, errorCode: 'signingLocked' });

    const sixth = await sign(draft.id, '1234', signer.headers);
    expect(sixth.statusCode).toBe(403);
    expect(sixth.json<ApiError>().message).toBe(messages.signing.locked);
    expect((await stateOf(draft.id)).state).toBe('draft');
    expect(await wrongPinsOf(signer.id)).toBe(5);

    const authorization = await authorizationFor(test.app, signer.id);
    const request = await test.app.inject({ method: 'POST', url: '/api/auth/pin-recovery-request', headers: authorization });
    expect(request.statusCode, request.body).toBe(200);
    const [mail] = await test.app.db.select().from(mailOutbox)
      .where(eq(mailOutbox.to, signer.email))
      .orderBy(desc(mailOutbox.createdAt));
    const token = mail!.text.match(/\/pin-recovery\/([\w-]+)/)![1];
    const recovery = await test.app.inject({
      method: 'POST', url: `/api/auth/pin-recovery/${token}`, headers: authorization, payload: { PIN: '5678' },
    });
    expect(recovery.statusCode, recovery.body).toBe(200);

    expect((await sign(draft.id, '5678', signer.headers)).statusCode).toBe(200);
  });

  it('never evaluates more than five wrong PINs, however many arrive at once, and then refuses the right one', async () => {
    const signer = await newDoctor();
    const draft = await draftOf(signer.id);
    const answers = await Promise.all(Array.from({ length: 50 }, () => sign(draft.id, '0000', signer.headers)));

    // Each PIN checked holds one of the five reservations, so the count never passes five.
    expect(answers.filter((answer) => answer.json<ApiError>().message === messages.signing.wrongPin)).toHaveLength(4);
    expect(answers.filter((answer) => answer.json<ApiError>().errorCode === 'signingLocked')).toHaveLength(46);
    expect(await wrongPinsOf(signer.id)).toBe(5);
    expect((await sign(draft.id, '1234', signer.headers)).json<ApiError>().errorCode).toBe('signingLocked');
    expect((await stateOf(draft.id)).state).toBe('draft');
  });

  it('lets a right PIN forget the attempts reserved before it, not those reserved while it was checked', async () => {
    const signer = await newDoctor(2);
    const right = await reservePinAttempt(test.app.db, signer.id, maxWrongPins);
    await reservePinAttempt(test.app.db, signer.id, maxWrongPins);
    await forgetWrongPinsBefore(test.app.db, signer.id, right!.attempts);

    expect(await wrongPinsOf(signer.id)).toBe(1);
  });

  it('refuses a doctor without a PIN', async () => {
    const unconfirmed = await newDoctor(0, null);
    const response = await sign((await draftOf(unconfirmed.id)).id, '1234', unconfirmed.headers);

    expect(response.statusCode).toBe(403);
    expect(response.json<ApiError>().message).toBe(messages.signing.notAllowed);
  });

  it('refuses a doctor suspended or pending approval, whose session is already gone', async () => {
    for (const status of ['suspended', 'pending_approval'] as const) {
      const signer = await newDoctor();
      const draft = await draftOf(signer.id);
      await test.app.db.update(users).set({ status }).where(eq(users.id, signer.id));
      const audit = { actorUserId: signer.id, pagePath: null };
      const actor = { userId: signer.id, workspaceId, seesWorkspace: false, audit };
      const services = {
        db: test.app.db, authority: test.app.signing, publicUrl: test.config.publicUrl, cuirCodes: test.config.cuir,
        deliverToPatient: test.app.deliverToPatient,
      };

      await expect(signPrescriptions(services, [draft.id], { pin: '1234' }, actor))
        .rejects.toMatchObject({ statusCode: 403, message: messages.signing.notAllowed });
      expect((await sign(draft.id, '1234', signer.headers)).statusCode).toBe(401);
      expect((await stateOf(draft.id)).state).toBe('draft');
    }
  });

  it("answers another doctor's draft as not found, and a signed one as not a draft", async () => {
    const other = await newDoctor();
    const theirs = await draftOf(other.id);
    const notOwn = await sign(theirs.id);
    expect(notOwn.statusCode).toBe(404);
    expect(notOwn.json<ApiError>().message).toBe(messages.prescriptions.notFound);

    const mine = await draftOf();
    await signed(mine.id);
    const again = await sign(mine.id);
    expect(again.statusCode).toBe(409);
    expect(again.json<ApiError>()).toMatchObject({ message: messages.signing.notDraft, errorCode: 'notDraft' });
  });

  it('refuses a draft whose start date has passed, without counting the PIN', async () => {
    const signer = await newDoctor();
    const old = addDays(today, -3);
    const draft = await draftOf(signer.id, { issuedOn: old, startDate: old });
    const response = await sign(draft.id, '0000', signer.headers);

    expect(response.statusCode).toBe(409);
    expect(response.json<ApiError>().message).toBe(messages.signing.startDatePassed);
    expect(await wrongPinsOf(signer.id)).toBe(0);
  });
});

describe('POST /api/prescriptions/sign', () => {
  it('signs several drafts with one PIN', async () => {
    const drafts = [await draftOf(), await draftOf()];
    const response = await signMany(drafts.map((draft) => draft.id));

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<PrescriptionsSigned>().prescriptions.map((prescription) => prescription.state)).toEqual(['signed', 'signed']);
    for (const draft of drafts) expect(await storedPdfOf(draft.id)).toBeInstanceOf(Buffer);
  });

  it('counts a wrong PIN for a batch of three as one attempt', async () => {
    const signer = await newDoctor();
    const drafts = [await draftOf(signer.id), await draftOf(signer.id), await draftOf(signer.id)];
    const response = await signMany(drafts.map((draft) => draft.id), '9999', signer.headers);

    expect(response.statusCode).toBe(400);
    expect(await wrongPinsOf(signer.id)).toBe(1);
    expect(await test.app.db.$count(prescriptions, and(inArray(prescriptions.id, drafts.map((draft) => draft.id)), eq(prescriptions.state, 'draft')))).toBe(3);
  });

  it('signs none of the batch when one of them is not the doctor’s', async () => {
    const other = await newDoctor();
    const mine = await draftOf();
    const response = await signMany([mine.id, (await draftOf(other.id)).id]);

    expect(response.statusCode).toBe(404);
    expect((await stateOf(mine.id)).state).toBe('draft');
  });
});

describe('GET /api/prescriptions/:id/pdf', () => {
  it('downloads the signed PDF as receta-<number>.pdf', async () => {
    const draft = await draftOf();
    await signed(draft.id);
    const response = await test.app.inject({ method: 'GET', url: `/api/prescriptions/${draft.id}/pdf`, headers: doctor });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(`attachment; filename="receta-${draft.number}.pdf"`);
    expect(response.rawPayload.equals((await storedPdfOf(draft.id))!)).toBe(true);
  });

  it("answers 'No existe tal PDF!' for a draft, and not found for someone else's prescription", async () => {
    const draft = await draftOf();
    const noPdf = await test.app.inject({ method: 'GET', url: `/api/prescriptions/${draft.id}/pdf`, headers: doctor });
    expect(noPdf.statusCode).toBe(404);
    expect(noPdf.json<ApiError>().message).toBe('No existe tal PDF!');

    const other = await newDoctor();
    const notOwn = await test.app.inject({ method: 'GET', url: `/api/prescriptions/${draft.id}/pdf`, headers: other.headers });
    expect(notOwn.statusCode).toBe(404);
    expect(notOwn.json<ApiError>().message).toBe(messages.prescriptions.notFound);
  });
});

describe('a signed prescription never changes', () => {
  it('refuses to edit it through the API', async () => {
    const patient = await createPatientRecord(test.app, { workspaceId });
    const created = await test.app.inject({ method: 'POST', url: '/api/prescriptions', headers: doctor, payload: prescriptionInput(patient.id) });
    const [prescription] = created.json<PrescriptionsCreated>().prescriptions;
    await signed(prescription!.id);
    const { type: _type, ...content } = prescriptionInput(patient.id, { symptoms: 'Otro' });
    const response = await test.app.inject({ method: 'PUT', url: `/api/prescriptions/${prescription!.id}`, headers: doctor, payload: content });

    expect(response.statusCode).toBe(409);
    expect(response.json<ApiError>().message).toBe(messages.prescriptions.notDraft);
  });

  it('refuses a direct change of its content or its items in the database, but lets its state and dispensing change', async () => {
    const draft = await draftOf();
    await signed(draft.id);
    const where = eq(prescriptions.id, draft.id);
    const itemsWhere = eq(prescriptionItems.prescriptionId, draft.id);

    await expectRefused(test.app.db.update(prescriptions).set({ patientName: 'Otra' }).where(where), /never changed/);
    const postponed = addDays(today, 1);
    await expectRefused(test.app.db.update(prescriptions).set({ startDate: postponed }).where(where), /never changed/);
    await expectRefused(test.app.db.update(prescriptionItems).set({ dosage: 'Otra' }).where(itemsWhere), /quantity dispensed/);
    await expectRefused(test.app.db.delete(prescriptionItems).where(itemsWhere), /retention job/);
    await expectRefused(test.app.db.delete(prescriptions).where(where), /retention job/);

    await test.app.db.update(prescriptionItems).set({ dispensedQuantity: 1 }).where(itemsWhere);
    await test.app.db.update(prescriptions).set({ state: 'dispensed' }).where(where);
    expect(await stateOf(draft.id)).toMatchObject({ state: 'dispensed', patientName: draft.patientName });
  });

  it('lets the retention job delete it once the transaction allows it', async () => {
    const draft = await draftOf();
    await signed(draft.id);
    await test.app.db.transaction(async (tx) => {
      await tx.execute("set local receta.allow_retention_delete = 'on'");
      await tx.delete(prescriptions).where(eq(prescriptions.id, draft.id));
    });

    expect(await test.app.db.$count(prescriptions, eq(prescriptions.id, draft.id))).toBe(0);
    expect(await test.app.db.$count(prescriptionItems, eq(prescriptionItems.prescriptionId, draft.id))).toBe(0);
  });

  it('lets a draft change and go freely', async () => {
    const draft = await draftOf();
    await test.app.db.update(prescriptions).set({ patientName: 'Otra' }).where(eq(prescriptions.id, draft.id));
    await test.app.db.delete(prescriptions).where(eq(prescriptions.id, draft.id));
    expect(await test.app.db.$count(prescriptions, eq(prescriptions.id, draft.id))).toBe(0);
  });
});

describe('POST /api/prescriptions/:id/cancel', () => {
  function cancel(id: string, reason = 'Error en la dosis', headers = doctor) {
    return test.app.inject({ method: 'POST', url: `/api/prescriptions/${id}/cancel`, headers, payload: { reason } });
  }

  it('cancels a signed prescription with its reason', async () => {
    const draft = await draftOf();
    await signed(draft.id);
    const response = await cancel(draft.id);

    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<PrescriptionCancelled>();
    expect(answer).toMatchObject({ message: messages.signing.cancelled, prescription: { id: draft.id, state: 'cancelled', displayState: 'cancelled' } });
    expect(await stateOf(draft.id)).toMatchObject({ cancelledBy: doctorId, cancellationReason: 'Error en la dosis' });
    const [audit] = await readAuditEvents(test.app.db, and(eq(auditEvents.action, 'prescription.cancelled'), eq(auditEvents.subjectId, draft.id)));
    expect(audit?.details).toEqual({ reason: 'Error en la dosis' });
  });

  it('refuses a draft, a cancelled prescription and one a pharmacy dispensed', async () => {
    const draft = await draftOf();
    const cancelled = await draftOf();
    await signed(cancelled.id);
    expect((await cancel(cancelled.id)).statusCode).toBe(200);
    const dispensed = await draftOf();
    await signed(dispensed.id);
    const [item] = await test.app.db.select().from(prescriptionItems)
      .where(eq(prescriptionItems.prescriptionId, dispensed.id));
    await test.app.db.insert(dispensations).values({ prescriptionId: dispensed.id, itemId: item!.id, quantity: 1 });

    for (const id of [draft.id, cancelled.id, dispensed.id]) {
      const response = await cancel(id);
      expect(response.statusCode).toBe(409);
      expect(response.json<ApiError>().message).toBe(messages.signing.notCancellable);
    }
    expect((await stateOf(dispensed.id)).state).toBe('signed');
  });

  it('tells the patient by mail and SMS, in the cancellation\'s transaction, with the number and the reason', async () => {
    const patient = await createPatientRecord(test.app, { workspaceId });
    const email = `anulada.${patient.id.slice(0, 8)}@example.com`;
    const phone = `+54911${String(Date.now()).slice(-8)}`;
    await test.app.db.update(patients).set({ email, phone }).where(eq(patients.id, patient.id));
    const draft = await createPrescription(test.app, { workspaceId, doctorUserId: doctorId, patientId: patient.id });
    await signed(draft.id);
    const { number } = await stateOf(draft.id);

    expect((await cancel(draft.id, 'Dosis equivocada')).statusCode).toBe(200);

    const mails = await test.app.db.select().from(mailOutbox)
      .where(and(eq(mailOutbox.to, email), eq(mailOutbox.subject, `Su receta electrónica N.º ${number} fue anulada`)));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('Motivo: Dosis equivocada');
    expect(mails[0]?.link).toBeNull();
    const texts = await test.app.db.select().from(smsOutbox).where(eq(smsOutbox.to, phone));
    expect(texts.map((text) => text.text)).toContainEqual(expect.stringMatching(
      new RegExp(`^La receta N\\.º ${number} de .+ fue anulada\\. Motivo: Dosis equivocada\\.`),
    ));
  });

  it('queues no notice for a patient without mail or phone, and none when the cancellation fails', async () => {
    const queued = async () => (await test.app.db.select().from(mailOutbox)).length
      + (await test.app.db.select().from(smsOutbox)).length;
    const before = await queued();
    const draft = await draftOf();
    await signed(draft.id);
    expect(await queued()).toBe(before);
    expect((await cancel(draft.id)).statusCode).toBe(200);
    expect(await queued()).toBe(before);

    // The notice and the cancellation are one transaction: a failing notice undoes both.
    const patient = await createPatientRecord(test.app, { workspaceId });
    const email = `fallida.${patient.id.slice(0, 8)}@example.com`;
    await test.app.db.update(patients).set({ email }).where(eq(patients.id, patient.id));
    const other = await createPrescription(test.app, { workspaceId, doctorUserId: doctorId, patientId: patient.id });
    await signed(other.id);
    const failingNotice: typeof notifyPatientOfCancellation = async (db, input) => {
      await notifyPatientOfCancellation(db, input);
      throw new Error('the outbox is down');
    };
    const audit = { actorUserId: doctorId, pagePath: null };
    const actor = { userId: doctorId, workspaceId, seesWorkspace: false, audit };
    const services = { db: test.app.db, notifyCancellation: failingNotice };
    await expect(cancelPrescription(services, other.id, 'Motivo', actor)).rejects.toThrow('the outbox is down');
    expect((await stateOf(other.id)).state).toBe('signed');
    const notices = await test.app.db.select().from(mailOutbox)
      .where(and(eq(mailOutbox.to, email), like(mailOutbox.subject, '%anulada')));
    expect(notices).toEqual([]);
  });

  it("answers another doctor's prescription as not found, and asks for a reason", async () => {
    const other = await newDoctor();
    const theirs = await draftOf(other.id);
    await signed(theirs.id, other.headers);
    expect((await cancel(theirs.id)).statusCode).toBe(404);
    const empty = await cancel(theirs.id, '  ', other.headers);
    expect(empty.statusCode).toBe(400);
    expect(empty.json<ApiError>().message).toBe(messages.common.required);
  });
});

describe('GET /api/prescriptions/:id/events', () => {
  it('lists what happened to a prescription, oldest first, with who did it', async () => {
    const patient = await createPatientRecord(test.app, { workspaceId });
    const created = await test.app.inject({ method: 'POST', url: '/api/prescriptions', headers: doctor, payload: prescriptionInput(patient.id) });
    const id = created.json<PrescriptionsCreated>().prescriptions[0]!.id;
    await signed(id);
    await test.app.inject({ method: 'POST', url: `/api/prescriptions/${id}/cancel`, headers: doctor, payload: { reason: 'Paciente internado' } });
    const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
    const byThePlatform = { actorUserId: null, oauthClientId: null, subjectType: 'prescription', subjectId: id };
    const content = { address: null, pagePath: null, outcome: 'ok' };
    await test.app.db.insert(auditEvents).values([
      sealEvent(
        eventLogKeys(), { ...byThePlatform, action: prescriptionEventActions.sent, at: later(1) },
        { ...content, details: { channels: ['email', 'sms'] } },
      ),
      sealEvent(
        eventLogKeys(), { ...byThePlatform, action: prescriptionEventActions.opened, at: later(2) },
        { ...content, details: {} },
      ),
    ]);
    const [account] = await test.app.db.select({ displayName: users.displayName })
      .from(users)
      .where(eq(users.id, doctorId));

    const response = await test.app.inject({ method: 'GET', url: `/api/prescriptions/${id}/events`, headers: doctor });

    expect(response.statusCode, response.body).toBe(200);
    const { events } = response.json<{ events: PrescriptionEvent[] }>();
    expect(events.map((event) => event.kind)).toEqual(['created', 'signed', 'cancelled', 'sent', 'opened']);
    expect(events[0]!.actor).toEqual({ id: doctorId, displayName: account!.displayName });
    expect(events[2]!.detail).toBe('Paciente internado');
    expect(events[3]!.detail).toBe('Por correo electrónico y SMS');
    expect(events[4]).toMatchObject({ actor: null, detail: null });
  });

  it("answers another doctor's prescription as not found", async () => {
    const other = await newDoctor();
    const response = await test.app.inject({ method: 'GET', url: `/api/prescriptions/${(await draftOf()).id}/events`, headers: other.headers });
    expect(response.statusCode).toBe(404);
  });
});
