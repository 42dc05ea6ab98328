import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helper.ts';
import { assertNotLocked, clearAttempts, recordAttempt, spendAttempt, type AttemptPolicy } from './attempt-limiter.ts';

const test = useTestApp();
const policy: AttemptPolicy = { name: 'test', maxAttempts: 3, windowMs: 60_000, lockMs: 10_000 };
const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, seconds));

describe('attempt limiter', () => {
  it('locks a key after the allowed failures and unlocks it when the lock runs out', async () => {
    for (const second of [0, 1, 2]) await recordAttempt(test.app.db, policy, 'ana@example.com', at(second));
    await expect(assertNotLocked(test.app.db, policy, 'ana@example.com', at(3))).rejects.toMatchObject({ statusCode: 429 });
    await expect(assertNotLocked(test.app.db, policy, 'otra@example.com', at(3))).resolves.toBeUndefined();
    await expect(assertNotLocked(test.app.db, policy, 'ana@example.com', at(13))).resolves.toBeUndefined();
  });

  it('doubles the lock at each further round of failures in the window', async () => {
    for (const second of [0, 1, 2, 20, 21, 22]) await recordAttempt(test.app.db, policy, 'doble', at(second));
    await expect(assertNotLocked(test.app.db, policy, 'doble', at(40))).rejects.toMatchObject({ statusCode: 429 });
    await expect(assertNotLocked(test.app.db, policy, 'doble', at(43))).resolves.toBeUndefined();
  });

  it('starts counting anew once the window has passed', async () => {
    await recordAttempt(test.app.db, policy, 'ventana', at(0));
    await recordAttempt(test.app.db, policy, 'ventana', at(1));
    await recordAttempt(test.app.db, policy, 'ventana', new Date(at(0).getTime() + 120_000));
    await expect(assertNotLocked(test.app.db, policy, 'ventana', new Date(at(0).getTime() + 121_000))).resolves.toBeUndefined();
  });

  it('forgets the failures of a key that is cleared', async () => {
    for (const second of [0, 1]) await recordAttempt(test.app.db, policy, 'limpio', at(second));
    await clearAttempts(test.app.db, policy, 'limpio');
    await recordAttempt(test.app.db, policy, 'limpio', at(2));
    await expect(assertNotLocked(test.app.db, policy, 'limpio', at(3))).resolves.toBeUndefined();
  });

  it('refuses the use that exceeds a plain rate limit', async () => {
    for (const second of [0, 1, 2]) await spendAttempt(test.app.db, policy, '10.0.0.1', at(second));
    await expect(spendAttempt(test.app.db, policy, '10.0.0.1', at(3))).rejects.toMatchObject({ statusCode: 429 });
  });
});
