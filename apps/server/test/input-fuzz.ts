import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { oauthScopes, permissions, type PrescriptionInput } from '@receta/domain';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { employeeInput, ownerInput } from './factories/antigens.ts';
import { validCuit } from './factories/doctors.ts';
import { appTokenFor } from './factories/oauth.ts';
import { createPatient, patientInput } from './factories/patients.ts';
import { createPrescribingDoctor, prescriptionInput } from './factories/prescriptions.ts';
import { authorizationFor, superadminId } from './factories/users.ts';
import { createWorkspace, inWorkspace } from './factories/workspaces.ts';
import { testAdmin } from './fixtures.ts';
import { useTestApp } from './helper.ts';

// Every route of the OpenAPI document is sent generated requests, hostile and plausible, as
// each kind of caller, and none may answer 5xx: bad input is the client's fault (issue #14).
// Nor may the database be the one to refuse a value: that 400 is the error handler's safety
// net, and a request that needs it shows a schema with a gap.
// Bounded: a fixed seed and a few runs per route keep the files repeatable and quick.
const seed = 14_2026;
const runsPerRoute = 10;
/** Routes with an accepted body to spoil get more runs: their requests reach the services and the database. */
const runsPerRouteWithBody = 40;

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

interface Operation {
  parameters?: Array<{ in: string; name: string; schema?: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

interface Route {
  method: string;
  path: string;
  operation: Operation;
}

type Caller = 'superadmin' | 'doctor' | 'anonymous' | 'app';

interface GeneratedRequest {
  caller: Caller;
  path: Record<string, string>;
  query: Partial<Record<string, string>>;
  body?: { contentType: string; payload: string };
}

/** The ids the generated requests may name, from the test file's database (set in its `beforeAll`). */
const known = { patientId: '', workspaceId: '' };

/**
 * A body each of these routes accepts, from the factories: with one field made hostile it gets
 * past the others to the service and the database, where a NUL used to become a 500.
 */
function acceptedBodies(): Record<string, unknown> {
  const { type: _type, ...prescriptionContent }: PrescriptionInput = prescriptionInput(known.patientId);
  const personalData = {
    name: 'Ana', lastName: 'Pérez', birthDate: '1980-05-17', dni: '30123456', cuit: validCuit('30123456'),
    phoneNumber: '1145678901', address: 'Av. Corrientes 1234', district: 'Balvanera', province: 'CABA',
  };
  const professionalData = {
    specialtyId: 1, jurisdictionCode: 'MN', doctorEnrollment: '123456', professionCode: '35', refepsCode: '70012345',
  };
  const attachment = `/api/files/${known.patientId}`;
  const attachments = {
    dniFront: attachment, dniBack: attachment, degreeCertificate: attachment, doctorEnrollmentLocation: attachment,
  };
  const registration = {
    ...personalData, ...professionalData, email: 'ana.registro@example.com', password: 'Clave-Segura-2026', attachments, termsAccepted: true,
  };
  const oauthClient = {
    name: 'Historia clínica', redirectUris: ['https://app.example.test/cb'], redirectUriLabel: 'Historia clínica',
    allowedScopes: ['accounts-profiles'],
  };
  return {
    'POST /api/patients': patientInput(),
    'PUT /api/patients/{id}': patientInput(),
    'PUT /oauth2/api/patients/{id}': patientInput(),
    'POST /api/prescriptions': prescriptionInput(known.patientId),
    'PUT /api/prescriptions/{id}': prescriptionContent,
    'POST /api/prescriptions/duplicates': { patientId: known.patientId, items: [{ medicationId: null, genericName: 'Enalapril' }] },
    'POST /api/owners': ownerInput(),
    'PUT /api/owners/{id}': ownerInput(),
    'POST /api/employees': employeeInput(),
    'PUT /api/employees/{id}': employeeInput(),
    'POST /api/roles': { name: 'Auditoría', slug: 'auditoria', description: 'Lee recetas', permissions: [permissions[0]] },
    'POST /api/administrators': { email: 'nuevo.admin@example.com', displayName: 'Nuevo', roles: ['fds.admin'] },
    'POST /api/workspaces': { name: 'Clínica del Sol' },
    'PUT /api/workspaces/{id}': { name: 'Clínica del Sol' },
    'POST /api/oauth-clients': oauthClient,
    'POST /api/medicals': { ...personalData, ...professionalData, email: 'medico.nuevo@example.com' },
    'POST /api/auth/register': registration,
    'POST /api/auth/register/doctors/verify-information': { dni: '30123456', phoneNumber: '1145678901', cuit: validCuit('30123456') },
    'POST /api/auth/register/doctors/verify-email': { email: 'ana.registro@example.com' },
    'POST /api/auth/login': { email: testAdmin.email, password: 'Otra-Clave-2026' },
    'POST /api/auth/password-recovery-request': { email: testAdmin.email },
    'POST /api/auth/user/update': { user: { displayName: 'Ana', settings: { layout: 'vertical' }, shortcuts: ['/patients'] } },
    'PUT /api/profile': { displayName: 'Ana' },
    'POST /api/prescriptions/{id}/cancel': { reason: 'Dosis equivocada' },
    'POST /api/users/{id}/reject': { reason: 'Faltan datos' },
    'POST /api/medicals/{id}/suspend': { reason: 'Matrícula vencida' },
    'POST /oauth2/accounts/sign-in': { email: testAdmin.email, password: 'x', client_id: 'demo-sandbox', scope: 'accounts-profiles' },
    'POST /oauth2/accounts/token': { grant_type: 'refresh_token', refresh_token: 'abc', client_id: 'demo-sandbox' },
    'POST /oauth2/accounts/revoke': { token: 'abc', client_id: 'demo-sandbox' },
  };
}

/** The paths to every leaf of a JSON value: `['items', 0, 'dosage']`. */
function leafPaths(value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
  if (Array.isArray(value)) return value.flatMap((item, index) => leafPaths(item, [...prefix, index]));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => leafPaths(item, [...prefix, key]));
  }
  return [prefix];
}

/** A copy of `value` with the leaf at `path` replaced. */
function replacedAt(value: unknown, path: Array<string | number>, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [step, ...rest] = path as [string | number, ...Array<string | number>];
  const copy = (Array.isArray(value) ? [...(value as unknown[])] : { ...(value as object) }) as
    Record<string | number, unknown>;
  copy[step] = replacedAt(copy[step], rest, replacement);
  return copy;
}

/** An accepted body with one field, or one more, made hostile. */
function mutatedBody(accepted: unknown): fc.Arbitrary<unknown> {
  const paths = leafPaths(accepted);
  const hostileLeaf = fc.oneof({ weight: 3, arbitrary: hostileText }, { weight: 1, arbitrary: hostileValue });
  return fc.tuple(fc.constantFrom(...paths), hostileLeaf, fc.option(fc.string({ maxLength: 10 })))
    .map(([path, value, extraKey]) => {
      const mutated = replacedAt(accepted, path, value);
      return extraKey === null || typeof mutated !== 'object' ? mutated : { ...mutated, [extraKey]: value };
    });
}

/** Texts that have broken routes or could: NUL, controls, bidi overrides, lone surrogates, 100,000 characters. */
const hostileText = fc.oneof(
  fc.constantFrom(
    '\u0000', 'Ana\u0000Pérez', '30123456\u0000', '\u001b[2J', '\u0085\u009f', '\u202eodlanoR', '\u2066x\u2069',
    '\ud800', 'a\udfffb', '\' OR 1=1 --', '../../etc/passwd', '%00', '', ' ', '__proto__', 'constructor',
  ),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ maxLength: 20 }).map((text) => `${text}\u0000`),
  fc.constant('x'.repeat(100_000)),
  fc.constant('\u0000'.repeat(5_000)),
);

const hostileNumber = fc.oneof(
  fc.integer(),
  fc.constantFrom(0, -1, 2 ** 31, 2 ** 53, Number.MAX_SAFE_INTEGER, 1e308, -1e308, 0.5, -0),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** `{"a":{"a":…}}` and `[[…]]` nested `depth` levels. */
function nested(depth: number, kind: 'object' | 'array'): unknown {
  let value: unknown = 1;
  for (let level = 0; level < depth; level += 1) value = kind === 'object' ? { a: value } : [value];
  return value;
}

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileText },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null, [], {}) },
  { weight: 1, arbitrary: fc.array(hostileText, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(hostileText, hostileText, { maxKeys: 3 }) },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.integer({ min: 33, max: 5_000 }), fc.constantFrom('object' as const, 'array' as const))
      .map(([depth, kind]) => nested(depth, kind)),
  },
);

/** A value of the schema's shape, so that the request gets past the first checks to the deeper ones. */
function plausibleValue(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  if (!schema) return hostileValue;
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) return fc.oneof(...alternatives.map(plausibleValue));
  const type = Array.isArray(schema.type) ? schema.type.find((name) => name !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return fc.record(
        Object.fromEntries(Object.entries(schema.properties ?? {})
          .map(([name, property]) => [name, fieldValue(property)])),
        { requiredKeys: [] },
      );
    case 'array':
      return fc.array(fieldValue(schema.items), { maxLength: 3 });
    case 'string':
      return plausibleString(schema.format);
    case 'integer':
    case 'number':
      return fc.integer({ min: 0, max: 100 });
    case 'boolean':
      return fc.boolean();
    default:
      return hostileValue;
  }
}

function plausibleString(format: string | undefined): fc.Arbitrary<string> {
  switch (format) {
    case 'uuid':
      return fc.oneof(fc.uuid(), fc.constant(known.patientId), fc.constant(known.workspaceId));
    case 'date':
      return fc.constantFrom('2024-05-01', '1980-02-29', '2024-02-30');
    case 'date-time':
      return fc.constantFrom('2024-05-01T10:00:00Z', '2024-05-01T10:00:00-03:00');
    case 'email':
      return fc.constantFrom('ana@example.com', 'ANA@Example.com');
    case 'uri':
      return fc.constantFrom('https://app.example.test/callback', 'javascript:alert(1)');
    default:
      return fc.string({ maxLength: 20 });
  }
}

/** A field's value: mostly of its shape, often hostile. */
function fieldValue(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 2, arbitrary: plausibleValue(schema) }, { weight: 1, arbitrary: hostileValue });
}

const hexDigits = Buffer.from('0123456789abcdef');

/**
 * Every byte percent-encoded: the text as UTF-8 (a lone surrogate becomes U+FFFD on the wire).
 * Written into one buffer: a string per byte, for the 100,000-character texts, was a sixth of
 * the fuzzing's time and most of its garbage.
 */
function percentEncoded(text: string): string {
  const bytes = Buffer.from(text, 'utf8');
  const encoded = Buffer.alloc(bytes.length * 3, '%');
  bytes.forEach((byte, index) => {
    encoded[index * 3 + 1] = hexDigits[byte >> 4]!;
    encoded[index * 3 + 2] = hexDigits[byte & 0xf]!;
  });
  return encoded.toString('latin1');
}

/** What a URL part may hold besides text: broken percent-encoding and invalid UTF-8. */
const rawUrlPart = fc.constantFrom('%', '%ZZ', '%ff', '%c0%80', '%ed%a0%80', '%00');

function urlValue(schema: JsonSchema | undefined): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 2, arbitrary: plausibleValue(schema).map((value) => percentEncoded(typeof value === 'string' ? value : JSON.stringify(value))) },
    { weight: 2, arbitrary: hostileText.map(percentEncoded) },
    { weight: 1, arbitrary: rawUrlPart },
  );
}

const boundary = 'fuzz-boundary';
const multipartType = `multipart/form-data; boundary=${boundary}`;

/** Multipart bodies that are not what they claim to be, and one that hides a NUL in its fields. */
const malformedMultipart = fc.constantFrom(
  { contentType: 'multipart/form-data', payload: 'no boundary at all' },
  { contentType: multipartType, payload: `--${boundary}\r\nContent-Disposition: form-data; name="file_content"; filename="a.pdf"\r\n\r\n%PDF-1.4` },
  { contentType: multipartType, payload: `--${boundary}\r\nthis is no header\r\n\r\nx\r\n--${boundary}--\r\n` },
  { contentType: multipartType, payload: `--${boundary}\r\n\r\n\r\n--${boundary}--\r\n` },
  { contentType: multipartType, payload: `--${boundary}--\r\n` },
  {
    contentType: multipartType,
    payload: `--${boundary}\r\nContent-Disposition: form-data; name="pin_2fa_code"\r\n\r\n\u0000\r\n`
      + `--${boundary}\r\nContent-Disposition: form-data; name="file_content"; filename="a\u0000.pdf"\r\n`
      + `Content-Type: application/pdf\r\n\r\n%PDF-1.4\r\n--${boundary}--\r\n`,
  },
);

function bodyFor(route: Route, accepted: unknown): fc.Arbitrary<GeneratedRequest['body']> {
  const schema = route.operation.requestBody?.content?.['application/json']?.schema;
  const json = (value: unknown) => ({ contentType: 'application/json', payload: JSON.stringify(value) ?? 'null' });
  return fc.oneof(
    {
      weight: accepted === undefined ? 0 : 8,
      arbitrary: accepted === undefined ? fc.constant(null).map(json) : mutatedBody(accepted).map(json),
    },
    { weight: 4, arbitrary: plausibleValue(schema).map(json) },
    { weight: 2, arbitrary: hostileValue.map(json) },
    { weight: 1, arbitrary: fc.constantFrom('[', '{"a":', '"\\u0000"', `${'['.repeat(100_000)}${']'.repeat(100_000)}`)
      .map((payload) => ({ contentType: 'application/json', payload })) },
    { weight: 1, arbitrary: fc.dictionary(hostileText, hostileText, { maxKeys: 3 })
      .map((fields) => ({ contentType: 'application/x-www-form-urlencoded', payload: new URLSearchParams(fields).toString() })) },
    { weight: 1, arbitrary: malformedMultipart },
  );
}

function requestFor(route: Route, accepted: unknown): fc.Arbitrary<GeneratedRequest> {
  const parameters = route.operation.parameters ?? [];
  const pathParameters = parameters.filter((parameter) => parameter.in === 'path');
  const queryParameters = parameters.filter((parameter) => parameter.in === 'query');
  const isAppRoute = route.path.startsWith('/oauth2/api') || route.path.startsWith('/oauth2/documents');
  const caller: fc.Arbitrary<Caller> = isAppRoute
    ? fc.oneof({ weight: 4, arbitrary: fc.constant('app' as const) }, { weight: 1, arbitrary: fc.constant('anonymous' as const) })
    : fc.oneof(
        { weight: 2, arbitrary: fc.constant('superadmin' as const) },
        { weight: 2, arbitrary: fc.constant('doctor' as const) },
        { weight: 1, arbitrary: fc.constant('anonymous' as const) },
      );
  return fc.record({
    caller,
    path: fc.record(Object.fromEntries(
      pathParameters.map((parameter) => [parameter.name, urlValue(parameter.schema)]),
    )),
    query: fc.record(
      Object.fromEntries([
        ...queryParameters.map((parameter) => [parameter.name, urlValue(parameter.schema)] as const),
        ['unknown', urlValue(undefined)] as const,
      ]),
      { requiredKeys: [] },
    ),
    body: ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method) ? bodyFor(route, accepted) : fc.constant(undefined),
  });
}

function urlOf(route: Route, request: GeneratedRequest): string {
  const path = route.path.replace(/\{(\w+)\}/g, (_whole, name: string) => request.path[name] ?? 'x');
  const query = Object.entries(request.query)
    .flatMap(([name, value]) => (value === undefined ? [] : [`${name}=${value}`]))
    .join('&');
  return query ? `${path}?${query}` : path;
}

/** The request as a failure report shows it, long texts cut short. */
function described(route: Route, request: GeneratedRequest, status: number, body: string): string {
  const cut = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}… (${text.length} characters)` : text);
  return `${route.method} ${cut(urlOf(route, request))} as ${request.caller}`
    + `${request.body ? ` with ${request.body.contentType} ${cut(request.body.payload)}` : ''} answered ${status} ${cut(body)}`;
}

/** How many test files the routes are dealt out to: `input-fuzz-1.test.ts` and on, beside app.ts. */
export const inputFuzzParts = 4;

const runsFor = (route: Route, accepted: Record<string, unknown>) =>
  (accepted[`${route.method} ${route.path}`] === undefined ? runsPerRoute : runsPerRouteWithBody);

/**
 * The routes of part `part` (from 1) of `inputFuzzParts`: each route in turn, in the order of
 * their names, goes to the part with the fewest runs so far, so that the parts take about as
 * long as each other and together hold every route once.
 */
function routesOfPart(routes: Route[], part: number, accepted: Record<string, unknown>): Route[] {
  const parts = Array.from({ length: inputFuzzParts }, () => ({ runs: 0, routes: [] as Route[] }));
  const byName = [...routes].sort((a, b) => `${a.method} ${a.path}`.localeCompare(`${b.method} ${b.path}`));
  for (const route of byName) {
    const lightest = parts.reduce((least, candidate) => (candidate.runs < least.runs ? candidate : least));
    lightest.runs += runsFor(route, accepted);
    lightest.routes.push(route);
  }
  return parts[part - 1]!.routes;
}

/**
 * Sends every route of one part generated requests, on an app of the test file's own. The
 * routes are dealt out to several test files so that the workers fuzz them side by side.
 */
export function fuzzRoutesOfPart(part: number): void {
  // The error handler warns when the database refused a value: the schemas let it through.
  const refusedByDatabase: string[] = [];
  const context = useTestApp({
    environment: { LOG_LEVEL: 'warn' },
    logStream: {
      write: (line) => {
        const entry = JSON.parse(line) as { msg?: string; err?: { code?: string; statement?: string } };
        if (entry.err?.code?.startsWith('22')) refusedByDatabase.push(`${entry.err.code} in ${entry.err.statement ?? '?'}`);
      },
    },
  });
  const authorization: Record<Exclude<Caller, 'anonymous'>, () => Promise<Record<string, string>>> = {
    superadmin: () => Promise.reject(new Error('not ready')),
    doctor: () => Promise.reject(new Error('not ready')),
    app: () => Promise.reject(new Error('not ready')),
  };
  let routes: Route[] = [];

  beforeAll(async () => {
    const { app } = context;
    const adminId = await superadminId(app, testAdmin.email);
    const doctor = await createPrescribingDoctor(app);
    const workspace = await createWorkspace(app, { memberIds: [doctor.id] });
    const doctorHeaders = { ...await authorizationFor(app, doctor.id), ...inWorkspace(workspace.id) };
    known.workspaceId = workspace.id;
    known.patientId = (await createPatient(app, doctorHeaders)).id;
    const appToken = await appTokenFor(app, doctor.id, [...oauthScopes]);
    // A fresh session for each request: a request may well be a logout or a "close the other sessions".
    authorization.superadmin = () => authorizationFor(app, adminId);
    authorization.doctor = async () => ({ ...await authorizationFor(app, doctor.id), ...inWorkspace(workspace.id) });
    authorization.app = () => Promise.resolve({ authorization: appToken.authorization });

    const document = (await app.inject({ url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, Operation>> }>();
    routes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })));
  }, 120_000);

  describe(`any input, routes of part ${part} of ${inputFuzzParts}`, () => {
    it('has a test file for every part, so that no route goes unfuzzed', () => {
      const files = Array.from({ length: inputFuzzParts }, (_, index) => `input-fuzz-${index + 1}.test.ts`);
      expect(files.filter((file) => !existsSync(fileURLToPath(new URL(`../src/${file}`, import.meta.url))))).toEqual([]);
    });

    it('gets an answer below 500 from every route of the OpenAPI document, refused before the database', async () => {
      const { app } = context;
      expect(routes.length).toBeGreaterThan(50);
      const accepted = acceptedBodies();
      const routeNames = new Set(routes.map((route) => `${route.method} ${route.path}`));
      expect(Object.keys(accepted).filter((name) => !routeNames.has(name))).toEqual([]);
      const failures: string[] = [];
      for (const route of routesOfPart(routes, part, accepted)) {
        await fc.assert(
          fc.asyncProperty(requestFor(route, accepted[`${route.method} ${route.path}`]), async (request) => {
            const headers = request.caller === 'anonymous' ? {} : await authorization[request.caller]();
            const response = await app.inject({
              method: route.method as 'GET',
              url: urlOf(route, request),
              headers: request.body ? { ...headers, 'content-type': request.body.contentType } : headers,
              ...(request.body ? { payload: request.body.payload } : {}),
            });
            const refused = refusedByDatabase.splice(0);
            if (response.statusCode >= 500 || refused.length > 0) {
              const reason = refused.length > 0 ? ` after the database refused a value (${refused.join('; ')})` : '';
              failures.push(`${described(route, request, response.statusCode, response.body)}${reason}`);
              return false;
            }
            return true;
          }),
          { seed, numRuns: runsFor(route, accepted), endOnFailure: true },
        ).catch(() => undefined);
      }
      expect(failures).toEqual([]);
    }, 600_000);
  });
}
