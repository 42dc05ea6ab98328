import { messages } from '@receta/domain';
import type { FastifyInstance } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories/users.ts';
import { authenticityClaimsOf, freshAddress, totpCodeFor, wrongTotpCodeFor } from '../../../test/factories/second-factor.ts';
import { useTestApps } from '../../../test/helper.ts';
import { policies } from '../../platform/attempt-limiter.ts';

// Two server processes on one database, as behind a load balancer: every lock-out must hold
// across both, on PGlite and on PostgreSQL.
const [first, second] = useTestApps(2);
const apps = (): FastifyInstance[] => [first!.app, second!.app];
/** The app that serves the request number `index`: the load balancer alternates. */
const appFor = (index: number) => apps()[index % 2]!;

const wrongPassword = 'Otra-Clave-2026';
const fifteenMinutes = 15 * 60;

function login(index: number, email: string, password: string, remoteAddress = freshAddress()) {
  return appFor(index).inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email, password } });
}

function secondStep(index: number, authenticityToken: string, token: string, remoteAddress = freshAddress()) {
  return appFor(index).inject({
    method: 'POST', url: '/api/auth/login/2fa', remoteAddress, headers: { authorization: `Bearer ${authenticityToken}` }, payload: { token },
  });
}

/** The answers whose secret was checked: a refusal of a wrong one (401) or a success. */
function evaluated(responses: LightMyRequestResponse[]) {
  return responses.filter((response) => response.statusCode !== 429);
}

function expectBoundedRefusals(responses: LightMyRequestResponse[]) {
  for (const response of responses) {
    expect(response.statusCode).toBeLessThan(500);
    if (response.statusCode !== 429) continue;
    expect(response.json()).toMatchObject({ message: messages.common.tooManyRequests });
    const retryAfter = Number(response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(fifteenMinutes);
  }
}

describe('password lock-outs under concurrency, across two server processes', () => {
  it('evaluates no more than five of 50 wrong passwords and the right one fired at once from 50 addresses', async () => {
    const user = await createUser(first!.app);
    const responses = await Promise.all([
      ...Array.from({ length: 50 }, (_, index) => login(index, user.email, wrongPassword)),
      login(50, user.email, user.password),
    ]);
    expect(evaluated(responses).length).toBeLessThanOrEqual(policies.passwordPerAccount.maxAttempts);
    expectBoundedRefusals(responses);
    // Locked: the right password is refused too, until the lock runs out or the owner recovers the account.
    const afterwards = await login(0, user.email, user.password);
    expect(afterwards.statusCode).toBe(429);
  });

  it('evaluates no more than the address allowance of 100 attempts fired at once from one address', async () => {
    const address = freshAddress();
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, index) => login(index, `cuenta-${index}@receta.test`, wrongPassword, address)),
    );
    expect(evaluated(responses).length).toBeLessThanOrEqual(policies.passwordPerAddress.maxAttempts);
    expect(responses.filter((response) => response.statusCode === 429).length)
      .toBeGreaterThanOrEqual(100 - policies.passwordPerAddress.maxAttempts);
    expectBoundedRefusals(responses);
  });

  it('answers 300 wrong passwords fired at once without an error, under a lock of at most fifteen minutes', async () => {
    const user = await createUser(first!.app);
    const responses = await Promise.all(
      Array.from({ length: 300 }, (_, index) => login(index, user.email, wrongPassword)),
    );
    expect(evaluated(responses).length).toBeLessThanOrEqual(policies.passwordPerAccount.maxAttempts);
    expectBoundedRefusals(responses);
  });
});

describe('second-factor lock-outs under concurrency, across two server processes', () => {
  async function passwordStep(user: { email: string; password: string }) {
    const response = await login(0, user.email, user.password);
    expect(response.statusCode).toBe(200);
    return response.json<{ authenticityToken: string }>().authenticityToken;
  }

  it('evaluates no more than five of 50 wrong codes and the right one fired at once', async () => {
    const user = await createUser(first!.app);
    const authenticityToken = await passwordStep(user);
    const secret = authenticityClaimsOf(authenticityToken).secret!;
    const wrongCode = wrongTotpCodeFor(secret);
    const responses = await Promise.all([
      ...Array.from({ length: 50 }, (_, index) => secondStep(index, authenticityToken, wrongCode)),
      secondStep(50, authenticityToken, totpCodeFor(secret)),
    ]);
    expect(evaluated(responses).length).toBeLessThanOrEqual(policies.totpPerAccount.maxAttempts);
    expectBoundedRefusals(responses);
    expect((await secondStep(0, authenticityToken, totpCodeFor(secret, 1))).statusCode).toBe(429);
  });

  it('accepts the right code sent twice at once only once, and counts the other as no wrong guess', async () => {
    const user = await createUser(first!.app);
    const authenticityToken = await passwordStep(user);
    const code = totpCodeFor(authenticityClaimsOf(authenticityToken).secret!);
    const responses = await Promise.all([0, 1].map((index) => secondStep(index, authenticityToken, code)));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 401]);
    expect(responses.find((response) => response.statusCode === 401)!.json())
      .toMatchObject({ message: messages.auth.codeAlreadyUsed });
    // The account keeps every attempt: five wrong codes are checked, the sixth is refused.
    const wrongCode = wrongTotpCodeFor(authenticityClaimsOf(authenticityToken).secret!);
    const statuses = [];
    for (let index = 0; index <= policies.totpPerAccount.maxAttempts; index++) {
      statuses.push((await secondStep(index, authenticityToken, wrongCode)).statusCode);
    }
    expect(statuses).toEqual([...Array.from({ length: policies.totpPerAccount.maxAttempts }, () => 401), 429]);
  });
});
