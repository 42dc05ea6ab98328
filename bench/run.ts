import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import { buildApp } from '../apps/server/src/app.ts';
import type { Remembering } from '../apps/server/src/db/client.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { seedDatabase } from '../apps/server/src/seed.ts';
import { sessions, users } from '../apps/server/src/db/schema/index.ts';
import { accessControl } from '../apps/server/src/platform/auth/access-control.ts';
import { createTotpSecret } from '../apps/server/src/modules/auth/second-factor.ts';
import { hashSecret, verifySecret } from '../apps/server/src/platform/passwords.ts';
import { alternatingRates, operationsPerSecond, report, reportLatencies, reportLatencyRatios, type Comparison } from './measure.ts';
import { measureDashboards } from './dashboard.ts';
import { measureHttp } from './http.ts';
import { measureLoginPage } from './login-bundle.ts';
import { openBenchDatabase } from './database.ts';
import { measureSearches, searchBudgetMs } from './searches.ts';
import { measureSigning } from './signing.ts';

/** Fastify answering a fixed body, and Fastify verifying a JWT with jose: the budgets' baselines. */
async function baselines() {
  const key = randomBytes(32);
  const token = await new SignJWT({ sub: 'x' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(key);
  const app = Fastify();
  app.get('/hello', () => ({ hello: 'world' }));
  app.get('/jose', async (request) => {
    await jwtVerify(String(request.headers.authorization).slice(7), key);
    return { ok: true };
  });
  await app.ready();
  const hello = await operationsPerSecond(() => app.inject({ url: '/hello' }));
  const jose = await operationsPerSecond(() => app.inject({ url: '/jose', headers: { authorization: `Bearer ${token}` } }));
  await app.close();
  return { hello, jose };
}

/** A route behind the access check alone, with the app's database and token signer. */
async function guardedRoute(app: FastifyInstance, remembering: Remembering | undefined): Promise<FastifyInstance> {
  const guarded = Fastify();
  guarded.decorate('db', app.db);
  await guarded.register(accessControl, { signer: app.tokens, policy: app.config, remembering });
  guarded.get('/api/me', { config: { access: 'authenticated' } }, (request) => ({ id: request.user?.id }));
  await guarded.ready();
  return guarded;
}

/**
 * A login by one of eight doctors at eight desks in turn, as many as the measurement's
 * concurrency: the lock-outs reserve an attempt per account before argon2 runs, and one account
 * fired at eight times at once would be refused rather than measured. A doctor signs in every
 * day with the authenticator enrolled; the first sign-in also keeps the secret to enrol (a
 * write) and answers it in the token.
 */
async function loginOfEightDoctors(
  app: FastifyInstance, passwordHash: string, password: string, accounts: 'enrolled' | 'first',
): Promise<() => Promise<unknown>> {
  const enrolment = accounts === 'enrolled' ? { totpSecret: createTotpSecret(), totpEnabledAt: new Date() } : {};
  const doctors = Array.from({ length: 8 }, (_, index) => ({
    email: `login-${accounts}-${index}@receta.test`, address: `10.0.${accounts === 'enrolled' ? 1 : 2}.${index + 1}`,
  }));
  await app.db.insert(users).values(doctors.map(({ email }) => ({
    email, passwordHash, displayName: 'Login', status: 'active' as const, ...enrolment,
  })));
  let next = 0;
  return () => {
    const doctor = doctors[next++ % doctors.length]!;
    return app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: doctor.address, payload: { email: doctor.email, password } });
  };
}

/** The token check, login, signing, searches and dashboards, each measured in-process. */
async function measureInProcess(): Promise<boolean> {
  const database = await openBenchDatabase();
  const admin = { email: 'bench@receta.test', password: 'Bench-Receta-2026' };
  await seedDatabase(database.db, { admin, log: { info: () => undefined }, announce: () => undefined });
  const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' }), database });
  await app.ready();

  // The access check in front of a route: verify the token and read the session's one row.
  const [user] = await app.db.insert(users)
    .values({ email: 'medico@receta.test', passwordHash: await hashSecret('x'.repeat(12)), displayName: 'Médico', status: 'active' })
    .returning({ id: users.id });
  const [session] = await app.db.insert(sessions)
    .values({ userId: user!.id, expiresAt: new Date(Date.now() + 3_600_000) })
    .returning({ id: sessions.id });
  const token = app.tokens.sign('access', { sub: user!.id, sid: session!.id }, 3600);
  // Remembered until the database announces a change, as the app does, and not: the session's
  // row read on every request, as just after a change or while several processes share the database.
  const guarded = await guardedRoute(app, database);
  const reading = await guardedRoute(app, undefined);

  // Login step one: the argon2id verification is the cost; the rest must stay small beside it.
  // Both fill the two cores (argon2 runs on libuv's threads), so each is measured in turns
  // with the verification alone.
  const loginPassword = 'Clave-Segura-2026';
  const loginHash = await hashSecret(loginPassword);
  const verification = () => verifySecret(loginHash, loginPassword);
  const dailyLogins = await alternatingRates(verification, await loginOfEightDoctors(app, loginHash, loginPassword, 'enrolled'));
  const firstLogins = await alternatingRates(verification, await loginOfEightDoctors(app, loginHash, loginPassword, 'first'));

  const base = await baselines();
  const comparisons: Comparison[] = [
    {
      name: 'token check + session row',
      baseline: 'Fastify + jose',
      budget: 0.6,
      baselineRate: base.jose,
      rate: await operationsPerSecond(() => guarded.inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } })),
    },
    {
      name: 'token check + session row read on every request',
      baseline: 'Fastify + jose',
      baselineRate: base.jose,
      rate: await operationsPerSecond(() => reading.inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } })),
    },
    {
      name: 'GET /api/jurisdictions',
      baseline: 'Fastify /hello',
      budget: 0.1,
      baselineRate: base.hello,
      rate: await operationsPerSecond(() => app.inject({ url: '/api/jurisdictions' })),
    },
  ];
  comparisons.push({
    name: 'POST /api/auth/login, authenticator enrolled',
    baseline: 'argon2id verification',
    budget: 0.8,
    ...dailyLogins,
  }, {
    name: 'POST /api/auth/login, first sign-in (authenticator to enrol)',
    baseline: 'argon2id verification',
    ...firstLogins,
  });
  comparisons.push(...await measureSigning());
  const withinBudget = report(comparisons);
  const searchesWithinBudget = reportLatencies(await measureSearches(app), searchBudgetMs);
  // Last, because it adds 100,000 prescriptions to the database the measurements above use.
  const dashboards = await measureDashboards(app, admin.email);
  const dashboardsWithinBudget = reportLatencyRatios(dashboards.baseline, dashboards.measured);
  await guarded.close();
  await reading.close();
  await app.close();
  return withinBudget && searchesWithinBudget && dashboardsWithinBudget;
}

/** The parts `npm run bench -- <part>…` may name; all of them when it names none. */
const parts = { 'login-page': measureLoginPage, 'in-process': measureInProcess, http: measureHttp } as const;

const named = process.argv.slice(2);
const unknown = named.filter((name) => !(name in parts));
if (unknown.length > 0) throw new Error(`No bench part ${unknown.join(', ')}: the parts are ${Object.keys(parts).join(', ')}`);
let allWithinBudget = true;
for (const [name, measure] of Object.entries(parts)) {
  if (named.length === 0 || named.includes(name)) allWithinBudget = await measure() && allWithinBudget;
}
process.exitCode = allWithinBudget ? 0 : 1;
