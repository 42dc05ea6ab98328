import { messages } from '@receta/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../http/app-error.ts';

/**
 * What the client is told when reading its multipart body failed: the route's own answer for a
 * file over the limit, 'one file at a time' for more parts than allowed, and 400 for anything
 * else the parser threw (a missing boundary, a part cut short, a broken header), since only
 * the body can be at fault while it is being read.
 */
export function multipartFailure(app: FastifyInstance, error: unknown, tooLarge: AppError): AppError {
  if (error instanceof AppError) return error;
  const { RequestFileTooLargeError, FilesLimitError, PartsLimitError, FieldsLimitError } = app.multipartErrors;
  if (error instanceof RequestFileTooLargeError) return tooLarge;
  if (error instanceof FilesLimitError || error instanceof PartsLimitError || error instanceof FieldsLimitError) {
    return new AppError('invalid_data', messages.upload.oneFileOnly, 'uploadFail');
  }
  return new AppError('invalid_data', messages.upload.malformed, 'uploadFail');
}
