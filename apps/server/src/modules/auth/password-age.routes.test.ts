import { messages, type SignedIn, type UserSession } from '@receta/domain';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signInThroughBothSteps } from '../../../test/factories/second-factor.ts';
import { createUser } from '../../../test/factories/users.ts';
import { useTestApp } from '../../../test/helper.ts';
import { users } from '../../db/schema/index.ts';

const test = useTestApp();

/** Moves the user's password back in time, as if chosen `days` days ago. */
async function agePassword(userId: string, days: number): Promise<void> {
  await test.app.db.update(users)
    .set({ passwordChangedAt: sql`now() - make_interval(days => ${days})` })
    .where(eq(users.id, userId));
}

function call(signedIn: SignedIn, method: 'GET' | 'POST', url: string, payload?: object) {
  return test.app.inject({ method, url, payload, headers: { authorization: `Bearer ${signedIn.access_token}` } });
}

describe('a password older than PASSWORD_MAX_AGE_DAYS (365 by default)', () => {
  it('signs in, but only the session, the password change and the logout answer until it is changed', async () => {
    const user = await createUser(test.app);
    await agePassword(user.id, 366);
    const signedIn = await signInThroughBothSteps(test.app, user);
    expect(signedIn.user.passwordExpired).toBe(true);

    const refused = await call(signedIn, 'GET', '/api/profile');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ statusCode: 403, errorCode: 'passwordExpired', message: messages.password.expired });
    expect((await call(signedIn, 'POST', '/api/auth/user/update', { user: { displayName: 'Otro' } })).statusCode).toBe(403);
    const session = await call(signedIn, 'GET', '/api/auth/session');
    expect(session.statusCode).toBe(200);
    expect(session.json<UserSession>().passwordExpired).toBe(true);

    const newPassword = 'Nueva-Clave-2026!';
    const change = await call(signedIn, 'POST', '/api/profile/password', {
      currentPassword: user.password, newPassword, confirmPassword: newPassword,
    });
    expect(change.statusCode).toBe(200);
    expect((await call(signedIn, 'GET', '/api/profile')).statusCode).toBe(200);
    expect((await call(signedIn, 'GET', '/api/auth/session')).json<UserSession>().passwordExpired).toBe(false);
    const [account] = await test.app.db.select({ changedAt: users.passwordChangedAt }).from(users)
      .where(eq(users.id, user.id));
    expect(Date.now() - account!.changedAt.getTime()).toBeLessThan(60_000);
  });

  it('still lets the user sign out', async () => {
    const user = await createUser(test.app);
    await agePassword(user.id, 400);
    const signedIn = await signInThroughBothSteps(test.app, user);
    expect((await call(signedIn, 'POST', '/api/auth/logout')).statusCode).toBe(200);
    expect((await call(signedIn, 'GET', '/api/auth/session')).statusCode).toBe(401);
  });

  it('leaves a younger password alone', async () => {
    const user = await createUser(test.app);
    await agePassword(user.id, 364);
    const signedIn = await signInThroughBothSteps(test.app, user);
    expect(signedIn.user.passwordExpired).toBe(false);
    expect((await call(signedIn, 'GET', '/api/profile')).statusCode).toBe(200);
  });
});
