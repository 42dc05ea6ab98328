import type { OAuthErrorBody, OAuthErrorCode } from '@receta/domain';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/**
 * A refusal of the token or revocation endpoint, answered in RFC 6749 section 5.2's shape.
 * Its description is English ASCII, as that RFC requires of `error_description`.
 */
export class OAuthError extends Error {
  override name = 'OAuthError';
  /** 401 for a client that failed to authenticate, 400 for everything else. */
  readonly statusCode: number;

  constructor(readonly code: OAuthErrorCode, description: string) {
    super(description);
    this.statusCode = code === 'invalid_client' ? 401 : 400;
  }
}

const supportedGrantTypes: readonly string[] = ['authorization_code', 'refresh_token', 'client_credentials'];

function describeValidationError(error: FastifyError): string {
  const names = (error.validation ?? []).map((issue) => issue.instancePath.split('/').filter(Boolean).join('.'));
  const fields = [...new Set(names.filter(Boolean))];
  return fields.length > 0 ? `Missing or malformed parameter: ${fields.join(', ')}` : 'Malformed request';
}

/** The RFC error a failed request stands for, or undefined for a server fault. */
function oauthErrorOf(error: FastifyError | OAuthError, request: FastifyRequest): OAuthError | undefined {
  if (error instanceof OAuthError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const grantType = (request.body as Record<string, unknown> | undefined)?.grant_type;
    if (typeof grantType === 'string' && !supportedGrantTypes.includes(grantType)) {
      return new OAuthError('unsupported_grant_type', `The grant type ${JSON.stringify(grantType)} is not supported`);
    }
    return new OAuthError('invalid_request', describeValidationError(error));
  }
  const statusCode = error.statusCode ?? 500;
  if (statusCode < 500) return new OAuthError('invalid_request', 'The request body could not be read');
  return undefined;
}

/**
 * The error handler of the token and revocation endpoints: RFC 6749 errors with `message`
 * beside them (DECISIONS.md), never cached; a server fault goes on to the project's handler.
 */
export function answerOAuthError(error: FastifyError | OAuthError, request: FastifyRequest, reply: FastifyReply): void {
  const oauthError = oauthErrorOf(error, request);
  if (!oauthError) throw error;
  const description = oauthError.message;
  const body: OAuthErrorBody = { error: oauthError.code, error_description: description, message: description };
  reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
  // RFC 6749 section 5.2: a client that failed to authenticate is told how to.
  if (oauthError.statusCode === 401) reply.header('www-authenticate', 'Basic realm="oauth2", charset="UTF-8"');
  void reply.status(oauthError.statusCode).send(body);
}
