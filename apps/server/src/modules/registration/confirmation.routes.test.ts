import { messages, serverMessages } from '@receta/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  authorizeDoctor, confirmationTokenIn, lastMailTo, registerDoctor,
} from '../../../test/factories/doctors.ts';
import { randomAddress } from '../../../test/factories/uploads.ts';
import { authorizationFor, createUser } from '../../../test/factories/users.ts';
import { useTestApp } from '../../../test/helper.ts';
import { auditEvents, doctorCredentials, doctors, mailOutbox } from '../../db/schema/index.ts';
import { policies } from '../../platform/attempt-limiter.ts';
import { verifySecret } from '../../platform/passwords.ts';
import { issueUserToken } from '../../platform/user-tokens.ts';

const test = useTestApp();
let moderator: Record<string, string>;

beforeAll(async () => {
  moderator = await authorizationFor(test.app, (await createUser(test.app, { roles: ['superadmin'] })).id);
});

function confirm(token: string, payload: object) {
  return test.app.inject({ method: 'PUT', url: `/api/auth/confirmation/doctors/${token}`, payload });
}

function sendConfirmation(email: string, remoteAddress = randomAddress()) {
  return test.app.inject({ method: 'POST', url: '/api/auth/doctors/send-confirmation', payload: { email }, remoteAddress });
}

async function pinHashOf(userId: string) {
  const [doctor] = await test.app.db.select({ pinHash: doctors.pinHash })
    .from(doctors)
    .where(eq(doctors.userId, userId));
  return doctor?.pinHash ?? null;
}

describe('PUT /api/auth/confirmation/doctors/{userToken}', () => {
  it('sets the PIN of the doctor the mailed link belongs to, as an argon2id hash', async () => {
    const doctor = await registerDoctor(test.app);
    const token = await authorizeDoctor(test.app, doctor, moderator);
    await test.app.db.update(doctors).set({ pinFailedAttempts: 3 }).where(eq(doctors.userId, doctor.id));

    const response = await confirm(token, { PIN: '4821' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: messages.pin.credentialsSet });
    const [stored] = await test.app.db.select().from(doctors).where(eq(doctors.userId, doctor.id));
    expect(stored?.pinHash).toMatch(/^\$argon2id\$/);
    expect(await verifySecret(stored?.pinHash ?? '', '4821')).toBe(true);
    expect(stored?.pinFailedAttempts).toBe(0);
    expect(await test.app.db.$count(auditEvents,
      and(eq(auditEvents.subjectId, doctor.id), eq(auditEvents.action, 'doctor.pin_set')))).toBe(1);
  });

  it('issues the doctor a signing certificate with the PIN', async () => {
    const doctor = await registerDoctor(test.app);
    const token = await authorizeDoctor(test.app, doctor, moderator);

    expect((await confirm(token, { PIN: '4821' })).statusCode).toBe(200);
    expect(await test.app.db.$count(doctorCredentials, eq(doctorCredentials.userId, doctor.id))).toBe(1);
  });

  it('answers "Already used PIN" to a link used before, and keeps the first PIN', async () => {
    const doctor = await registerDoctor(test.app);
    const token = await authorizeDoctor(test.app, doctor, moderator);
    expect((await confirm(token, { PIN: '1111' })).statusCode).toBe(200);

    const again = await confirm(token, { PIN: '2222' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: serverMessages.alreadyUsedPin, errorCode: 'alreadyUsedPin' });
    expect(await verifySecret(await pinHashOf(doctor.id) ?? '', '1111')).toBe(true);
  });

  it('says the time ran out for a link older than 7 days, and for an unknown one', async () => {
    const doctor = await registerDoctor(test.app);
    await authorizeDoctor(test.app, doctor, moderator);
    const stale = await issueUserToken(test.app.db, doctor.id, 'confirm_account', new Date(Date.now() - 8 * 24 * 60 * 60_000));

    for (const token of [stale, 'un-enlace-que-no-existe']) {
      const response = await confirm(token, { PIN: '1234' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: messages.pin.expired });
    }
    expect(await pinHashOf(doctor.id)).toBeNull();
  });

  it('refuses an account still waiting for a moderator, and leaves its link unused', async () => {
    const doctor = await registerDoctor(test.app);
    const token = await issueUserToken(test.app.db, doctor.id, 'confirm_account');

    const response = await confirm(token, { PIN: '1234' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: serverMessages.pendingApproval });
    expect(await pinHashOf(doctor.id)).toBeNull();

    const approved = await test.app.inject({ method: 'POST', url: `/api/users/${doctor.id}/authorize`, headers: moderator });
    expect(approved.statusCode).toBe(200);
    // Approval issued a new link, so the one handed out before it no longer works.
    expect((await confirm(token, { PIN: '1234' })).json()).toMatchObject({ message: serverMessages.alreadyUsedPin });
  });

  it('refuses a rejected account', async () => {
    const doctor = await registerDoctor(test.app);
    await test.app.inject({
      method: 'POST', url: `/api/users/${doctor.id}/reject`, headers: moderator, payload: { reason: 'Documento ilegible' },
    });
    const token = await issueUserToken(test.app.db, doctor.id, 'confirm_account');
    const response = await confirm(token, { PIN: '1234' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: serverMessages.unauthorizedUser });
  });

  it.each([
    [{ PIN: '' }, messages.pin.required],
    [{ PIN: '123' }, messages.pin.length],
    [{ PIN: '12345' }, messages.pin.length],
    [{ PIN: '12a4' }, messages.pin.length],
  ])('refuses %j with "%s"', async (payload, message) => {
    const response = await confirm('cualquiera', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fields: { message: string }[] }>().fields[0]).toEqual({ field: 'body.PIN', message });
  });
});

describe('POST /api/auth/doctors/send-confirmation', () => {
  const answer = { message: messages.moderation.confirmationSent };

  it('mails an approved doctor without a PIN a new link; the previous one stops working', async () => {
    const doctor = await registerDoctor(test.app);
    const first = await authorizeDoctor(test.app, doctor, moderator);

    const response = await sendConfirmation(doctor.email.toUpperCase());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(answer);
    const second = confirmationTokenIn((await lastMailTo(test.app, doctor.email)).text);
    expect(second).not.toBe(first);
    expect((await confirm(first, { PIN: '1234' })).json()).toMatchObject({ message: serverMessages.alreadyUsedPin });
    expect((await confirm(second, { PIN: '1234' })).statusCode).toBe(200);
  });

  it('answers the same and mails nothing for an unknown email, a pending doctor or a doctor with a PIN', async () => {
    const pending = await registerDoctor(test.app);
    const confirmed = await registerDoctor(test.app);
    await confirm(await authorizeDoctor(test.app, confirmed, moderator), { PIN: '1234' });
    const mailsBefore = await test.app.db.$count(mailOutbox);

    for (const email of ['nadie@receta.test', pending.email, confirmed.email]) {
      const response = await sendConfirmation(email);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(answer);
    }
    expect(await test.app.db.$count(mailOutbox)).toBe(mailsBefore);
  });

  it('limits the requests of one address', async () => {
    const address = randomAddress();
    for (let request = 0; request < policies.mailRequestsPerAddress.maxAttempts; request += 1) {
      expect((await sendConfirmation('nadie@receta.test', address)).statusCode).toBe(200);
    }
    expect((await sendConfirmation('nadie@receta.test', address)).statusCode).toBe(429);
  });
});
