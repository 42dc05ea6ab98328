import { ApiErrorSchema, errorCodes, messages, requestHeaders, type ApiError, type ErrorCode } from '@receta/domain';
import { z } from 'zod';
import { accessTokenStore, workspaceStore } from './storage.ts';

/** A failed call, carrying the server's error shape so a form can show each field's message. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly errorCode: ErrorCode | undefined;
  readonly fields: ApiError['fields'];
  readonly body: ApiError;

  constructor(body: ApiError) {
    super(body.message);
    this.name = 'ApiRequestError';
    this.status = body.statusCode;
    this.errorCode = body.errorCode;
    this.fields = body.fields;
    this.body = body;
  }
}

/** The code of a server refusal, to branch on: a message may be reworded, a code is not. */
export function errorCodeOf(error: unknown): ErrorCode | undefined {
  return error instanceof ApiRequestError ? error.errorCode : undefined;
}

/** The text to show for a failed call: the server's message, or the spec's try-later fallback. */
export function errorMessageOf(error: unknown): string {
  return error instanceof ApiRequestError ? error.message : messages.common.tryLater;
}

type QueryValue = string | number | boolean | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** Sent as JSON, except FormData (multipart uploads) and URLSearchParams (OAuth forms). */
  body?: unknown;
  signal?: AbortSignal;
  /**
   * A token other than the session's, such as the authenticity token of login step two. A 401
   * on it says nothing about the session, so the unauthorized handlers are not told. Null sends
   * no token at all: the OAuth pages authenticate with the user's password or the app's token,
   * and must not carry (nor lose on a 401) the web session of whoever uses the browser.
   */
  bearer?: string | null;
}

export type DownloadOptions = Pick<RequestOptions, 'signal' | 'method' | 'query' | 'body' | 'bearer'>;

export interface NamedFile {
  blob: Blob;
  /** The name the server's Content-Disposition gives; null without one. */
  fileName: string | null;
}

export interface UploadOptions {
  /** Called with the share of the body sent so far, from 0 to 1. */
  onProgress?: (share: number) => void;
}

export interface ApiClientDependencies {
  fetch?: typeof fetch;
  /** The route the user is on; the server records it in the audit trail. */
  currentPath?: () => string;
}

type UnauthorizedHandler = (error: ApiRequestError) => void;

// Some endpoints (the OAuth token endpoint) answer RFC 6749 errors that still carry `message`.
const LooseErrorSchema = z.object({ message: z.string(), errorCode: z.enum(errorCodes).optional().catch(undefined) });

export function createApiClient(dependencies: ApiClientDependencies = {}) {
  const currentPath = dependencies.currentPath ?? (() => window.location.pathname);
  const unauthorizedHandlers = new Set<UnauthorizedHandler>();

  function headersFor(isJson: boolean, bearer?: string | null): Headers {
    const headers = new Headers({ Accept: 'application/json', [requestHeaders.pagePath]: currentPath() });
    const token = bearer === undefined ? accessTokenStore.get() : bearer;
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const workspace = workspaceStore.get();
    if (workspace) headers.set(requestHeaders.workspace, workspace);
    if (isJson) headers.set('Content-Type', 'application/json');
    return headers;
  }

  async function fetchResponse(path: string, options: RequestOptions): Promise<Response> {
    const { method = 'GET', query, body, signal, bearer } = options;
    const encoded = encodeBody(body);
    const headers = headersFor(encoded.isJson, bearer);
    const fetchImpl = dependencies.fetch ?? globalThis.fetch;
    let response: Response;
    try {
      response = await fetchImpl(withQuery(path, query), {
        method,
        headers,
        body: encoded.body,
        signal,
      });
    } catch (cause) {
      if (signal?.aborted) throw cause;
      throw networkError();
    }
    if (response.ok) return response;

    const error = new ApiRequestError(toApiError(response.status, response.statusText, await readJson(response)));
    reportIfUnauthorized(error, headers.has('Authorization') && bearer === undefined);
    throw error;
  }

  // A 401 on a call that carried the session's token means that token is no longer valid.
  function reportIfUnauthorized(error: ApiRequestError, sentSessionToken: boolean) {
    if (error.status === 401 && sentSessionToken) unauthorizedHandlers.forEach((handler) => handler(error));
  }

  async function send(path: string, options: RequestOptions): Promise<unknown> {
    return readJson(await fetchResponse(path, options));
  }

  /**
   * Sends a multipart form through XMLHttpRequest, because fetch cannot report how much of
   * an upload has been sent, and answers the JSON the server returns.
   */
  function upload(path: string, body: FormData, { onProgress }: UploadOptions = {}): Promise<unknown> {
    const headers = headersFor(false);
    return new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', path);
      headers.forEach((value, name) => xhr.setRequestHeader(name, value));
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
      });
      xhr.addEventListener('load', () => {
        const payload = parseJson(xhr.responseText);
        if (xhr.status >= 200 && xhr.status < 300) {
          resolve(payload);
          return;
        }
        const error = new ApiRequestError(toApiError(xhr.status, xhr.statusText, payload));
        reportIfUnauthorized(error, headers.has('Authorization'));
        reject(error);
      });
      xhr.addEventListener('error', () => reject(networkError()));
      xhr.send(body);
    });
  }

  function request<Schema extends z.ZodType>(
    path: string,
    options: RequestOptions & { schema: Schema },
  ): Promise<z.output<Schema>>;
  function request(path: string, options?: RequestOptions): Promise<unknown>;
  async function request(path: string, options: RequestOptions & { schema?: z.ZodType } = {}): Promise<unknown> {
    const payload = await send(path, options);
    return options.schema ? options.schema.parse(payload) : payload;
  }

  return {
    request,
    upload,
    /**
     * Fetches a file that needs the session's token, such as an uploaded document, or one a
     * request makes, such as a PDF signed for an OAuth app.
     */
    async download(path: string, options: DownloadOptions = {}): Promise<Blob> {
      const response = await fetchResponse(path, options);
      return response.blob();
    },
    /** Fetches a file the server names itself, as an export of a chosen period: the blob and that name. */
    async downloadNamedFile(path: string, options: DownloadOptions = {}): Promise<NamedFile> {
      const response = await fetchResponse(path, options);
      return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('content-disposition')) };
    },
    /** Registers what happens when the server rejects the stored token; returns the unregister call. */
    onUnauthorized(handler: UnauthorizedHandler): () => void {
      unauthorizedHandlers.add(handler);
      return () => unauthorizedHandlers.delete(handler);
    },
  };
}

/** The one client every feature uses. */
export const api = createApiClient();

function encodeBody(body: unknown): { body: BodyInit | undefined; isJson: boolean } {
  if (body === undefined || body instanceof FormData || body instanceof URLSearchParams) {
    return { body, isJson: false };
  }
  return { body: JSON.stringify(body), isJson: true };
}

function withQuery(path: string, query: Record<string, QueryValue> | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** The file name of a Content-Disposition: the exact UTF-8 one (RFC 8187) when given, else the plain one. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (encoded) return decodeURIComponent(encoded[1]!.trim());
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(disposition);
  return plain ? (plain[1] ?? plain[2]!.trim()) : null;
}

function networkError(): ApiRequestError {
  return new ApiRequestError({ statusCode: 0, error: 'Network Error', message: messages.common.tryLater });
}

async function readJson(response: Response): Promise<unknown> {
  return parseJson(await response.text());
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function toApiError(status: number, statusText: string, payload: unknown): ApiError {
  const parsed = ApiErrorSchema.safeParse(payload);
  if (parsed.success) return parsed.data;
  const loose = LooseErrorSchema.safeParse(payload);
  return {
    statusCode: status,
    error: statusText || 'Error',
    message: loose.success ? loose.data.message : messages.common.tryLater,
    errorCode: loose.success ? loose.data.errorCode : undefined,
  };
}
