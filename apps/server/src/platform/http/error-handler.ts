import { STATUS_CODES } from 'node:http';
import { messages, type ApiError } from '@receta/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './app-error.ts';
import { databaseFailureOf, isDataException } from './error-logging.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's clients read the failure's message from the body's `error` field (spec
     * section 7, POST /api/auth/register): it carries the Spanish message instead of the status name.
     */
    errorFieldCarriesMessage?: true;
  }
}

const messageByStatus: Record<number, string> = {
  400: messages.common.invalidData,
  401: messages.common.unauthenticated,
  403: messages.common.forbidden,
  404: messages.common.notFound,
  413: messages.upload.tooLarge,
  429: messages.common.tooManyRequests,
};

function standardErrorBody(statusCode: number, message: string, extra: Partial<ApiError> = {}): ApiError {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message, ...extra };
}

/** Where in the request a bad field sits, as `body.email` or `query.page`. */
function fieldName(context: string | undefined, instancePath: string): string {
  const path = instancePath.split('/').filter(Boolean).join('.');
  return [context, path].filter(Boolean).join('.');
}

/**
 * One error handler for the whole API: an AppError keeps its status and Spanish message; a
 * validation error names each bad field with its schema's message; Fastify's own client
 * errors get a Spanish message; a value the database refused is a 400; anything else is a 500
 * that shows nothing of its internals. What is logged never holds the statement's parameters
 * (see `serializeError`).
 */
export const errorHandler = fp((app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const errorBody = (statusCode: number, message: string, extra: Partial<ApiError> = {}): ApiError => {
      const body = standardErrorBody(statusCode, message, extra);
      return request.routeOptions.config.errorFieldCarriesMessage ? { ...body, error: message } : body;
    };
    if (error instanceof AppError) {
      const extra = {
        ...(error.errorCode ? { errorCode: error.errorCode } : {}),
        ...(error.fields ? { fields: error.fields } : {}),
      };
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send(errorBody(error.statusCode, error.message, extra));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((issue) => ({
        field: fieldName(error.validationContext, issue.instancePath),
        message: issue.message ?? messages.common.invalidData,
      }));
      const message = fields.map((field) => field.message).join(' ');
      return reply.status(400).send(errorBody(400, message, { fields }));
    }
    const failure = databaseFailureOf(error);
    if (failure && isDataException(failure)) {
      // The schemas should have refused the value: logged so the gap gets closed.
      request.log.warn({ err: error }, 'the database refused a value of the request');
      return reply.status(400).send(errorBody(400, messages.common.invalidData));
    }
    const statusCode = error.statusCode ?? 500;
    if (statusCode < 500) {
      const message = messageByStatus[statusCode] ?? messages.common.invalidData;
      return reply.status(statusCode).send(errorBody(statusCode, message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody(500, messages.common.internalError));
  });
}, { name: 'error-handler' });
