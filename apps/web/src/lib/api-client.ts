import { ApiErrorSchema, messages, requestHeaders, type ApiError } from '@receta/domain';
import { z } from 'zod';
import { accessTokenStore, workspaceStore } from './storage.ts';

/** A failed call, carrying the server's error shape so a form can show each field's message. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly errorCode: string | undefined;
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

type QueryValue = string | number | boolean | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** Sent as JSON, except FormData (multipart uploads) and URLSearchParams (OAuth forms). */
  body?: unknown;
  signal?: AbortSignal;
}

export interface ApiClientDependencies {
  fetch?: typeof fetch;
  /** The route the user is on; the server records it in the audit trail. */
  currentPath?: () => string;
}

type UnauthorizedHandler = (error: ApiRequestError) => void;

// Some endpoints (the OAuth token endpoint) answer RFC 6749 errors that still carry `message`.
const LooseErrorSchema = z.object({ message: z.string(), errorCode: z.string().optional() });

export function createApiClient(dependencies: ApiClientDependencies = {}) {
  const currentPath = dependencies.currentPath ?? (() => window.location.pathname);
  const unauthorizedHandlers = new Set<UnauthorizedHandler>();

  function headersFor(isJson: boolean): Headers {
    const headers = new Headers({ Accept: 'application/json', [requestHeaders.pagePath]: currentPath() });
    const token = accessTokenStore.get();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const workspace = workspaceStore.get();
    if (workspace) headers.set(requestHeaders.workspace, workspace);
    if (isJson) headers.set('Content-Type', 'application/json');
    return headers;
  }

  async function send(path: string, options: RequestOptions): Promise<unknown> {
    const { method = 'GET', query, body, signal } = options;
    const encoded = encodeBody(body);
    const headers = headersFor(encoded.isJson);
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
      throw new ApiRequestError({ statusCode: 0, error: 'Network Error', message: messages.common.tryLater });
    }

    const payload = await readJson(response);
    if (response.ok) return payload;

    const error = new ApiRequestError(toApiError(response, payload));
    // A 401 on a call that carried a token means that token is no longer valid.
    if (response.status === 401 && headers.has('Authorization')) {
      unauthorizedHandlers.forEach((handler) => handler(error));
    }
    throw error;
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

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function toApiError(response: Response, payload: unknown): ApiError {
  const parsed = ApiErrorSchema.safeParse(payload);
  if (parsed.success) return parsed.data;
  const loose = LooseErrorSchema.safeParse(payload);
  return {
    statusCode: response.status,
    error: response.statusText || 'Error',
    message: loose.success ? loose.data.message : messages.common.tryLater,
    errorCode: loose.success ? loose.data.errorCode : undefined,
  };
}
