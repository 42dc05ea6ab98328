import type { OutboxPage, SmsOutboxPage } from '@receta/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerDoctor } from '../../../test/factories/doctors.ts';
import { createPatientRecord, createPrescribingDoctor, createPrescription } from '../../../test/factories/prescriptions.ts';
import { authorizationFor, createUser } from '../../../test/factories/users.ts';
import { createWorkspace } from '../../../test/factories/workspaces.ts';
import { deliverPrescriptionToPatient } from '../../../test/factories/patient-deliveries.ts';
import { useTestApp } from '../../../test/helper.ts';
import { mailOutbox, patients, roles, smsOutbox } from '../../db/schema/index.ts';
import { enqueueMail } from './outbox.ts';

// No SMTP_URL: mail stays in the outbox, where the superadmin reads it and follows the accounts' links.
const test = useTestApp();
let superadmin: Record<string, string>;

beforeAll(async () => {
  superadmin = await authorizationFor(test.app, (await createUser(test.app, { roles: ['superadmin'] })).id);
});

function readOutbox(query: string, headers = superadmin) {
  return test.app.inject({ url: `/api/outbox${query}`, headers });
}

describe('GET /api/outbox', () => {
  it('shows the superadmin every mail, newest first, a page at a time', async () => {
    for (const number of [1, 2, 3]) {
      await enqueueMail(test.app.db, `destino-${number}@receta.test`, {
        subject: `Aviso ${number}`, greeting: 'Hola:', paragraphs: ['Texto'],
        action: { label: 'Abrir', url: `${test.config.publicUrl}/confirmation/token-${number}` },
      });
      // A minute apart: an embedded database's clock may give mails queued in one millisecond the same time.
      await test.app.db.update(mailOutbox)
        .set({ createdAt: new Date(Date.now() - (10 - number) * 60_000) })
        .where(eq(mailOutbox.to, `destino-${number}@receta.test`));
    }
    const response = await readOutbox('?page=1&pageSize=2');
    expect(response.statusCode).toBe(200);
    const page = response.json<OutboxPage>();
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(page.items.map((mail) => mail.to)).toEqual(['destino-3@receta.test', 'destino-2@receta.test']);
    // Pending or already kept: the delivery loop runs alongside.
    expect(page.items[0]).toMatchObject({ subject: 'Aviso 3', attempts: 0, lastError: null, sentAt: null, withheld: null });
    expect(page.items[0]?.text).toContain(`Abrir: ${test.config.publicUrl}/confirmation/token-3`);
    expect(page.items[0]?.html).toContain(`href="${test.config.publicUrl}/confirmation/token-3"`);
    expect(Date.parse(page.items[0]?.createdAt ?? '')).not.toBeNaN();

    const last = (await readOutbox('?page=2&pageSize=2')).json<OutboxPage>();
    expect(last.items.map((mail) => mail.to)).toEqual(['destino-1@receta.test']);
  });

  it('is for the superadmin only, even for a user holding every other permission', async () => {
    const allPermissions = (await test.app.db.select({ permissions: roles.permissions }).from(roles)
      .where(eq(roles.slug, 'superadmin')))[0]?.permissions ?? [];
    await test.app.db.insert(roles).values({ slug: 'casi-todo', name: 'Casi todo', permissions: allPermissions });
    const almost = await createUser(test.app, { roles: ['casi-todo'] });
    const doctor = await createUser(test.app, { roles: ['fds.medical'] });
    expect((await readOutbox('', await authorizationFor(test.app, almost.id))).statusCode).toBe(403);
    expect((await readOutbox('', await authorizationFor(test.app, doctor.id))).statusCode).toBe(403);
    expect((await readOutbox('', {})).statusCode).toBe(401);
  });
});

describe('a patient\'s messages in the outboxes', () => {
  it('are never shown: neither their text and link nor more than a hint of the address', async () => {
    const doctorId = (await createPrescribingDoctor(test.app)).id;
    const workspaceId = (await createWorkspace(test.app, { memberIds: [doctorId] })).id;
    const patient = await createPatientRecord(test.app, { workspaceId, name: 'Juana', lastName: 'Gómez' });
    const email = `juana.${patient.id.slice(0, 8)}@receta.test`;
    const phone = '1144448877';
    await test.app.db.update(patients).set({ email, phone }).where(eq(patients.id, patient.id));
    const prescription = await createPrescription(test.app, { workspaceId, doctorUserId: doctorId, patientId: patient.id, state: 'signed' });
    await deliverPrescriptionToPatient(test.app, {
      prescriptionId: prescription.id, doctorUserId: doctorId, publicUrl: test.config.publicUrl,
    });
    // Without a transport the stored copy keeps its link, which must go no further.
    const [mail] = await test.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    const token = /\/p\/([\w-]{43})/.exec(mail?.link ?? '')?.[1] ?? '';
    expect(token).toHaveLength(43);

    const mails = await readOutbox('?pageSize=100');
    expect(mails.body).not.toContain(token);
    expect(mails.body).not.toContain(email);
    expect(mails.body).not.toContain('Juana');
    expect(mails.json<OutboxPage>().items.find((item) => item.id === mail?.id)).toMatchObject({
      to: 'j***@receta.test', subject: `Su receta electrónica N.º ${prescription.number}`, text: null, html: null, withheld: 'content',
    });

    const texts = await test.app.inject({ url: '/api/sms-outbox?pageSize=100', headers: superadmin });
    expect(texts.body).not.toContain(token);
    expect(texts.body).not.toContain(phone);
    const [sms] = await test.app.db.select({ id: smsOutbox.id }).from(smsOutbox).where(eq(smsOutbox.to, phone));
    expect(texts.json<SmsOutboxPage>().items.find((item) => item.id === sms?.id))
      .toMatchObject({ to: '***77', text: null, withheld: 'content' });
  });
});

describe('mail without SMTP', () => {
  it('is kept in the outbox, readable there, and never retried', async () => {
    const doctor = await registerDoctor(test.app);
    await test.app.mailDelivery.deliverDue();
    const [mail] = await test.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, doctor.email));
    expect(mail).toMatchObject({ status: 'kept', attempts: 0, sentAt: null, lastError: null });

    const listed = (await readOutbox('?pageSize=100')).json<OutboxPage>().items.find((item) => item.to === doctor.email);
    expect(listed).toMatchObject({ status: 'kept', subject: 'Recibimos su solicitud de registro' });
    const report = await test.app.mailDelivery.deliverDue(new Date(Date.now() + 24 * 60 * 60_000));
    expect(report.kept).toBe(0);
  });
});
