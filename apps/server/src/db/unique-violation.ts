/**
 * The unique constraint a failed statement broke, if it broke one (PostgreSQL error 23505),
 * as both database drivers report it; for answering a request that lost a race with a 409.
 */
export function violatedUniqueConstraint(error: unknown): string | undefined {
  const cause: unknown = error instanceof Error ? error.cause : undefined;
  if (typeof cause !== 'object' || cause === null) return undefined;
  const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
  return code === '23505' && typeof constraint === 'string' ? constraint : undefined;
}
