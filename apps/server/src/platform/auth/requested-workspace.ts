import { requestHeaders } from '@receta/domain';
import type { FastifyRequest } from 'fastify';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The workspace the request's `x-workspace` header names; '' when it names none (left out or blank). */
export function requestedWorkspaceOf(request: FastifyRequest): string {
  const header = request.headers[requestHeaders.workspace];
  return typeof header === 'string' ? header.trim() : '';
}

/** Whether a requested workspace is written as a workspace's id could be; no other is looked up. */
export function isWorkspaceId(value: string): boolean {
  return uuidPattern.test(value);
}
