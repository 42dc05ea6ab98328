import { randomUUID } from 'node:crypto';
import {
  addDays, messages, todayInArgentina, type PatientLink, type PatientLinkHandover, type PrescriptionEvent,
} from '@receta/domain';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPatientRecord, createPrescribingDoctor, createPrescription, headersIn } from '../../../test/factories/prescriptions.ts';
import { createUser } from '../../../test/factories/users.ts';
import { createWorkspace } from '../../../test/factories/workspaces.ts';
import { useTestApp } from '../../../test/helper.ts';
import {
  auditEvents, mailOutbox, patientAccess, patients, prescriptionDocuments, prescriptionItems, prescriptions,
  scheduledJobs, smsOutbox, workspaceMembers,
} from '../../db/schema/index.ts';
import { policies } from '../../platform/attempt-limiter.ts';
import { deliverToPatient } from './patient-delivery.ts';
import { retentionDelayMs, retentionJobKind } from './retention.ts';
import { readAuditEvents } from '../../../test/audit-events.ts';

const test = useTestApp();
const today = todayInArgentina();
const signedPdf = Buffer.from('%PDF-1.7\n% receta firmada de prueba\n');

let workspaceId: string;
let doctorId: string;
let doctor: Record<string, string>;

beforeAll(async () => {
  doctorId = (await createPrescribingDoctor(test.app)).id;
  workspaceId = (await createWorkspace(test.app, { memberIds: [doctorId] })).id;
  doctor = await headersIn(test.app, doctorId, workspaceId);
});

async function patientWith(contact: { email?: string | null; phone?: string | null }) {
  const patient = await createPatientRecord(test.app, { workspaceId, name: 'Juana', lastName: 'Gómez' });
  await test.app.db.update(patients).set({ email: null, phone: null, ...contact }).where(eq(patients.id, patient.id));
  return patient;
}
function uniqueEmail() {
  return `paciente-${randomUUID()}@receta.test`;
}

/** A signed prescription of the workspace's doctor, with a stand-in for its signed PDF. */
async function signedFor(patientId: string, options: { issuedOn?: string; state?: 'signed' | 'cancelled' } = {}) {
  const prescription = await createPrescription(test.app, {
    workspaceId, doctorUserId: doctorId, patientId, state: options.state ?? 'signed', issuedOn: options.issuedOn,
  });
  await test.app.db.insert(prescriptionDocuments).values({ prescriptionId: prescription.id, pdf: signedPdf, sha256: 'ab' });
  return prescription;
}

/** Gives the signed prescription's item a CUIR, as signing does, whatever the factory wrote. */
async function withCuir(prescription: { id: string; number: number }): Promise<string> {
  const cuir = `0000000014010200000000000000000${String(prescription.number).padStart(8, '0')}01`;
  await test.app.db.transaction(async (tx) => {
    await tx.execute(sql`alter table prescription_items disable trigger prescription_items_signed_immutable`);
    await tx.update(prescriptionItems).set({ cuir }).where(eq(prescriptionItems.prescriptionId, prescription.id));
    await tx.execute(sql`alter table prescription_items enable trigger prescription_items_signed_immutable`);
  });
  return cuir;
}

async function deliver(prescriptionIds: string[], now = new Date()) {
  return test.app.db.transaction((tx) => deliverToPatient(tx, {
    prescriptionIds, publicUrl: test.config.publicUrl, now, actor: { actorUserId: doctorId, pagePath: '/prescriptions' },
  }));
}

const linkPattern = () => new RegExp(`${test.config.publicUrl}/p/([A-Za-z0-9_-]{43})`);

async function tokensMailedTo(email: string): Promise<string[]> {
  const mails = await test.app.db.select().from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(mailOutbox.createdAt);
  return mails.map((mail) => linkPattern().exec(mail.text)?.[1] ?? '');
}

function accessOf(prescriptionId: string) {
  return test.app.db.select().from(patientAccess).where(eq(patientAccess.prescriptionId, prescriptionId));
}

function readLink(token: string) {
  return test.app.inject({ url: `/api/public/patient-links/${token}` });
}

describe('deliverToPatient', () => {
  it('mails the patient a working link and a short text, and audits the channels without the address', async () => {
    const email = uniqueEmail();
    const patient = await patientWith({ email });
    const prescription = await signedFor(patient.id);
    const cuir = await withCuir(prescription);
    const now = new Date();
    expect(await deliver([prescription.id], now)).toEqual([prescription.id]);

    const [mail] = await test.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(mail?.subject).toBe(`Su receta electrónica N.º ${prescription.number}`);
    expect(mail?.text).toContain('Hola, Juana:');
    expect(mail?.text).toContain(`Ana Pérez le envió la receta electrónica N.º ${prescription.number}.`);
    const [token] = await tokensMailedTo(email);
    expect(mail?.html).toContain(`href="${test.config.publicUrl}/p/${token}"`);
    const texts = await test.app.db.select({ text: smsOutbox.text }).from(smsOutbox);
    expect(texts.filter(({ text }) => text.includes(token ?? ''))).toEqual([]);

    const response = await readLink(token ?? '');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<PatientLink>()).toEqual({
      number: prescription.number,
      state: 'valid',
      patientName: 'Juana Gómez',
      prescriber: { name: 'Ana', lastName: 'Pérez', licenceType: 'MN', enrollment: '123456' },
      issuedOn: today,
      startDate: today,
      expiryDate: addDays(today, 29),
      items: [{ cuir, subtype: 'prescription' }],
      termsAccepted: false,
      cancellationReason: null,
    });

    const [access] = await accessOf(prescription.id);
    expect(access).toMatchObject({ firstSentAt: now, lastSentAt: now, termsAcceptedAt: null, openCount: 0 });
    const [job] = await test.app.db.select().from(scheduledJobs)
      .where(and(eq(scheduledJobs.kind, retentionJobKind), eq(scheduledJobs.subjectId, patient.id)));
    expect(job).toMatchObject({ status: 'pending', runAt: new Date(now.getTime() + retentionDelayMs) });
    const [audit] = await readAuditEvents(test.app.db, and(eq(auditEvents.action, 'prescription.sent'), eq(auditEvents.subjectId, prescription.id)));
    expect(audit).toMatchObject({ actorUserId: doctorId, subjectType: 'prescription', details: { channels: ['email'] } });
    expect(JSON.stringify(audit)).not.toContain(email);
  });

  it('texts a patient who has a phone, and skips one with neither phone nor email', async () => {
    const phone = `11${String(Date.now()).slice(-8)}`;
    const texted = await signedFor((await patientWith({ phone })).id);
    const silent = await signedFor((await patientWith({})).id);
    expect(await deliver([texted.id, silent.id])).toEqual([texted.id]);

    const [sms] = await test.app.db.select().from(smsOutbox).where(eq(smsOutbox.to, phone));
    expect(sms?.text).toMatch(new RegExp(`^Receta N\\.º ${texted.number} de Ana Pérez, válida del \\d\\d/\\d\\d/\\d{4} al \\d\\d/\\d\\d/\\d{4}: `));
    expect(sms?.text).toMatch(linkPattern());
    expect(await accessOf(silent.id)).toEqual([]);
  });

  it('schedules one retention job per patient, however many prescriptions are sent', async () => {
    const patient = await patientWith({ email: uniqueEmail(), phone: '1155550000' });
    const first = await signedFor(patient.id);
    const second = await signedFor(patient.id);
    const start = new Date();
    await deliver([first.id]);
    await deliver([second.id, first.id], new Date(start.getTime() + 60_000));
    const jobs = await test.app.db.select().from(scheduledJobs).where(eq(scheduledJobs.subjectId, patient.id));
    expect(jobs).toHaveLength(1);
    const [access] = await accessOf(first.id);
    expect(access?.lastSentAt.getTime()).toBeGreaterThan(access?.firstSentAt.getTime() ?? Infinity);
  });
});

describe('the patient link', () => {
  async function sentLink(options: Parameters<typeof signedFor>[1] = {}) {
    const email = uniqueEmail();
    const prescription = await signedFor((await patientWith({ email })).id, options);
    await deliver([prescription.id]);
    const [token = ''] = await tokensMailedTo(email);
    return { prescription, token };
  }

  it('refuses the PDF before the terms are accepted, then serves it and records each opening', async () => {
    const { prescription, token } = await sentLink();
    const refused = await test.app.inject({ url: `/api/public/patient-links/${token}/pdf` });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: messages.patientLinks.termsRequired });

    const accepted = await test.app.inject({ method: 'POST', url: `/api/public/patient-links/${token}/accept` });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<PatientLink>().termsAccepted).toBe(true);
    await test.app.inject({ method: 'POST', url: `/api/public/patient-links/${token}/accept` });

    for (const _opening of [1, 2]) {
      const pdf = await test.app.inject({ url: `/api/public/patient-links/${token}/pdf` });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['cache-control']).toBe('private, no-store');
      expect(pdf.rawPayload.equals(signedPdf)).toBe(true);
    }
    const [access] = await accessOf(prescription.id);
    expect(access?.openCount).toBe(2);
    expect(access?.termsAcceptedAt).toBeInstanceOf(Date);
    expect(access?.lastOpenedAt).toBeInstanceOf(Date);
    const actions = (await test.app.db.select({ action: auditEvents.action })
      .from(auditEvents).where(eq(auditEvents.subjectId, prescription.id))).map(({ action }) => action);
    expect(actions.filter((action) => action === 'prescription.terms_accepted')).toHaveLength(1);
    expect(actions.filter((action) => action === 'prescription.opened')).toHaveLength(2);
  });

  it('leaves the page\'s token out of the audit trail', async () => {
    const { prescription, token } = await sentLink();
    await test.app.inject({
      method: 'POST', url: `/api/public/patient-links/${token}/accept`, headers: { 'x-page-path': `/p/${token}` },
    });
    const [accepted] = await readAuditEvents(test.app.db, and(eq(auditEvents.action, 'prescription.terms_accepted'), eq(auditEvents.subjectId, prescription.id)));
    expect(accepted?.pagePath).toBe('/p/[redacted]');
  });

  it('still opens for a cancelled prescription, to show its state and reason, but refuses its PDF', async () => {
    const { prescription, token } = await sentLink({ state: 'cancelled' });
    await test.app.db.update(prescriptions).set({ cancellationReason: 'Dosis equivocada' })
      .where(eq(prescriptions.id, prescription.id));
    const response = await readLink(token);
    expect(response.statusCode).toBe(200);
    expect(response.json<PatientLink>()).toMatchObject({ state: 'cancelled', cancellationReason: 'Dosis equivocada' });

    await test.app.inject({ method: 'POST', url: `/api/public/patient-links/${token}/accept` });
    const pdf = await test.app.inject({ url: `/api/public/patient-links/${token}/pdf` });
    expect(pdf.statusCode).toBe(409);
    expect(pdf.json()).toMatchObject({ message: messages.patientLinks.cancelled });
    const [access] = await accessOf(prescription.id);
    expect(access?.openCount).toBe(0);
  });

  it('answers 404 for an unknown token and for the link of an expired prescription', async () => {
    const { token } = await sentLink({ issuedOn: addDays(today, -31) });
    for (const unknown of [token, 'x'.repeat(43), 'corto']) {
      const response = await readLink(unknown);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: messages.patientLinks.invalid });
    }
    expect((await test.app.inject({ url: `/api/public/patient-links/${token}/pdf` })).statusCode).toBe(404);
    expect((await test.app.inject({ method: 'POST', url: `/api/public/patient-links/${token}/accept` })).statusCode).toBe(404);
  });

  it('limits the requests from one address', async () => {
    const statuses: number[] = [];
    const { maxAttempts } = policies.publicLinksPerAddress;
    for (let request = 0; request < maxAttempts; request += 1) {
      statuses.push((await test.app.inject({ url: '/api/public/patient-links/nada', remoteAddress: '203.0.113.9' })).statusCode);
    }
    expect(statuses.every((status) => status === 404)).toBe(true);
    const limited = await test.app.inject({ url: '/api/public/patient-links/nada', remoteAddress: '203.0.113.9' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ message: messages.common.tooManyRequests });
  });
});

describe('POST /api/prescriptions/:id/send', () => {
  function send(id: string, headers = doctor) {
    return test.app.inject({ method: 'POST', url: `/api/prescriptions/${id}/send`, headers });
  }

  it('sends the doctor\'s signed prescription again with a new link, the earlier one still working', async () => {
    const email = uniqueEmail();
    const prescription = await signedFor((await patientWith({ email })).id);
    await deliver([prescription.id]);
    const response = await send(prescription.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: messages.signing.sent });

    const tokens = await tokensMailedTo(email);
    expect(tokens).toHaveLength(2);
    expect(tokens[0]).not.toBe(tokens[1]);
    for (const token of tokens) expect((await readLink(token)).statusCode).toBe(200);
  });

  it('refuses a patient without email nor phone, a draft, and another doctor\'s prescription', async () => {
    const noContact = await send((await signedFor((await patientWith({})).id)).id);
    expect(noContact.statusCode).toBe(400);
    expect(noContact.json()).toMatchObject({ message: messages.signing.noContact });

    const patient = await patientWith({ email: uniqueEmail() });
    const draft = await createPrescription(test.app, { workspaceId, doctorUserId: doctorId, patientId: patient.id });
    const refusedDraft = await send(draft.id);
    expect(refusedDraft.statusCode).toBe(409);
    expect(refusedDraft.json()).toMatchObject({ message: messages.signing.notSendable });

    const colleagueId = (await createPrescribingDoctor(test.app)).id;
    await test.app.db.insert(workspaceMembers).values({ workspaceId, userId: colleagueId });
    const colleague = await headersIn(test.app, colleagueId, workspaceId);
    const notTheirs = await send((await signedFor(patient.id)).id, colleague);
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json()).toMatchObject({ message: messages.prescriptions.notFound });
  });
});

describe('POST /api/prescriptions/:id/patient-link', () => {
  function handOver(id: string, headers = doctor) {
    return test.app.inject({ method: 'POST', url: `/api/prescriptions/${id}/patient-link`, headers });
  }
  function tokenOf(handover: PatientLinkHandover): string {
    return handover.url.slice(`${test.config.publicUrl}/p/`.length);
  }

  it('gives the doctor a new working link to hand over, a patient without email or phone too', async () => {
    const patient = await patientWith({});
    const prescription = await signedFor(patient.id);
    const now = Date.now();
    const response = await handOver(prescription.id);
    expect(response.statusCode, response.body).toBe(200);
    const handover = response.json<PatientLinkHandover>();
    expect(handover.url).toMatch(linkPattern());
    expect(handover.expiryDate).toBe(addDays(today, 29));
    expect((await readLink(tokenOf(handover))).json<PatientLink>())
      .toMatchObject({ number: prescription.number, termsAccepted: false });

    const [access] = await accessOf(prescription.id);
    expect(access?.firstSentAt.getTime()).toBeGreaterThanOrEqual(now);
    const jobs = await test.app.db.select().from(scheduledJobs).where(eq(scheduledJobs.subjectId, patient.id));
    expect(jobs).toHaveLength(1);
    const { events } = (await test.app.inject({ url: `/api/prescriptions/${prescription.id}/events`, headers: doctor }))
      .json<{ events: PrescriptionEvent[] }>();
    expect(events.filter((event) => event.kind === 'sent')).toMatchObject([{ detail: 'Por enlace para entregar' }]);
  });

  it('leaves the links mailed earlier working', async () => {
    const email = uniqueEmail();
    const prescription = await signedFor((await patientWith({ email })).id);
    await deliver([prescription.id]);
    const [mailed = ''] = await tokensMailedTo(email);

    const handedOver = tokenOf((await handOver(prescription.id)).json<PatientLinkHandover>());
    expect(handedOver).not.toBe(mailed);
    for (const token of [mailed, handedOver]) expect((await readLink(token)).statusCode).toBe(200);
    expect(await tokensMailedTo(email)).toHaveLength(1);
  });

  it('answers nobody but the prescription\'s doctor: not a colleague, a clinic administrator or a pharmacy', async () => {
    const prescription = await signedFor((await patientWith({ email: uniqueEmail() })).id);
    const colleagueId = (await createPrescribingDoctor(test.app)).id;
    const clinicAdministratorId = (await createUser(test.app, { roles: ['fds.admin'] })).id;
    await test.app.db.insert(workspaceMembers)
      .values([colleagueId, clinicAdministratorId].map((userId) => ({ workspaceId, userId })));
    const pharmacyId = (await createUser(test.app, { roles: ['fds.provider'] })).id;

    for (const userId of [colleagueId, clinicAdministratorId]) {
      const refused = await handOver(prescription.id, await headersIn(test.app, userId, workspaceId));
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ message: messages.prescriptions.notFound });
      expect(refused.body).not.toContain('/p/');
    }
    expect((await handOver(prescription.id, await headersIn(test.app, pharmacyId, workspaceId))).statusCode).toBe(403);
    expect((await handOver(prescription.id, {})).statusCode).toBe(401);
    expect(await accessOf(prescription.id)).toEqual([]);
  });

  it('refuses a draft and an expired prescription', async () => {
    const patient = await patientWith({});
    const draft = await createPrescription(test.app, { workspaceId, doctorUserId: doctorId, patientId: patient.id });
    const expired = await signedFor(patient.id, { issuedOn: addDays(today, -31) });
    for (const id of [draft.id, expired.id]) {
      const refused = await handOver(id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ message: messages.signing.notSendable });
    }
  });
});
