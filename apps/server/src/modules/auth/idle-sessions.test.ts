import { messages } from '@receta/domain';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createUser, signIn } from '../../../test/factories/users.ts';
import { useTestApp } from '../../../test/helper.ts';
import { sessions } from '../../db/schema/index.ts';

const test = useTestApp();

/** A signed-in user whose session was last used `minutesAgo` minutes ago. */
async function sessionLastUsed(minutesAgo: number) {
  const user = await createUser(test.app);
  const token = await signIn(test.app, user.id);
  await test.app.db.update(sessions)
    .set({ lastSeenAt: sql`now() - make_interval(secs => ${minutesAgo * 60})` })
    .where(eq(sessions.userId, user.id));
  const lastSeen = async () => {
    const [session] = await test.app.db.select({ lastSeenAt: sessions.lastSeenAt }).from(sessions)
      .where(eq(sessions.userId, user.id));
    return session!.lastSeenAt;
  };
  const readSession = () => test.app.inject({ url: '/api/auth/session', headers: { authorization: `Bearer ${token}` } });
  return { readSession, lastSeen };
}

describe('a session unused for SESSION_IDLE_HOURS (8 by default)', () => {
  it('ends after 8 hours and 1 minute: the token gets the spec\'s "access_token expired", and keeps getting it', async () => {
    const { readSession, lastSeen } = await sessionLastUsed(8 * 60 + 1);
    const before = await lastSeen();
    for (const response of [await readSession(), await readSession()]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        statusCode: 401, message: messages.session.expiredAccessToken, errorCode: 'sessionExpired',
      });
    }
    expect(await lastSeen()).toEqual(before);
  });

  it('goes on after 7 hours and 59 minutes, and records the use', async () => {
    const { readSession, lastSeen } = await sessionLastUsed(7 * 60 + 59);
    expect((await readSession()).statusCode).toBe(200);
    expect(Date.now() - (await lastSeen()).getTime()).toBeLessThan(60_000);
  });

  it('writes the last use at most once a minute', async () => {
    const { readSession, lastSeen } = await sessionLastUsed(0.5);
    const before = await lastSeen();
    expect((await readSession()).statusCode).toBe(200);
    expect(await lastSeen()).toEqual(before);
  });
});

// A process alone on its database remembers session lookups until a change (decisions 060 and
// 068): the time passed since a session was read counts as the database's would.
describe('a session remembered by the process', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ends when SESSION_IDLE_HOURS pass after it was read, with nothing written meanwhile', async () => {
    const { readSession } = await sessionLastUsed(0);
    expect((await readSession()).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + (8 * 60 + 1) * 60_000 });
    const response = await readSession();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ errorCode: 'sessionExpired' });
  });

  it('records its use once a minute has passed since it was read', async () => {
    const { readSession, lastSeen } = await sessionLastUsed(0);
    expect((await readSession()).statusCode).toBe(200);
    const before = await lastSeen();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * 60_000 });
    expect((await readSession()).statusCode).toBe(200);
    expect((await lastSeen()).getTime()).toBeGreaterThan(before.getTime());
  });
});
