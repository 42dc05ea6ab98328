import type { AddressInfo } from 'node:net';
import { messages, type OutboxPage, type PatientLink } from '@receta/domain';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authorizeDoctor, registerDoctor } from '../../../test/factories/doctors.ts';
import { createPatientRecord, createPrescribingDoctor, createPrescription } from '../../../test/factories/prescriptions.ts';
import { authorizationFor, createUser } from '../../../test/factories/users.ts';
import { createWorkspace } from '../../../test/factories/workspaces.ts';
import { deliverPrescriptionToPatient } from '../../../test/factories/patient-deliveries.ts';
import { useTestApp } from '../../../test/helper.ts';
import { mailOutbox, patients } from '../../db/schema/index.ts';
import { maxDeliveryAttempts, retryDelaysMs } from '../retry-schedule.ts';
import { enqueueMail } from './outbox.ts';

interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

const received: ReceivedMail[] = [];
/** The SMTP reply code the server answers RCPT TO with, while a test wants it to refuse. */
let refuseWith: number | null = null;

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onRcptTo(_address, _session, callback) {
    if (refuseWith === null) return callback();
    callback(Object.assign(new Error('Buzón no disponible por ahora'), { responseCode: refuseWith }));
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((recipient) => recipient.address),
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      callback();
    });
  },
});

// Filled before the app starts: useTestApp reads the environment in its own beforeAll.
const environment: Record<string, string> = {};
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  environment.SMTP_URL = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => smtp.close(resolve)));

const test = useTestApp({ environment });

beforeEach(() => {
  refuseWith = null;
});

/** Decodes RFC 2047 words (`=?UTF-8?Q?...?=`) in a header. */
function decodeHeaderWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_word, encoding: string, text: string) => encoding.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')));
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => `%${hex}`);
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
}

/** The subject and the plain-text part of a received message. */
function readMessage(raw: string): { subject: string; text: string } {
  const unfolded = raw.replace(/\r\n[ \t]+/g, ' ');
  const subject = decodeHeaderWords(/^Subject: (.*)$/im.exec(unfolded)?.[1] ?? '');
  const part = raw.split(/\r\n--[^\r\n]+\r\n/).find((candidate) => /^Content-Type: text\/plain/im.test(candidate)) ?? '';
  const [headers = '', ...body] = part.split('\r\n\r\n');
  const content = body.join('\r\n\r\n').replace(/\r\n--[^\r\n]+--\r\n?$/, '');
  const encoding = /^Content-Transfer-Encoding: (.*)$/im.exec(headers)?.[1]?.trim().toLowerCase();
  const text = encoding === 'quoted-printable'
    ? decodeQuotedPrintable(content)
    : encoding === 'base64' ? Buffer.from(content, 'base64').toString('utf8') : content;
  return { subject, text: text.replace(/\r\n/g, '\n') };
}

function receivedBy(email: string): ReceivedMail[] {
  return received.filter((mail) => mail.to.includes(email));
}

async function outboxRowTo(email: string) {
  const [row] = await test.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  if (!row) throw new Error(`No mail to ${email}`);
  return row;
}

describe('mail delivery over SMTP', () => {
  it('sends the registration mail to the doctor, in Spanish, from the platform', async () => {
    const doctor = await registerDoctor(test.app, { name: 'Julieta' });
    await test.app.mailDelivery.deliverDue();

    const [mail, ...others] = receivedBy(doctor.email);
    expect(others).toEqual([]);
    expect(mail?.from).toBe('no-reply@localhost');
    const { subject, text } = readMessage(mail?.raw ?? '');
    expect(subject).toBe('Recibimos su solicitud de registro');
    expect(text).toContain('Hola, Julieta:');
    expect(text).toContain('Un moderador verificará sus datos y su documentación.');
    expect(mail?.raw).toMatch(/^From: "?Receta Digital"? <no-reply@localhost>$/m);
    expect(await outboxRowTo(doctor.email)).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect((await outboxRowTo(doctor.email)).sentAt).toBeInstanceOf(Date);
  });

  it('mails the confirmation link whose token then sets the PIN', async () => {
    const moderator = await authorizationFor(test.app, (await createUser(test.app, { roles: ['superadmin'] })).id);
    const doctor = await registerDoctor(test.app);
    await authorizeDoctor(test.app, doctor, moderator);
    await test.app.mailDelivery.deliverDue();

    const approval = receivedBy(doctor.email).map((mail) => readMessage(mail.raw))
      .find((mail) => mail.subject === 'Su cuenta fue aprobada: establezca su PIN de firma');
    expect(approval?.text).toContain('Para terminar, establezca su PIN de firma de 4 números.');
    const link = new RegExp(`${test.config.publicUrl}/confirmation/([\\w-]+)`).exec(approval?.text ?? '');
    expect(link).not.toBeNull();
    // The copy kept in the database opens nothing: the link the doctor received is not in it.
    const [kept] = await test.app.db.select().from(mailOutbox).where(eq(mailOutbox.subject, approval?.subject ?? ''));
    expect(kept).toMatchObject({ status: 'sent', link: null, linkKind: 'account' });
    expect(kept?.text).toContain('Establecer mi PIN: [enlace enviado]');
    expect(JSON.stringify(kept)).not.toContain(link?.[1]);
    const response = await test.app.inject({
      method: 'PUT', url: `/api/auth/confirmation/doctors/${link?.[1]}`, payload: { PIN: '2468' },
    });
    expect(response.json()).toEqual({ message: messages.pin.credentialsSet });
  });

  it('retries a refused mail after a minute, and sends it once the server accepts', async () => {
    refuseWith = 451;
    const doctor = await registerDoctor(test.app);
    const start = new Date();
    await test.app.mailDelivery.deliverDue(start);

    const refused = await outboxRowTo(doctor.email);
    expect(refused).toMatchObject({ status: 'pending', attempts: 1, sentAt: null });
    expect(refused.lastError).toContain('451');
    const wait = refused.nextAttemptAt.getTime() - Date.now();
    expect(wait).toBeGreaterThan(retryDelaysMs[0]! - 10_000);
    expect(wait).toBeLessThanOrEqual(retryDelaysMs[0]!);
    expect(receivedBy(doctor.email)).toEqual([]);

    refuseWith = null;
    await test.app.mailDelivery.deliverDue();
    expect(receivedBy(doctor.email)).toEqual([]);

    await test.app.mailDelivery.deliverDue(refused.nextAttemptAt);
    expect(receivedBy(doctor.email)).toHaveLength(1);
    expect(await outboxRowTo(doctor.email)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  it('waits longer after each refusal and gives up after the last attempt', async () => {
    refuseWith = 550;
    const doctor = await registerDoctor(test.app);
    let now = new Date();
    const waits: number[] = [];
    for (let attempt = 1; attempt <= maxDeliveryAttempts; attempt += 1) {
      await test.app.mailDelivery.deliverDue(now);
      const row = await outboxRowTo(doctor.email);
      expect(row.attempts).toBe(attempt);
      if (row.status === 'failed') break;
      waits.push(row.nextAttemptAt.getTime() - now.getTime());
      now = row.nextAttemptAt;
    }
    // The first attempt may have been the delivery loop's, a moment before ours.
    expect(waits.slice(1)).toEqual(retryDelaysMs.slice(1));
    const failed = await outboxRowTo(doctor.email);
    expect(failed).toMatchObject({ status: 'failed', attempts: maxDeliveryAttempts });
    expect(failed.lastError).toContain('550');

    refuseWith = null;
    await test.app.mailDelivery.deliverDue(new Date(now.getTime() + 7 * 24 * 60 * 60_000));
    expect(receivedBy(doctor.email)).toEqual([]);
  });
});

describe('links in delivered mail', () => {
  let superadmin: Record<string, string>;
  beforeAll(async () => {
    superadmin = await authorizationFor(test.app, (await createUser(test.app, { roles: ['superadmin'] })).id);
  });

  async function readOutbox(): Promise<{ body: string; page: OutboxPage }> {
    const response = await test.app.inject({ url: '/api/outbox?pageSize=100', headers: superadmin });
    return { body: response.body, page: response.json<OutboxPage>() };
  }

  it('reach the patient working, while neither the stored copy nor the outbox holds them', async () => {
    const doctorId = (await createPrescribingDoctor(test.app)).id;
    const workspaceId = (await createWorkspace(test.app, { memberIds: [doctorId] })).id;
    const patient = await createPatientRecord(test.app, { workspaceId, name: 'Juana', lastName: 'Gómez' });
    const email = `juana.${patient.id.slice(0, 8)}@receta.test`;
    await test.app.db.update(patients).set({ email, phone: null }).where(eq(patients.id, patient.id));
    const prescription = await createPrescription(test.app, { workspaceId, doctorUserId: doctorId, patientId: patient.id, state: 'signed' });
    await deliverPrescriptionToPatient(test.app, {
      prescriptionId: prescription.id, doctorUserId: doctorId, publicUrl: test.config.publicUrl,
    });
    await test.app.mailDelivery.deliverDue();

    const [mail] = receivedBy(email);
    const token = new RegExp(`${test.config.publicUrl}/p/([\\w-]{43})`).exec(readMessage(mail?.raw ?? '').text)?.[1] ?? '';
    expect(token).toHaveLength(43);
    const opened = await test.app.inject({ url: `/api/public/patient-links/${token}` });
    expect(opened.json<PatientLink>()).toMatchObject({ number: prescription.number });

    const stored = await outboxRowTo(email);
    expect(stored).toMatchObject({ status: 'sent', link: null, linkKind: 'patient' });
    expect(stored.text).toContain('Ver mi receta: [enlace enviado]');
    expect(stored.html).not.toMatch(/<a [^>]*href/);
    // Whatever looks like a link's token in the stored copy opens nothing.
    for (const candidate of JSON.stringify(stored).match(/[\w-]{43}/g) ?? []) {
      expect((await test.app.inject({ url: `/api/public/patient-links/${candidate}` })).statusCode).toBe(404);
    }

    const { body, page } = await readOutbox();
    expect(body).not.toContain(token);
    expect(body).not.toContain(email);
    expect(page.items.find((item) => item.id === stored.id)).toMatchObject({ text: null, html: null, withheld: 'content' });
  });

  it('of accounts never show in the outbox, before or after the mail is sent', async () => {
    const token = 'enlace-de-cuenta-'.padEnd(43, 'x');
    await enqueueMail(test.app.db, 'cuenta@receta.test', {
      subject: 'Elija una nueva contraseña', greeting: 'Hola:', paragraphs: ['Texto'],
      action: { label: 'Elegir una nueva contraseña', url: `${test.config.publicUrl}/password-recovery/${token}` },
    });
    // Pending or already sent: the delivery loop runs alongside.
    const before = await readOutbox();
    expect(before.body).not.toContain(token);
    expect(before.page.items.find((item) => item.to === 'cuenta@receta.test')).toMatchObject({ withheld: 'link' });

    await test.app.mailDelivery.deliverDue();
    const after = await readOutbox();
    expect(after.body).not.toContain(token);
    const sent = after.page.items.find((item) => item.to === 'cuenta@receta.test');
    expect(sent).toMatchObject({ status: 'sent', withheld: 'link' });
    expect(sent?.text).toContain('Elegir una nueva contraseña: [enlace enviado]');
    expect(receivedBy('cuenta@receta.test').map((mail) => readMessage(mail.raw).text).join()).toContain(token);
  });

  it('are taken out of a mail given up', async () => {
    refuseWith = 550;
    const url = `${test.config.publicUrl}/invitation/${'invitacion-'.padEnd(43, 'y')}`;
    await enqueueMail(test.app.db, 'invitada@receta.test', {
      subject: 'Invitación', greeting: 'Hola:', paragraphs: ['Texto'], action: { label: 'Elegir mi contraseña', url },
    });
    let now = new Date();
    for (let attempt = 1; attempt <= maxDeliveryAttempts; attempt += 1) {
      await test.app.mailDelivery.deliverDue(now);
      const row = await outboxRowTo('invitada@receta.test');
      if (row.status === 'failed') break;
      now = row.nextAttemptAt;
    }
    const failed = await outboxRowTo('invitada@receta.test');
    expect(failed).toMatchObject({ status: 'failed', link: null });
    expect(`${failed.text}${failed.html}`).not.toContain(url);
    expect(failed.text).toContain('Elegir mi contraseña: [enlace no entregado]');
  });
});
