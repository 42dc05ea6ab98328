import type { ErrorCode } from '@receta/domain';
import { vi } from 'vitest';

export interface FakeRequest {
  method: string;
  path: string;
  url: URL;
  headers: Headers;
  /** The JSON body, parsed; undefined without one. */
  body: unknown;
  /** The body as sent, for the other kinds: form-encoded (URLSearchParams) and multipart (FormData). */
  rawBody: RequestInit['body'];
}

/** What a route answers: a Response as is, anything else as a 200 JSON body. */
type Route = (request: FakeRequest) => unknown;

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** An error in the server's shape (ARCHITECTURE.md, "Errors"). */
export function errorResponse(
  status: number,
  message: string,
  extra: { errorCode?: ErrorCode; fields?: readonly unknown[] } = {},
): Response {
  return jsonResponse({ statusCode: status, error: 'Error', message, ...extra }, status);
}

function patternOf(key: string): RegExp {
  const escaped = key.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]+');
  return new RegExp(`^${escaped}$`);
}

/**
 * Replaces `fetch` with a fake server: each route is "METHOD /path", `*` standing for one path
 * segment. Unknown routes answer 404. Answers the list of requests, for assertions.
 */
export function stubApi(routes: Record<string, Route>): FakeRequest[] {
  const requests: FakeRequest[] = [];
  const table = Object.entries(routes).map(([key, route]) => ({ pattern: patternOf(key), route }));
  vi.stubGlobal('fetch', vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) as unknown : undefined;
    const request = { method, path: url.pathname, url, headers: new Headers(init?.headers), body, rawBody: init?.body };
    requests.push(request);
    const match = table.find(({ pattern }) => pattern.test(`${method} ${url.pathname}`));
    if (!match) return errorResponse(404, `No fake route for ${method} ${url.pathname}`);
    const answer = await match.route(request);
    return answer instanceof Response ? answer : jsonResponse(answer);
  }));
  return requests;
}

/** The lookup lists of registration step 3. */
export const lookupRoutes: Record<string, Route> = {
  'GET /api/specialty': () => ({ payload: [{ id: 1, name: 'Clínica Médica' }, { id: 4, name: 'Cardiología' }] }),
  'GET /api/jurisdictions': () => ({ payload: [{ code: 'CABA', name: 'CABA' }, { code: 'MN', name: 'Nacional' }] }),
  'GET /api/professions/refeps': () => ({ payload: [{ code: '35', label: 'Médico' }] }),
};
