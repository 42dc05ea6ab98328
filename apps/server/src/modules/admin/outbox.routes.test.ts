import type { OutboxPage } from '@receta/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerDoctor } from '../../../test/factories/doctors.ts';
import { authorizationFor, createUser } from '../../../test/factories/users.ts';
import { useTestApp } from '../../../test/helper.ts';
import { mailOutbox, roles } from '../../db/schema/index.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';

// No SMTP_URL: mail stays in the outbox, where the superadmin reads it.
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
    }
    const response = await readOutbox('?page=1&pageSize=2');
    expect(response.statusCode).toBe(200);
    const page = response.json<OutboxPage>();
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(page.items.map((mail) => mail.to)).toEqual(['destino-3@receta.test', 'destino-2@receta.test']);
    // Pending or already kept: the delivery loop runs alongside.
    expect(page.items[0]).toMatchObject({ subject: 'Aviso 3', attempts: 0, lastError: null, sentAt: null });
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
