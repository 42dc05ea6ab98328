/** The fields of a PostgreSQL error that name what failed and never carry the row's data. */
export interface DatabaseFailure {
  code: string;
  severity?: string;
  constraint?: string;
  table?: string;
  column?: string;
  routine?: string;
}

type ErrorWithFields = Error & Partial<DatabaseFailure> & { query?: unknown; statusCode?: unknown };

const sqlState = /^[0-9A-Z]{5}$/;

/**
 * The PostgreSQL error behind `error`, from either driver: node-postgres and PGlite throw one
 * with a SQLSTATE `code` and a `severity`, and Drizzle wraps it as the cause of its own.
 */
export function databaseFailureOf(error: unknown): DatabaseFailure | undefined {
  let current: unknown = error;
  for (let hops = 0; current instanceof Error && hops < 4; hops += 1) {
    const candidate = current as ErrorWithFields;
    if (typeof candidate.code === 'string' && sqlState.test(candidate.code) && typeof candidate.severity === 'string') {
      return candidate as DatabaseFailure;
    }
    current = current.cause;
  }
  return undefined;
}

/**
 * Whether the database refused a value itself (SQLSTATE class 22, "data exception": a NUL in
 * a text, a number out of range, a text too long for its column): the request's fault, which
 * validation should have caught before.
 */
export function isDataException(failure: DatabaseFailure): boolean {
  return failure.code.startsWith('22');
}

/** The stack's frames without its first lines, which repeat the message. */
function framesOf(stack: string | undefined): string {
  return (stack ?? '').split('\n').filter((line) => line.startsWith('    at ')).join('\n');
}

/** The SQL text of the statement, as Drizzle or PGlite keep it beside (never inside) its parameters. */
function statementOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let hops = 0; current instanceof Error && hops < 4; hops += 1) {
    const { query } = current as ErrorWithFields;
    if (typeof query === 'string') return query;
    current = current.cause;
  }
  return undefined;
}

const maxCauses = 3;

/** An error as pino writes it: its type, message and stack, and whatever else names it. */
export interface LoggedError {
  [field: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/**
 * An error as the log keeps it, field by field rather than pino's copy of every property:
 * Drizzle's and PGlite's errors carry the statement's parameters (a patient's name, a DNI, a
 * diagnosis) in `params` and in their message, and a PostgreSQL error's `detail` quotes the
 * row. A database failure is logged by its SQLSTATE, where it happened and the statement;
 * its message too, except for a data exception, whose message may quote the value refused.
 */
export function serializeError(error: unknown, causes = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: 'not an Error', stack: '' };
  const failure = databaseFailureOf(error);
  if (failure) {
    const { message } = failure as Partial<Error>;
    return {
      type: error.name,
      message: isDataException(failure) ? 'data exception (the value is not logged)' : message ?? '',
      code: failure.code,
      severity: failure.severity,
      constraint: failure.constraint,
      table: failure.table,
      column: failure.column,
      routine: failure.routine,
      statement: statementOf(error),
      stack: framesOf(error.stack),
    };
  }
  const { code, statusCode } = error as ErrorWithFields;
  return {
    type: error.name,
    message: error.message,
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof statusCode === 'number' ? { statusCode } : {}),
    stack: error.stack ?? '',
    ...(error.cause !== undefined && causes < maxCauses ? { cause: serializeError(error.cause, causes + 1) } : {}),
  };
}
