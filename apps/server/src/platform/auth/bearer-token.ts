import { messages } from '@receta/domain';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/app-error.ts';

/** The token of the request's `Authorization: Bearer …` header, or 401 'Invalid access_token'. */
export function requireBearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : undefined;
  if (!token) throw new AppError('unauthenticated', messages.session.invalidAccessToken);
  return token;
}

/**
 * The 401 of a JWT that failed its check, or of a session ended by its idle time: the spec's
 * client tells an expired one apart (the web app by its code) and renews it or logs out.
 */
export function refusedToken(reason: 'expired' | 'invalid'): AppError {
  if (reason === 'expired') return new AppError('unauthenticated', messages.session.expiredAccessToken, 'sessionExpired');
  return new AppError('unauthenticated', messages.session.invalidAccessToken);
}
