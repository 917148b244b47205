// Whether an error means the database cannot serve the request now (unreachable, shutting down,
// or too busy to answer in time), whichever layer raised it: REST answers 503 service_unavailable
// and GraphQL the same code.

// Node socket errors, Prisma's connection codes, and PostgreSQL's "shutting down" states.
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'P1001',
  'P1017',
  '57P01',
  '57P03',
  // Out of time, not out of order: a transaction past its time-out (Prisma's P2028, which SQL
  // transactions raise too), no pooled connection in time (P2024), a statement cancelled by
  // statement_timeout (57014). The database is too busy to answer now; the request may be retried.
  'P2028',
  'P2024',
  '57014',
]);
// Driver adapter error kinds (Prisma 7 puts them in meta.driverAdapterError.cause.kind).
const UNREACHABLE_KINDS = new Set([
  'DatabaseNotReachable',
  'ConnectionClosed',
  'SocketTimeout',
  'TooManyConnections',
]);
// node-postgres's own connection errors carry no code, only these messages. They reach us
// unwrapped when the pool fails to hand out a connection, for example when Prisma opens a
// transaction while PostgreSQL restarts (found by test/faults/database-outage.test.ts).
const UNREACHABLE_MESSAGES = new Set([
  'Connection terminated unexpectedly',
  'Connection terminated',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
]);

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  kind?: unknown;
  originalError?: unknown;
  meta?: { driverAdapterError?: { cause?: unknown } };
}

export function isDatabaseUnavailable(error: unknown): boolean {
  let current = error as ErrorLike | undefined;
  for (let depth = 0; current && typeof current === 'object' && depth < 6; depth++) {
    if (typeof current.code === 'string' && UNREACHABLE_CODES.has(current.code)) return true;
    if (typeof current.kind === 'string' && UNREACHABLE_KINDS.has(current.kind)) return true;
    if (
      current.code === undefined &&
      typeof current.message === 'string' &&
      UNREACHABLE_MESSAGES.has(current.message)
    )
      return true;
    current = (current.meta?.driverAdapterError?.cause ?? current.cause ?? current.originalError) as
      | ErrorLike
      | undefined;
  }
  return false;
}
