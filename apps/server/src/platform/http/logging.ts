import { randomUUID } from 'node:crypto';
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { serializeError } from './error-logging.ts';

/** Query parameters that carry credentials in this product's URLs (OAuth codes, tokens). */
const secretParameters = new Set([
  'access_token', 'refresh_token', 'token', 'code', 'code_verifier', 'signed_in_code', 'pin_2fa_code', 'client_secret',
]);
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const tokenLike = /^[A-Za-z0-9_.~-]{32,}$/;

/**
 * The URL as it may be logged: the mailed links put single-use tokens in the path
 * (`/api/auth/confirmation/doctors/{userToken}`) and OAuth puts codes in the query, and a
 * log must never be a way to take over an account.
 */
export function redactUrl(url: string): string {
  const [path = '', query] = url.split('?', 2);
  const safePath = path
    .split('/')
    .map((segment) => (tokenLike.test(segment) && !uuid.test(segment) ? '[redacted]' : segment))
    .join('/');
  if (query === undefined) return safePath;
  const parameters = new URLSearchParams(query);
  for (const name of parameters.keys()) {
    if (secretParameters.has(name)) parameters.set(name, '[redacted]');
  }
  return `${safePath}?${parameters.toString()}`;
}

const redactedUrls = new WeakMap<{ url: string }, string>();

/** The request's URL as it may be logged, worked out once: its log line and its access event both write it. */
export function redactedUrlOf(request: { url: string }): string {
  let redacted = redactedUrls.get(request);
  if (redacted === undefined) {
    redacted = redactUrl(request.url);
    redactedUrls.set(request, redacted);
  }
  return redacted;
}

/**
 * One line per request once it is answered: what was asked and from where, the status and
 * the time taken. Fastify writes a line as the request comes in and another as it ends, each
 * serialised and redacted: twice the cost for what the last line says alone (docs/decisions/052).
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/** Where log lines go when not to standard output: tests read them. */
export interface LogStream {
  write(line: string): void;
}

/**
 * pino through Fastify: one id per request (taken from `x-request-id` when a proxy sets one),
 * no secrets, and errors without the data of the statement that failed.
 */
export function loggingOptions(
  level: string, stream?: LogStream,
): Pick<FastifyServerOptions, 'logger' | 'genReqId' | 'requestIdHeader' | 'logController'> {
  return {
    requestIdHeader: 'x-request-id',
    logController: new OneLinePerRequest(),
    genReqId: () => randomUUID(),
    logger: {
      level,
      ...(stream ? { stream } : {}),
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.PIN', '*.pin'], censor: '[redacted]' },
      serializers: {
        err: (error: unknown) => serializeError(error),
        req: (request: { method: string; url: string; ip?: string }) => ({
          method: request.method,
          url: redactedUrlOf(request),
          remoteAddress: request.ip,
        }),
      },
    },
  };
}
