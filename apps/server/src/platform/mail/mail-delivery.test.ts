import type { AddressInfo } from 'node:net';
import { messages } from '@receta/domain';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authorizeDoctor, registerDoctor } from '../../../test/factories/doctors.ts';
import { authorizationFor, createUser } from '../../../test/factories/users.ts';
import { useTestApp } from '../../../test/helper.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import { maxDeliveryAttempts, retryDelaysMs } from './mail-worker.ts';

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
