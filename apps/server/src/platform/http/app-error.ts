import { messages, type ErrorCode } from '@receta/domain';

const statusByCode = {
  invalid_data: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  too_many_requests: 429,
  unavailable: 503,
} as const;

export type AppErrorCode = keyof typeof statusByCode;

/** A field at fault, named as the validation errors name them (`body.specialtyId`). */
export interface FieldError {
  field: string;
  message: string;
}

/**
 * The one error type services throw. The error handler turns it into the project's error
 * shape with the status its code maps to; its message is shown to the user as is, so it is
 * always a Spanish sentence (or a server message the spec names).
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly statusCode: number;
  /** For 429: the seconds until the next attempt is allowed, sent as `Retry-After`. */
  retryAfterSeconds?: number;

  constructor(
    readonly code: AppErrorCode,
    message: string,
    /** A machine-readable code for the client, where the spec names one (`errorCode`). */
    readonly errorCode?: ErrorCode,
    /** The fields at fault, for a refusal the form should show beside its fields. */
    readonly fields?: FieldError[],
  ) {
    super(message);
    this.statusCode = statusByCode[code];
  }

  static notFound(message: string = messages.common.notFound): AppError {
    return new AppError('not_found', message);
  }

  static tooManyRequests(retryAfterSeconds: number): AppError {
    const error = new AppError('too_many_requests', messages.common.tooManyRequests);
    error.retryAfterSeconds = retryAfterSeconds;
    return error;
  }

  static forbidden(message: string = messages.common.forbidden): AppError {
    return new AppError('forbidden', message);
  }
}
