import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout } from 'node:timers/promises';
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { generateKeyPair, jwtVerify, SignJWT } from 'jose';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { auditLogHead, patients, prescriptionItems, prescriptions } from '../apps/server/src/db/schema/index.ts';
import { seedDatabase } from '../apps/server/src/seed.ts';
import { createPatientRecord, createPrescribingDoctor, createPrescription, headersIn } from '../apps/server/test/factories/prescriptions.ts';
import { createWorkspace } from '../apps/server/test/factories/workspaces.ts';
import { seedPlatform, type Headers } from './dashboard.ts';
import { benchEngine, openBenchDatabase } from './database.ts';

/** How long each load runs: long enough for a steady rate, short enough for the whole part to take a few minutes. */
const seconds = 5;
/** A route with a budget and the baseline, alternated: this many rounds of this many seconds each. */
const rounds = 3;
const roundSeconds = 2;
const connectionCounts = [10, 50] as const;
/** ARCHITECTURE.md: a token check and one row over HTTP, as a share of Fastify + jose ES256. */
const pointReadBudget = benchEngine === 'PostgreSQL' ? 0.6 : 0.3;
/** Issue #20: a page of a list at 100,000 prescriptions, as a share of the same baseline. */
const listBudget = 0.3;
/** Issue #20: a burst of 200 list requests at once, all answered within this. */
const burstBudgetMs = 1_000;
/** ARCHITECTURE.md: prescription PDFs built and signed per second per core, printed beside a signature over HTTP. */
const pdfsPerSecondPerCore = 75;

interface Load {
  rate: number;
  p50: number;
  p99: number;
  requests: number;
  seconds: number;
}

/**
 * Requests `path` over `connections` keep-alive connections for `duration` seconds from a
 * worker thread, so that the client does not take the server's event loop; throws unless
 * every answer was a 2xx.
 */
async function load(
  origin: string, path: string, headers: Headers, { connections, duration = seconds, amount }:
  { connections: number; duration?: number; amount?: number },
): Promise<Load> {
  const result = await autocannon({
    url: `${origin}${path}`, headers, connections, workers: 1, ...(amount ? { amount } : { duration }),
  });
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(`GET ${path}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  return {
    rate: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    seconds: result.duration,
  };
}

/** What a load is sent to: a server's origin, a path on it and the headers of whoever asks. */
interface Target {
  origin: string;
  path: string;
  headers: Headers;
}

/**
 * The baseline's load and a route's, alternated in `rounds` rounds: each rate is its rounds'
 * requests over their time together, each p50 the median of its rounds', each p99 the highest.
 * The baseline measured once and the routes one after another after it moved by half within a
 * run (6,196/s at 10 connections, 9,791/s at 50, 2026-11-29), so that a slow or fast moment on
 * one side alone decided a budget; alternating shares it out, as `alternatingRates` does
 * in-process.
 */
async function alternatingLoads(baseline: Target, route: Target, connections: number): Promise<[Load, Load]> {
  const sides: [Load[], Load[]] = [[], []];
  for (let round = 0; round < rounds; round += 1) {
    for (const [side, target] of [baseline, route].entries()) {
      const { origin, path, headers } = target;
      sides[side]!.push(await load(origin, path, headers, { connections, duration: roundSeconds }));
    }
  }
  return [combined(sides[0]), combined(sides[1])];
}

function combined(loads: Load[]): Load {
  const requests = loads.reduce((sum, one) => sum + one.requests, 0);
  const seconds = loads.reduce((sum, one) => sum + one.seconds, 0);
  const p50s = loads.map((one) => one.p50).sort((a, b) => a - b);
  return {
    rate: requests / seconds,
    p50: p50s[Math.floor(p50s.length / 2)]!,
    p99: Math.max(...loads.map((one) => one.p99)),
    requests,
    seconds,
  };
}

/** Fastify verifying an ES256 JWT with jose on every request: the baseline of ARCHITECTURE.md. */
async function startBaseline(): Promise<{ server: FastifyInstance; origin: string; headers: Headers }> {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const token = await new SignJWT({ sub: 'x' }).setProtectedHeader({ alg: 'ES256' }).setExpirationTime('1h').sign(privateKey);
  const server = Fastify();
  server.get('/jose', async (request) => {
    await jwtVerify(String(request.headers.authorization).slice(7), publicKey);
    return { ok: true };
  });
  return { server, origin: await listen(server), headers: { authorization: `Bearer ${token}` } };
}

async function listen(server: FastifyInstance): Promise<string> {
  await server.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
}

/** A doctor with a PIN and drafts of their own to sign, one per request. */
interface Signer {
  headers: Headers;
  drafts: string[];
}

/**
 * `doctorCount` doctors with a PIN in one clinic, each with `draftsEach` drafts alike for a
 * patient of their own, copied in a few statements. A doctor's PIN admits five signatures in
 * flight at once (the lock-out counts an attempt wrong until it proves right), so each
 * connection signs as its own doctor. A patient of their own, because on PostgreSQL two
 * signatures for one patient at once can deadlock (docs/decisions/052).
 */
async function signers(app: FastifyInstance, doctorCount: number, draftsEach: number): Promise<Signer[]> {
  const doctors = [];
  for (let index = 0; index < doctorCount; index += 1) doctors.push(await createPrescribingDoctor(app));
  const workspace = await createWorkspace(app, { memberIds: doctors.map((doctor) => doctor.id) });
  const template = await createPrescription(app, { workspaceId: workspace.id, doctorUserId: doctors[0]!.id });
  const { id: _id, number: _number, createdAt: _createdAt, updatedAt: _updatedAt, ...values } = template;
  const [item] = await app.db.select().from(prescriptionItems).where(eq(prescriptionItems.prescriptionId, template.id));
  const { id: _itemId, prescriptionId: _prescriptionId, ...itemValues } = item!;
  return Promise.all(doctors.map(async (doctor, index) => {
    // DNIs of their own: random ones, drawn fifty at a time, may meet in the clinic.
    const patient = await createPatientRecord(app, { workspaceId: workspace.id, dni: String(30_000_000 + index) });
    const rows = await app.db.insert(prescriptions)
      .values(Array.from({ length: draftsEach }, () => ({
        ...values,
        doctorUserId: doctor.id,
        prescriber: { ...values.prescriber, userId: doctor.id },
        patientId: patient.id,
        seriesId: randomUUID(),
      })))
      .returning({ id: prescriptions.id });
    await app.db.insert(prescriptionItems).values(rows.map((row) => ({ ...itemValues, prescriptionId: row.id })));
    return { headers: await headersIn(app, doctor.id, workspace.id), drafts: rows.map((row) => row.id) };
  }));
}

/**
 * Signs one draft per request with the PIN, over `connections` connections, each its own
 * doctor's. The client runs on the server's thread here, as it must hand each request its
 * own draft; beside a PDF's milliseconds its share is small.
 */
export async function signingLoad(origin: string, doctors: readonly Signer[], connections: number) {
  let nextDoctor = 0;
  let refusal: string | undefined;
  const started = process.cpuUsage();
  const result = await autocannon({
    url: origin,
    connections,
    duration: seconds,
    requests: [{
      method: 'POST',
      body: JSON.stringify({ pin: '1234' }),
      setupRequest: (request, context: { signer?: Signer }) => {
        const signer = context.signer ??= doctors[nextDoctor++ % doctors.length]!;
        const draft = signer.drafts.pop() ?? randomUUID();
        return {
          ...request,
          headers: { ...request.headers, ...signer.headers, 'content-type': 'application/json' },
          path: `/api/prescriptions/${draft}/sign`,
        };
      },
      onResponse: (status, body) => {
        if (status >= 300) refusal ??= `${status} ${body}`;
      },
    }],
  });
  const cpu = process.cpuUsage(started);
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`signing: ${result.non2xx} non-2xx (${refusal}), ${result.errors} errors`);
  return {
    rate: result.requests.total / result.duration,
    perCpuSecond: result.requests.total / ((cpu.user + cpu.system) / 1e6),
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

const milliseconds = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;

function line(holds: boolean | undefined, text: string): boolean {
  process.stdout.write(`${holds === undefined ? 'info' : holds ? 'ok  ' : 'SLOW'} ${text}\n`);
  return holds ?? true;
}

interface Route {
  name: string;
  path: string;
  budget?: number;
}

/**
 * Waits for the work the loads above left the server: the access log writes the accesses of
 * the last seconds' thousands of requests after them, in batches, for seconds more on PGlite.
 * Done when the event log stops growing for a second.
 */
async function settled(app: FastifyInstance): Promise<void> {
  const eventsLogged = async () => (await app.db.select({ seq: auditLogHead.seq }).from(auditLogHead))[0]?.seq;
  for (let before = await eventsLogged(); ;) {
    await setTimeout(1_000);
    const now = await eventsLogged();
    if (now === before) return;
    before = now;
  }
}

/** The real server, listening, on a platform of 100,000 prescriptions, and what a doctor asks it. */
export interface HttpBench {
  app: FastifyInstance;
  origin: string;
  /** A doctor of the first clinic, signed in, working there. */
  doctor: Headers;
  routes: Route[];
  signers: Signer[];
  close: () => Promise<void>;
}

/** Seeds the platform into a fresh database and starts the server on it, at the production log level. */
export async function openHttpBench(): Promise<HttpBench> {
  const dataDir = await mkdtemp(join(tmpdir(), 'receta-bench-http-'));
  const database = await openBenchDatabase();
  const config = loadConfig({ LOG_LEVEL: 'info', DATA_DIR: dataDir });
  const admin = { email: 'bench@receta.test', password: 'Bench-Receta-2026' };
  await seedDatabase(database.db, { admin, log: { info: () => undefined }, announce: () => undefined });
  // Into a sink but for errors: a request's log lines are part of its cost, printing them is not.
  const logStream = {
    write: (line: string) => {
      if (line.startsWith('{"level":50')) process.stderr.write(line);
    },
  };
  const app = await buildApp({ config, database, logStream });
  const { clinicIds, doctors } = await seedPlatform(app);
  const [patient] = await app.db.select({ id: patients.id })
    .from(patients)
    .where(eq(patients.workspaceId, clinicIds[0]!))
    .limit(1);
  return {
    app,
    origin: await listen(app),
    doctor: { ...doctors[0]!.headers, 'x-workspace': clinicIds[0]! },
    routes: [
      { name: 'GET /api/patients/{id}', path: `/api/patients/${patient!.id}`, budget: pointReadBudget },
      { name: 'GET /api/patients?page=1&pageSize=20', path: '/api/patients?page=1&pageSize=20', budget: listBudget },
      { name: 'GET /api/medications?q=amoxicilina 500', path: `/api/medications?q=${encodeURIComponent('amoxicilina 500')}` },
      { name: 'GET /api/dashboard/medical', path: '/api/dashboard/medical' },
    ],
    signers: await signers(app, Math.max(...connectionCounts), 100),
    close: async () => {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The real server over HTTP at 100,000 prescriptions and 10,000 patients, as a signed-in
 * doctor: each route's throughput as a share of Fastify verifying an ES256 JWT with jose,
 * measured in the same run, with its p50 and p99; then signing; then a burst of 200 lists.
 */
export async function measureHttp(): Promise<boolean> {
  process.stdout.write(`HTTP on ${benchEngine}: seeding 100,000 prescriptions…\n`);
  const bench = await openHttpBench();
  const { origin, doctor, routes } = bench;
  const baseline = await startBaseline();
  const joseTarget = { origin: baseline.origin, path: '/jose', headers: baseline.headers };
  try {
    // Warm both servers' code and caches before anything is counted.
    await load(baseline.origin, '/jose', baseline.headers, { connections: 10, duration: 1 });
    for (const route of routes) await load(origin, route.path, doctor, { connections: 10, duration: 1 });

    let allWithinBudget = true;
    for (const connections of connectionCounts) {
      const jose = await load(baseline.origin, '/jose', baseline.headers, { connections });
      line(undefined, `baseline Fastify + jose ES256 @${connections}: ${jose.rate.toFixed(0)}/s, `
      + `p50 ${milliseconds(jose.p50)}, p99 ${milliseconds(jose.p99)}`);
      for (const route of routes) {
        const target = { origin, path: route.path, headers: doctor };
        const [beside, measured] = route.budget === undefined
          ? [jose, await load(origin, route.path, doctor, { connections })]
          : await alternatingLoads(joseTarget, target, connections);
        const ratio = measured.rate / beside.rate;
        allWithinBudget = line(
          route.budget === undefined ? undefined : ratio >= route.budget,
          `${route.name} @${connections}: ${measured.rate.toFixed(0)}/s = ${ratio.toFixed(2)} x`
          + (beside === jose ? '' : ` (jose ${beside.rate.toFixed(0)}/s in the rounds between)`)
          + `, p50 ${milliseconds(measured.p50)}, p99 ${milliseconds(measured.p99)}`
          + (route.budget === undefined ? ', no throughput budget' : `, budget >= ${route.budget}`),
        ) && allWithinBudget;
      }
      // The budget of 75 per core is the PDF's, built and signed (measured in-process); a
      // signature over HTTP also checks the PIN with argon2id and stores the PDF.
      const signed = await signingLoad(origin, bench.signers, connections);
      line(
        undefined,
        `POST /api/prescriptions/{id}/sign @${connections}: ${signed.rate.toFixed(0)}/s, `
        + `${signed.perCpuSecond.toFixed(0)} per CPU-second, p50 ${milliseconds(signed.p50)}, p99 ${milliseconds(signed.p99)}, `
        + `PIN and storage included, no budget of its own (the PDF's: ${pdfsPerSecondPerCore} per core)`,
      );
    }

    // Each of 200 connections asks once, all at the same moment, at a server at rest.
    await settled(bench.app);
    const burst = await load(origin, routes[1]!.path, doctor, { connections: 200, amount: 200 });
    allWithinBudget = line(
      burst.p99 < burstBudgetMs,
      `GET /api/patients?page=1&pageSize=20, 200 at once: p50 ${milliseconds(burst.p50)}, `
      + `p99 ${milliseconds(burst.p99)}, budget p99 < ${burstBudgetMs} ms`,
    ) && allWithinBudget;
    return allWithinBudget;
  } finally {
    await baseline.server.close();
    await bench.close();
  }
}
