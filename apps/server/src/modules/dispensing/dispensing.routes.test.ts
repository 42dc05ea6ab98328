import {
  addDays, messages, todayInArgentina, type ApiError,
  type DispenseInput, type DispenseResult, type ScannedPrescription, type Verification,
} from '@receta/domain';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { signedInWithRoles, type SignedInUser } from '../../../test/factories/administrators.ts';
import { createSignedPrescription, giveCuirs, randomVerificationCode } from '../../../test/factories/dispensing.ts';
import {
  createPrescribingDoctor, createPrescription, headersIn, sampleMedications,
} from '../../../test/factories/prescriptions.ts';
import { createWorkspace } from '../../../test/factories/workspaces.ts';
import { useTestApp } from '../../../test/helper.ts';
import { auditEvents, dispensations, prescriptionDocuments, prescriptionItems, prescriptions } from '../../db/schema/index.ts';
import { policies } from '../../platform/attempt-limiter.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { x509 } from '../../platform/pki/x509.ts';
import { dispensePrescription, undoDispensation } from './dispensing.service.ts';
import { readAuditEvents } from '../../../test/audit-events.ts';

const test = useTestApp();
const today = todayInArgentina();

let workspaceId: string;
let doctorId: string;
let doctor: Record<string, string>;
let pharmacy: SignedInUser;
let otherPharmacy: SignedInUser;

beforeAll(async () => {
  doctorId = (await createPrescribingDoctor(test.app)).id;
  workspaceId = (await createWorkspace(test.app, { memberIds: [doctorId] })).id;
  doctor = await headersIn(test.app, doctorId, workspaceId);
  pharmacy = await signedInWithRoles(test.app, ['pharmacy'], { displayName: 'Farmacia Central' });
  otherPharmacy = await signedInWithRoles(test.app, ['pharmacy'], { displayName: 'Farmacia del Sur' });
});

const twoItems = [sampleMedications.enalapril, sampleMedications.metformin];

function signedPrescription(options: Partial<Parameters<typeof createSignedPrescription>[1]> = {}) {
  return createSignedPrescription(test.app, { workspaceId, doctorUserId: doctorId, ...options });
}

function verify(code: string, remoteAddress = '198.51.100.1') {
  return test.app.inject({ method: 'GET', url: `/api/public/verifications/${code}`, remoteAddress });
}

function scan(code: string, headers: Record<string, string> = pharmacy.headers) {
  return test.app.inject({ method: 'GET', url: `/api/scanner/${code}`, headers });
}

function dispense(id: string, payload: DispenseInput, headers: Record<string, string> = pharmacy.headers) {
  return test.app.inject({ method: 'POST', url: `/api/prescriptions/${id}/dispense`, headers, payload });
}

function undo(id: string, dispensationId: string, headers: Record<string, string> = pharmacy.headers) {
  return test.app.inject({ method: 'POST', url: `/api/prescriptions/${id}/dispensations/${dispensationId}/undo`, headers });
}

async function dispensed(id: string, payload: DispenseInput, headers = pharmacy.headers): Promise<DispenseResult> {
  const response = await dispense(id, payload, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DispenseResult>();
}

function itemsOf(prescriptionId: string) {
  return test.app.db.select().from(prescriptionItems)
    .where(eq(prescriptionItems.prescriptionId, prescriptionId)).orderBy(prescriptionItems.position);
}

function cuirsOf(prescription: { id: string; number: number }): Promise<string[]> {
  return giveCuirs(test.app, prescription);
}

/** A CUIR as a person copies it: in groups of digits, with spaces and dashes. */
function grouped(cuir: string): string {
  return `${cuir.slice(0, 4)} ${cuir.slice(4, 8)}-${cuir.slice(8, 10)} ${cuir.slice(10, 14)} ${cuir.slice(14, 39)} ${cuir.slice(39)}`;
}

async function stateOf(id: string) {
  const [row] = await test.app.db.select({ state: prescriptions.state })
    .from(prescriptions).where(eq(prescriptions.id, id));
  return row?.state;
}

function expectRefusal(response: { statusCode: number; json: <T>() => T }, statusCode: number, message: string) {
  expect(response.statusCode).toBe(statusCode);
  expect(response.json<ApiError>().message).toBe(message);
}

describe('GET /api/public/verifications/:code', () => {
  it('tells without a login that a signed prescription is genuine, with its state, dates, prescriber and CUIRs', async () => {
    const prescription = await signedPrescription({ items: twoItems });
    const cuirs = await cuirsOf(prescription);
    const response = await verify(prescription.verificationCode.toLowerCase());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Verification>()).toEqual({
      foundBy: 'code',
      genuine: true,
      number: prescription.number,
      type: 'classic',
      kind: 'medication',
      state: 'valid',
      seriesPosition: 1,
      seriesLength: 1,
      issuedOn: today,
      startDate: today,
      expiryDate: prescription.expiryDate,
      signedAt: prescription.signedAt?.toISOString(),
      prescriber: { name: 'Ana', lastName: 'Pérez', licenceType: 'MN', enrollment: '123456', jurisdiction: prescription.prescriber.jurisdiction },
      items: cuirs.map((cuir) => ({ cuir, subtype: 'prescription' })),
      cancellationReason: null,
    });
  });

  it('finds a prescription by a CUIR, typed in groups, and tells only its authenticity, state, dates and that item', async () => {
    const prescription = await signedPrescription({ items: twoItems });
    const [, second] = await cuirsOf(prescription);
    const response = await verify(encodeURIComponent(grouped(second!)));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Verification>()).toEqual({
      foundBy: 'cuir',
      genuine: true,
      number: prescription.number,
      type: 'classic',
      kind: 'medication',
      state: 'valid',
      seriesPosition: 1,
      seriesLength: 1,
      issuedOn: today,
      startDate: today,
      expiryDate: prescription.expiryDate,
      signedAt: prescription.signedAt?.toISOString(),
      prescriber: null,
      items: [{ cuir: second, subtype: 'prescription' }],
      cancellationReason: null,
    });
    // Anyone may compose a CUIR: its answer names neither the patient, nor the medicines, nor the doctor.
    for (const secret of [
      prescription.patientName, prescription.patientLastName, prescription.patientDni, prescription.diagnosisCode,
      sampleMedications.enalapril.genericName, sampleMedications.metformin.genericName, prescription.id, 'Pérez',
    ]) {
      expect(response.body).not.toContain(secret);
    }
  });

  it('knows no CUIR of a draft or of no item, and refuses one with a digit too many or too few', async () => {
    const prescription = await signedPrescription();
    const [cuir] = await cuirsOf(prescription);
    const unknown = `${cuir!.slice(0, 39)}99`;
    expectRefusal(await verify(unknown), 404, messages.dispensing.notFound);
    expectRefusal(await verify(`${cuir}0`), 400, messages.dispensing.codeInvalid);
    expectRefusal(await verify(cuir!.slice(1)), 400, messages.dispensing.codeInvalid);
  });

  it('tells a prescription is genuine whatever the hour its doctor got the certificate and signed', async () => {
    // The signature is checked against the certificate at the signing time, so a signing time
    // recorded before the certificate existed would make a genuine prescription look forged.
    // Tomorrow: after the platform CA, which the app made today, at the real time.
    const tomorrow = addDays(today, 1);
    for (const hour of ['02:00', '12:30', '23:59']) {
      vi.useFakeTimers({ now: new Date(`${tomorrow}T${hour}:00-03:00`), toFake: ['Date'] });
      try {
        const newDoctorId = (await createPrescribingDoctor(test.app)).id;
        const newWorkspaceId = (await createWorkspace(test.app, { memberIds: [newDoctorId] })).id;
        const prescription = await createSignedPrescription(test.app, {
          workspaceId: newWorkspaceId, doctorUserId: newDoctorId,
        });
        const verification = (await verify(prescription.verificationCode, '198.51.100.2')).json<Verification>();
        expect(verification, hour).toMatchObject({ genuine: true });
      } finally {
        vi.useRealTimers();
      }
    }
  });

  it('shows nothing of the patient: no name, document, diagnosis or medicine', async () => {
    const prescription = await signedPrescription();
    const body = (await verify(prescription.verificationCode)).body;
    for (const secret of [
      prescription.patientName, prescription.patientLastName, prescription.patientDni, prescription.diagnosisCode,
      prescription.diagnosisDescription, sampleMedications.enalapril.genericName, prescription.id,
    ]) {
      expect(body).not.toContain(secret);
    }
  });

  it('says a prescription is not genuine once one byte of its stored PDF changed', async () => {
    const prescription = await signedPrescription();
    // The table refuses updates (a signed PDF never changes); the test plays the attacker who gets past that.
    await test.app.db.transaction(async (tx) => {
      await tx.execute(sql`alter table prescription_documents disable trigger prescription_documents_immutable`);
      await tx.execute(sql`update prescription_documents
        set pdf = overlay(pdf placing '\\x21'::bytea from 2000 for 1) where prescription_id = ${prescription.id}`);
      await tx.execute(sql`alter table prescription_documents enable trigger prescription_documents_immutable`);
    });
    expect((await verify(prescription.verificationCode)).json<Verification>().genuine).toBe(false);
  });

  it('says a prescription is not genuine when its PDF was signed by another doctor, or is missing', async () => {
    const otherDoctorId = (await createPrescribingDoctor(test.app)).id;
    const otherWorkspaceId = (await createWorkspace(test.app, { memberIds: [otherDoctorId] })).id;
    const other = await createSignedPrescription(test.app, {
      workspaceId: otherWorkspaceId, doctorUserId: otherDoctorId,
    });
    const [otherPdf] = await test.app.db.select({ pdf: prescriptionDocuments.pdf })
      .from(prescriptionDocuments).where(eq(prescriptionDocuments.prescriptionId, other.id));
    const swapped = await signedPrescription({ pdf: () => otherPdf!.pdf });
    const missing = await signedPrescription({ pdf: 'none' });
    expect((await verify(other.verificationCode)).json<Verification>().genuine).toBe(true);
    expect((await verify(swapped.verificationCode)).json<Verification>().genuine).toBe(false);
    expect((await verify(missing.verificationCode)).json<Verification>().genuine).toBe(false);
  });

  it('shows the state a pharmacy or the doctor left: cancelled, expired', async () => {
    const cancelled = await signedPrescription({ state: 'cancelled' });
    const expired = await signedPrescription({ issuedOn: addDays(today, -40) });
    expect((await verify(cancelled.verificationCode)).json<Verification>().state).toBe('cancelled');
    expect((await verify(expired.verificationCode)).json<Verification>().state).toBe('expired');
  });

  it('tells the reason of a cancellation by the QR code, never by a CUIR', async () => {
    const cancelled = await signedPrescription({ state: 'cancelled' });
    await test.app.db.update(prescriptions).set({ cancellationReason: 'Dosis equivocada' })
      .where(eq(prescriptions.id, cancelled.id));
    expect((await verify(cancelled.verificationCode)).json<Verification>().cancellationReason).toBe('Dosis equivocada');
    const [cuir = ''] = await cuirsOf(cancelled);
    expect((await verify(cuir)).json<Verification>()).toMatchObject({ state: 'cancelled', cancellationReason: null });
    const valid = await signedPrescription();
    expect((await verify(valid.verificationCode)).json<Verification>().cancellationReason).toBeNull();
  });

  it('knows no draft and no unknown code (404), and refuses a malformed code (400)', async () => {
    const draft = await createPrescription(test.app, { workspaceId, doctorUserId: doctorId });
    const draftCode = randomVerificationCode();
    await test.app.db.update(prescriptions).set({ verificationCode: draftCode }).where(eq(prescriptions.id, draft.id));
    expectRefusal(await verify(draftCode), 404, messages.dispensing.notFound);
    expectRefusal(await verify(randomVerificationCode()), 404, messages.dispensing.notFound);
    expectRefusal(await verify('ABC123'), 400, messages.dispensing.codeInvalid);
    expectRefusal(await verify('ILOU0000ILOU0000'), 400, messages.dispensing.codeInvalid);
  });

  it('limits how many verifications one address may ask for', async () => {
    const code = randomVerificationCode();
    const statuses: number[] = [];
    const { maxAttempts } = policies.publicLinksPerAddress;
    for (let attempt = 0; attempt <= maxAttempts; attempt += 1) statuses.push((await verify(code, '203.0.113.7')).statusCode);
    expect(statuses.slice(0, maxAttempts).every((status) => status === 404)).toBe(true);
    expect(statuses[maxAttempts]).toBe(429);
    expect((await verify(code, '203.0.113.8')).statusCode).toBe(404);
  });
});

describe('GET /api/public/certificate-authority', () => {
  it('hands anyone the platform CA certificate that issued the doctors\' certificates, to trust in a PDF reader', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/public/certificate-authority' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pkix-cert');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="receta-digital-autoridad-certificante\.cer"/);
    const authority = new x509.X509Certificate(response.rawPayload);
    expect(authority.getExtension(x509.BasicConstraintsExtension)?.ca).toBe(true);
    const signer = await test.app.signing.credentialFor(test.app.db, doctorId);
    expect(signer.certificate.issuer).toBe(authority.subject);
    expect(await signer.certificate.verify({ publicKey: authority.publicKey, signatureOnly: true })).toBe(true);
  });
});

describe('GET /api/scanner/:code', () => {
  it('shows a pharmacy the whole prescription with its signature checked', async () => {
    const prescription = await signedPrescription();
    const response = await scan(prescription.verificationCode);
    expect(response.statusCode, response.body).toBe(200);
    const scanned = response.json<ScannedPrescription>();
    expect(scanned.signatureValid).toBe(true);
    expect(scanned.dispensations).toEqual([]);
    expect(scanned.prescription).toMatchObject({
      id: prescription.id,
      displayState: 'valid',
      patient: { dni: prescription.patientDni },
      items: [{ genericName: sampleMedications.enalapril.genericName, quantity: 1, dispensedQuantity: 0 }],
    });
  });

  it('finds the prescription by the CUIR of any of its items, typed in groups of digits', async () => {
    const prescription = await signedPrescription({ items: twoItems });
    const cuirs = await cuirsOf(prescription);
    for (const cuir of [cuirs[1]!, grouped(cuirs[0]!)]) {
      const response = await scan(encodeURIComponent(cuir));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<ScannedPrescription>().prescription).toMatchObject({
        id: prescription.id, items: cuirs.map((each) => ({ cuir: each, subtype: 'prescription' })),
      });
    }
    expectRefusal(await scan(`${cuirs[0]!.slice(0, 39)}99`), 404, messages.dispensing.notFound);
  });

  it('says why it cannot be dispensed: the reason of a cancellation, the day it was wholly dispensed', async () => {
    const cancelled = await signedPrescription({ state: 'cancelled' });
    await test.app.db.update(prescriptions).set({ cancellationReason: 'Paciente internado' })
      .where(eq(prescriptions.id, cancelled.id));
    const scannedCancelled = (await scan(cancelled.verificationCode)).json<ScannedPrescription>();
    expect(scannedCancelled).toMatchObject({
      prescription: { displayState: 'cancelled' }, cancellationReason: 'Paciente internado', dispensedOn: null,
    });
    // Who cancelled it, and when, is the doctor's workspace's business.
    expect(JSON.stringify(scannedCancelled)).not.toMatch(/cancelledBy|cancelledAt/);

    const whole = await signedPrescription();
    await dispensed(whole.id, { all: true });
    expect((await scan(whole.verificationCode)).json<ScannedPrescription>())
      .toMatchObject({ prescription: { displayState: 'dispensed' }, dispensedOn: today, cancellationReason: null });

    const notYet = await signedPrescription({ startDate: addDays(today, 5) });
    expect((await scan(notYet.verificationCode)).json<ScannedPrescription>()).toMatchObject({
      prescription: { displayState: 'pending', startDate: addDays(today, 5) }, dispensedOn: null, cancellationReason: null,
    });
  });

  it('is for pharmacies: a doctor is refused (403), an anonymous caller too (401)', async () => {
    const prescription = await signedPrescription();
    expect((await scan(prescription.verificationCode, doctor)).statusCode).toBe(403);
    expect((await scan(prescription.verificationCode, {})).statusCode).toBe(401);
  });

  it('knows no draft', async () => {
    const draft = await createPrescription(test.app, { workspaceId, doctorUserId: doctorId });
    const code = randomVerificationCode();
    await test.app.db.update(prescriptions).set({ verificationCode: code }).where(eq(prescriptions.id, draft.id));
    expectRefusal(await scan(code), 404, messages.dispensing.notFound);
  });
});

describe('POST /api/prescriptions/:id/dispense', () => {
  it('dispenses every pending unit, recorded with the pharmacy user and audited', async () => {
    const prescription = await signedPrescription({ items: twoItems, quantity: 2 });
    const result = await dispensed(prescription.id, { all: true });
    expect(result.message).toBe(messages.dispensing.dispensed);
    expect(result.prescription.state).toBe('dispensed');
    expect(result.prescription.items.map((item) => item.dispensedQuantity)).toEqual([2, 2]);
    expect(result.dispensations).toHaveLength(2);
    expect(result.dispensations[0]).toMatchObject({
      quantity: 2, pharmacy: { id: pharmacy.id, displayName: 'Farmacia Central' }, undoneAt: null, canUndo: true,
    });
    const [event] = await readAuditEvents(test.app.db, and(eq(auditEvents.subjectId, prescription.id), eq(auditEvents.action, 'prescription.dispensed')));
    expect(event?.actorUserId).toBe(pharmacy.id);
    const [firstItem, secondItem] = result.prescription.items;
    expect(event?.details).toMatchObject({
      items: [{ itemId: firstItem!.id, quantity: 2 }, { itemId: secondItem!.id, quantity: 2 }],
    });
  });

  it('dispenses item by item: partly, then the rest, and never more than is pending', async () => {
    const prescription = await signedPrescription({ items: twoItems, quantity: 2 });
    const [first, second] = await itemsOf(prescription.id);
    const partly = await dispensed(prescription.id, { items: [{ itemId: first!.id, quantity: 1 }] });
    expect(partly.prescription.state).toBe('partially_dispensed');
    expect(partly.prescription.displayState).toBe('partially_dispensed');

    const twoOfFirst = { items: [{ itemId: first!.id, quantity: 2 }] };
    const oneOfFirst = { items: [{ itemId: first!.id, quantity: 1 }] };
    expectRefusal(await dispense(prescription.id, twoOfFirst), 409, messages.dispensing.quantityInvalid);
    await dispensed(prescription.id, oneOfFirst);
    expectRefusal(await dispense(prescription.id, oneOfFirst), 409, messages.dispensing.alreadyDispensed);

    const twoOfSecond = { items: [{ itemId: second!.id, quantity: 2 }] };
    const rest = await dispensed(prescription.id, twoOfSecond, otherPharmacy.headers);
    expect(rest.prescription.state).toBe('dispensed');
    expect(rest.dispensations.map((each) => each.canUndo)).toEqual([false, false, true]);
    expectRefusal(await dispense(prescription.id, { all: true }), 409, messages.dispensing.notDispensable);
  });

  it('refuses a quantity beyond what is pending and changes nothing', async () => {
    const prescription = await signedPrescription({ items: twoItems, quantity: 2 });
    const [first, second] = await itemsOf(prescription.id);
    const response = await dispense(prescription.id, {
      items: [{ itemId: first!.id, quantity: 1 }, { itemId: second!.id, quantity: 3 }],
    });
    expectRefusal(response, 409, messages.dispensing.quantityInvalid);
    expect((await itemsOf(prescription.id)).map((item) => item.dispensedQuantity)).toEqual([0, 0]);
    expect(await stateOf(prescription.id)).toBe('signed');
    expect(await test.app.db.$count(dispensations, eq(dispensations.prescriptionId, prescription.id))).toBe(0);
  });

  it('refuses an item of another prescription', async () => {
    const prescription = await signedPrescription();
    const [otherItem] = await itemsOf((await signedPrescription()).id);
    const response = await dispense(prescription.id, { items: [{ itemId: otherItem!.id, quantity: 1 }] });
    expect(response.statusCode).toBe(400);
  });

  it('lets exactly one of two pharmacists dispense the last unit when both press at once', async () => {
    for (let round = 0; round < 8; round += 1) {
      const prescription = await signedPrescription();
      const [item] = await itemsOf(prescription.id);
      const payloads: DispenseInput[] = round % 2 === 0
        ? [{ all: true }, { all: true }]
        : [{ items: [{ itemId: item!.id, quantity: 1 }] }, { items: [{ itemId: item!.id, quantity: 1 }] }];
      const responses = await Promise.all([
        dispense(prescription.id, payloads[0]!, pharmacy.headers),
        dispense(prescription.id, payloads[1]!, otherPharmacy.headers),
      ]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
      expect((await itemsOf(prescription.id))[0]?.dispensedQuantity).toBe(1);
      expect(await test.app.db.$count(dispensations, eq(dispensations.prescriptionId, prescription.id))).toBe(1);
      expect(await stateOf(prescription.id)).toBe('dispensed');
    }
  });

  it.each([
    ['expired', { issuedOn: addDays(today, -40) }],
    ['cancelled', { state: 'cancelled' as const }],
    ['not yet started', { startDate: addDays(today, 5) }],
  ])('refuses a prescription that is %s', async (_state, options) => {
    const prescription = await signedPrescription(options);
    expectRefusal(await dispense(prescription.id, { all: true }), 409, messages.dispensing.notDispensable);
    expect((await itemsOf(prescription.id))[0]?.dispensedQuantity).toBe(0);
  });

  it('knows no draft, and is for pharmacies', async () => {
    const draft = await createPrescription(test.app, { workspaceId, doctorUserId: doctorId });
    expectRefusal(await dispense(draft.id, { all: true }), 404, messages.prescriptions.notFound);
    const prescription = await signedPrescription();
    expect((await dispense(prescription.id, { all: true }, doctor)).statusCode).toBe(403);
  });
});

describe('POST /api/prescriptions/:id/dispensations/:dispensationId/undo', () => {
  it('lets the same pharmacy undo its dispense the same day: the units are pending again', async () => {
    const prescription = await signedPrescription({ items: twoItems, quantity: 2 });
    const [first] = await itemsOf(prescription.id);
    await dispensed(prescription.id, { items: [{ itemId: first!.id, quantity: 1 }] });
    const [firstPart, restOfFirst, second] = (await dispensed(prescription.id, { all: true })).dispensations;
    expect(second?.canUndo).toBe(true);

    const response = await undo(prescription.id, second!.id);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<DispenseResult>();
    expect(result.message).toBe(messages.dispensing.undone);
    expect(result.prescription.state).toBe('partially_dispensed');
    expect(result.dispensations.find((each) => each.id === second!.id)).toMatchObject({ canUndo: false });
    expect(result.dispensations.find((each) => each.id === second!.id)?.undoneAt).not.toBeNull();
    expect(await test.app.db.$count(auditEvents, and(
      eq(auditEvents.subjectId, prescription.id), eq(auditEvents.action, 'prescription.dispense_undone'),
    ))).toBe(1);

    await undo(prescription.id, restOfFirst!.id);
    expect((await undo(prescription.id, firstPart!.id)).json<DispenseResult>().prescription.state).toBe('signed');
    expect((await itemsOf(prescription.id)).map((item) => item.dispensedQuantity)).toEqual([0, 0]);
    expectRefusal(await undo(prescription.id, firstPart!.id), 409, messages.dispensing.notUndoable);
  });

  it('refuses another pharmacy user', async () => {
    const prescription = await signedPrescription();
    const [dispensation] = (await dispensed(prescription.id, { all: true })).dispensations;
    const response = await undo(prescription.id, dispensation!.id, otherPharmacy.headers);
    expectRefusal(response, 409, messages.dispensing.notUndoable);
    expect(await stateOf(prescription.id)).toBe('dispensed');
  });

  it('refuses on another day in Argentina', async () => {
    const prescription = await signedPrescription();
    const ca = test.app.signing.ca.certificate;
    const actor = { userId: pharmacy.id, audit: { actorUserId: pharmacy.id, pagePath: null } };
    // 23:30 in Buenos Aires (UTC-3): the undo at 00:10 falls on the next calendar day.
    const lateEvening = new Date(`${today}T23:30:00-03:00`);
    const { dispensations: [dispensation] } = await dispensePrescription(
      test.app.db, ca, prescription.id, { all: true }, actor, lateEvening,
    );
    const nextMorning = new Date(lateEvening.getTime() + 40 * 60_000);
    const refusal = await undoDispensation(test.app.db, ca, prescription.id, dispensation!.id, actor, nextMorning)
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).message).toBe(messages.dispensing.notUndoable);
    const sameEvening = new Date(lateEvening.getTime() + 20 * 60_000);
    const undone = await undoDispensation(test.app.db, ca, prescription.id, dispensation!.id, actor, sameEvening);
    expect(undone.prescription.state).toBe('signed');
  });
});
