import { InformationSchema, storageKeys } from '@receta/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, createApiClient, fileNameOf } from './api-client.ts';

function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function fakeFetch(response: () => Response) {
  return vi.fn<typeof fetch>(() => Promise.resolve(response()));
}

function sentRequest(fetchMock: ReturnType<typeof fakeFetch>) {
  const [url, init] = fetchMock.mock.calls[0] ?? [];
  return { url, init, headers: new Headers(init?.headers) };
}

describe('api client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the page path on every request, even for a guest', async () => {
    const fetchMock = fakeFetch(() => jsonResponse({}));
    const client = createApiClient({ fetch: fetchMock, currentPath: () => '/myPatients' });

    await client.request('/api/patients');

    const { headers } = sentRequest(fetchMock);
    expect(headers.get('x-page-path')).toBe('/myPatients');
    expect(headers.has('Authorization')).toBe(false);
    expect(headers.has('x-workspace')).toBe(false);
  });

  it('sends the stored access token and the chosen workspace', async () => {
    localStorage.setItem(storageKeys.accessToken, 'token-123');
    localStorage.setItem(storageKeys.workspace, 'workspace-7');
    const fetchMock = fakeFetch(() => jsonResponse({}));
    const client = createApiClient({ fetch: fetchMock, currentPath: () => '/prescriptions' });

    await client.request('/api/prescriptions');

    const { headers } = sentRequest(fetchMock);
    expect(headers.get('Authorization')).toBe('Bearer token-123');
    expect(headers.get('x-workspace')).toBe('workspace-7');
    expect(headers.get('x-page-path')).toBe('/prescriptions');
  });

  it('uses the global fetch and the browser location when nothing is injected', async () => {
    const fetchMock = fakeFetch(() => jsonResponse({}));
    vi.stubGlobal('fetch', fetchMock);
    window.history.pushState({}, '', '/dashboard');

    await createApiClient().request('/api/information');

    expect(sentRequest(fetchMock).headers.get('x-page-path')).toBe('/dashboard');
  });

  it('sends a body as JSON and adds the query string', async () => {
    const fetchMock = fakeFetch(() => jsonResponse({ ok: true }));
    const client = createApiClient({ fetch: fetchMock, currentPath: () => '/' });

    await client.request('/api/patients', { method: 'POST', query: { page: 2, q: 'pérez', empty: undefined }, body: { name: 'Ana' } });

    const { url, init, headers } = sentRequest(fetchMock);
    expect(url).toBe('/api/patients?page=2&q=p%C3%A9rez');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"name":"Ana"}');
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('parses the answer with the given schema', async () => {
    const information = { frontend: '0.1.0', backend: '0.1.0', vademecum: '01/03/2026' };
    const client = createApiClient({ fetch: fakeFetch(() => jsonResponse(information)), currentPath: () => '/' });

    await expect(client.request('/api/information', { schema: InformationSchema })).resolves.toEqual(information);
  });

  it('throws the server error with its message, code and fields', async () => {
    const body = {
      statusCode: 400,
      error: 'Bad Request',
      message: 'Los datos enviados no son válidos.',
      errorCode: 'dniTaken',
      fields: [{ field: 'dni', message: 'Debe contener al menos 6 dígitos.' }],
    };
    const client = createApiClient({ fetch: fakeFetch(() => jsonResponse(body, 400)), currentPath: () => '/' });

    const error = await client.request('/api/patients').catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 400, message: body.message, errorCode: 'dniTaken', fields: body.fields });
  });

  it('reports a rejected token to the unauthorized handler', async () => {
    localStorage.setItem(storageKeys.accessToken, 'expired');
    const unauthorized = { statusCode: 401, error: 'Unauthorized', message: 'Invalid access_token' };
    const client = createApiClient({ fetch: fakeFetch(() => jsonResponse(unauthorized, 401)), currentPath: () => '/' });
    const onUnauthorized = vi.fn();
    client.onUnauthorized(onUnauthorized);

    await expect(client.request('/api/patients')).rejects.toThrow('Invalid access_token');

    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('does not report a 401 to the unauthorized handler when no token was sent', async () => {
    const unauthorized = { statusCode: 401, error: 'Unauthorized', message: 'Wrong email and password' };
    const client = createApiClient({ fetch: fakeFetch(() => jsonResponse(unauthorized, 401)), currentPath: () => '/login' });
    const onUnauthorized = vi.fn();
    client.onUnauthorized(onUnauthorized);

    await expect(client.request('/api/auth/login', { method: 'POST', body: {} })).rejects.toThrow(ApiRequestError);

    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('sends a token given for one call instead of the session\'s, and its 401 leaves the session alone', async () => {
    localStorage.setItem(storageKeys.accessToken, 'session-token');
    const unauthorized = { statusCode: 401, error: 'Unauthorized', message: 'El código no es válido o ya fue utilizado.' };
    const fetchMock = fakeFetch(() => jsonResponse(unauthorized, 401));
    const client = createApiClient({ fetch: fetchMock, currentPath: () => '/login/2auth' });
    const onUnauthorized = vi.fn();
    client.onUnauthorized(onUnauthorized);

    await expect(client.request('/api/auth/login/2fa', { method: 'POST', bearer: 'authenticity-token' })).rejects.toThrow(ApiRequestError);

    expect(sentRequest(fetchMock).headers.get('Authorization')).toBe('Bearer authenticity-token');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('sends no token at all when told so, and its 401 leaves the session alone', async () => {
    localStorage.setItem(storageKeys.accessToken, 'session-token');
    const unauthorized = { statusCode: 401, error: 'Unauthorized', message: 'Wrong email and password' };
    const fetchMock = fakeFetch(() => jsonResponse(unauthorized, 401));
    const client = createApiClient({ fetch: fetchMock, currentPath: () => '/oauth2/sign-in' });
    const onUnauthorized = vi.fn();
    client.onUnauthorized(onUnauthorized);

    await expect(client.request('/oauth2/accounts/sign-in', { method: 'POST', body: {}, bearer: null })).rejects.toThrow(ApiRequestError);

    expect(sentRequest(fetchMock).headers.has('Authorization')).toBe(false);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('downloads what a multipart request answers, with the token given for the call', async () => {
    const fetchMock = fakeFetch(() => new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } }));
    const client = createApiClient({ fetch: fetchMock, currentPath: () => '/oauth2/demo' });
    const body = new FormData();
    body.append('pin_2fa_code', 'code');

    const file = await client.download('/oauth2/documents/signs', { method: 'POST', body, bearer: 'app-token' });

    expect(await file.text()).toBe('%PDF-1.7');
    const { init, headers } = sentRequest(fetchMock);
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(body);
    expect(headers.get('Authorization')).toBe('Bearer app-token');
  });

  it('downloads a file with the session token', async () => {
    localStorage.setItem(storageKeys.accessToken, 'session-token');
    const fetchMock = fakeFetch(() => new Response('%PDF-1.4', { headers: { 'Content-Type': 'application/pdf' } }));
    const client = createApiClient({ fetch: fetchMock, currentPath: () => '/users/notAuthorized' });

    const file = await client.download('/api/files/f1');

    expect(file.type).toBe('application/pdf');
    expect(await file.text()).toBe('%PDF-1.4');
    expect(sentRequest(fetchMock).headers.get('Authorization')).toBe('Bearer session-token');
  });

  it('downloads a file under the name the server gives it, with the query sent', async () => {
    const disposition = 'attachment; filename="registro-de-eventos-2026-03-01-a-2026-03-31.p7m"; '
      + "filename*=UTF-8''registro-de-eventos-2026-03-01-a-2026-03-31.p7m";
    const fetchMock = fakeFetch(() => new Response('signed', {
      headers: { 'Content-Type': 'application/pkcs7-mime', 'Content-Disposition': disposition },
    }));
    const client = createApiClient({ fetch: fetchMock, currentPath: () => '/event-log' });

    const file = await client.downloadNamedFile('/api/event-log/export', { query: { from: '2026-03-01', to: '2026-03-31' } });

    expect(file.fileName).toBe('registro-de-eventos-2026-03-01-a-2026-03-31.p7m');
    expect(await file.blob.text()).toBe('signed');
    expect(sentRequest(fetchMock).url).toBe('/api/event-log/export?from=2026-03-01&to=2026-03-31');
  });

  it.each([
    ['attachment; filename="T_tulo M_dico.pdf"; filename*=UTF-8\'\'T%C3%ADtulo%20M%C3%A9dico.pdf', 'Título Médico.pdf'],
    ['attachment; filename="informe.csv"', 'informe.csv'],
    ['attachment; filename=informe.csv', 'informe.csv'],
    ['attachment', null],
    [null, null],
  ])('reads the file name of the disposition %s', (disposition, fileName) => {
    expect(fileNameOf(disposition)).toBe(fileName);
  });

  it('turns a network failure into the spec\'s try-later message', async () => {
    const client = createApiClient({ fetch: vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch'))), currentPath: () => '/' });

    await expect(client.request('/api/patients')).rejects.toMatchObject({
      status: 0,
      message: 'Ha ocurrido un problema, por favor inténtelo más tarde.',
    });
  });
});
