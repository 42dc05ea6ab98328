import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../test/helper.ts';
import { attemptLimits } from '../db/schema/index.ts';
import { DatabaseAttemptCounts } from './attempt-counts-database.ts';
import { ProcessAttemptCounts } from './attempt-counts-process.ts';
import { RedisAttemptCounts } from './attempt-counts-redis.ts';
import { AttemptLimiter, deleteExpiredAttempts, type AttemptKey, type AttemptPolicy } from './attempt-limiter.ts';
import { AppError } from './http/app-error.ts';

const test = useTestApp();
const policy: AttemptPolicy = { name: 'test', maxAttempts: 3, windowMs: 60_000, lockMs: 10 * 60_000 };
let nextSubject = 0;
const freshKey = (): AttemptKey => [policy, `sujeto-${nextSubject++}`];

/** The outcome of each of `count` reservations fired at once. */
async function reserveAtOnce(limiter: AttemptLimiter, key: AttemptKey, count: number) {
  return Promise.allSettled(Array.from({ length: count }, () => limiter.reserve([key])));
}

function behavesAsALimiter(openLimiter: () => AttemptLimiter) {
  it('lets through no more than the allowance of 300 attempts fired at once, and refuses the rest with 429', async () => {
    const outcomes = await reserveAtOnce(openLimiter(), freshKey(), 300);
    const refusals = outcomes.filter((outcome) => outcome.status === 'rejected').map((outcome) => outcome.reason as unknown);
    expect(outcomes.length - refusals.length).toBe(policy.maxAttempts);
    for (const refusal of refusals) {
      expect(refusal).toBeInstanceOf(AppError);
      expect(refusal).toMatchObject({ statusCode: 429 });
      // The lock is bounded by the policy whatever the size of the burst.
      expect((refusal as AppError).retryAfterSeconds).toBeGreaterThan(0);
      expect((refusal as AppError).retryAfterSeconds).toBeLessThanOrEqual(policy.lockMs / 1000);
    }
  });

  it('counts a key whatever its capitalisation, and keeps keys apart', async () => {
    const limiter = openLimiter();
    const [, subject] = freshKey();
    const shouted: AttemptKey = [policy, subject.toUpperCase()];
    for (let attempt = 0; attempt < policy.maxAttempts; attempt++) await limiter.reserve([shouted]);
    await expect(limiter.reserve([[policy, subject]])).rejects.toMatchObject({ statusCode: 429 });
    await expect(limiter.reserve([freshKey()])).resolves.toBeUndefined();
  });

  it('gives back a refunded attempt, and forgets a cleared key', async () => {
    const limiter = openLimiter();
    const key = freshKey();
    for (let attempt = 0; attempt < policy.maxAttempts; attempt++) await limiter.reserve([key]);
    await limiter.release({ refund: [key] });
    await expect(limiter.reserve([key])).resolves.toBeUndefined();
    await expect(limiter.reserve([key])).rejects.toMatchObject({ statusCode: 429 });
    await limiter.release({ clear: [key] });
    await expect(limiter.reserve([key])).resolves.toBeUndefined();
  });

  it('clears some keys and refunds others in one release, and never gives back more than was spent', async () => {
    const limiter = openLimiter();
    const [cleared, refunded, untouched] = [freshKey(), freshKey(), freshKey()];
    for (let attempt = 0; attempt < policy.maxAttempts; attempt++) await limiter.reserve([cleared, refunded]);
    await limiter.release({ clear: [cleared], refund: [refunded, untouched, untouched] });
    const outcomes = await Promise.all([cleared, refunded, untouched].map((key) => reserveAtOnce(limiter, key, 10)));
    const passed = outcomes.map((each) => each.filter((outcome) => outcome.status === 'fulfilled').length);
    expect(passed).toEqual([policy.maxAttempts, 1, policy.maxAttempts]);
  });

  it('stops at the first key with no attempt left', async () => {
    const limiter = openLimiter();
    const [spent, untouched] = [freshKey(), freshKey()];
    for (let attempt = 0; attempt < policy.maxAttempts; attempt++) await limiter.reserve([spent]);
    await expect(limiter.reserve([spent, untouched])).rejects.toMatchObject({ statusCode: 429 });
    const outcomes = await reserveAtOnce(limiter, untouched, policy.maxAttempts + 1);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(policy.maxAttempts);
  });
}

/** Locks a fresh key and moves the clock (faked) to a second before its lock runs out, then past it. */
async function expectUnlockedWhenTheLockRunsOut(limiter: AttemptLimiter) {
  const key = freshKey();
  for (let attempt = 0; attempt <= policy.maxAttempts; attempt++) await limiter.reserve([key]).catch(() => undefined);
  vi.setSystemTime(Date.now() + policy.lockMs - 1000);
  await expect(limiter.reserve([key])).rejects.toMatchObject({ statusCode: 429 });
  vi.setSystemTime(Date.now() + 2000);
  await expect(limiter.reserve([key])).resolves.toBeUndefined();
}

describe('attempt limiter on the database', () => {
  const openLimiter = () => new AttemptLimiter(new DatabaseAttemptCounts(test.app.db));
  afterEach(() => void vi.useRealTimers());

  behavesAsALimiter(openLimiter);

  it('unlocks a key when its lock runs out, and removes the counts that ran out', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const limiter = openLimiter();
    await expectUnlockedWhenTheLockRunsOut(limiter);

    const later = new Date(Date.now() + policy.windowMs + 1000);
    expect(await deleteExpiredAttempts(test.app.db, later)).toBeGreaterThan(0);
    expect(await test.app.db.select().from(attemptLimits)).toEqual([]);
  });
});

describe('attempt limiter in the memory of the process that owns the database', () => {
  const openLimiter = () => new AttemptLimiter(new ProcessAttemptCounts());
  afterEach(() => void vi.useRealTimers());

  behavesAsALimiter(openLimiter);

  it('unlocks a key when its lock runs out, and sweeps away the counts that ran out', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const counts = new ProcessAttemptCounts();
    const limiter = new AttemptLimiter(counts);
    await expectUnlockedWhenTheLockRunsOut(limiter);

    for (let subject = 0; subject < 999; subject++) await limiter.reserve([freshKey()]);
    expect(counts.keysCounted).toBe(1_000);
    vi.setSystemTime(Date.now() + policy.windowMs + 1000);
    await limiter.reserve([freshKey()]);
    expect(counts.keysCounted).toBe(1);
  });

  it('counts together for every app built on one database', () => {
    expect(ProcessAttemptCounts.of(test.app.db)).toBe(ProcessAttemptCounts.of(test.app.db));
  });
});

// Redis is optional for the product; the suite uses the one `TEST_REDIS_URL` names (CI sets it).
const redisUrl = process.env.TEST_REDIS_URL;
describe.runIf(redisUrl)('attempt limiter on Redis', () => {
  const keyPrefix = `receta-test-${randomBytes(4).toString('hex')}:`;
  const clients: Redis[] = [];
  const openLimiter = () => {
    const client = new Redis(redisUrl!);
    clients.push(client);
    return new AttemptLimiter(new RedisAttemptCounts(client, keyPrefix));
  };
  afterAll(async () => {
    const client = clients[0] ?? new Redis(redisUrl!);
    const keys = await client.keys(`${keyPrefix}*`);
    if (keys.length > 0) await client.del(...keys);
    await Promise.all(clients.map((each) => each.quit()));
  });

  behavesAsALimiter(openLimiter);

  it('shares the count between server processes, each with its own connection', async () => {
    const key = freshKey();
    const processes = [openLimiter(), openLimiter()];
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, index) => processes[index % 2]!.reserve([key])),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(policy.maxAttempts);
  });
});
