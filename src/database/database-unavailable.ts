import { QueryFailedError } from 'typeorm';

/** Socket-level failures: the server is down, restarting, or the network between us is. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs outside class 08 (connection exception) that mean "not now": admin
 * shutdown, crash shutdown, cannot connect now (starting up or shutting down), too many
 * connections. SQLite: the file is locked beyond busy_timeout, cannot be opened, or I/O fails.
 */
const UNAVAILABLE_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '53300',
  'SQLITE_BUSY',
  'SQLITE_CANTOPEN',
  'SQLITE_IOERR',
]);

/** Messages of node-postgres, pg-pool, better-sqlite3 and TypeORM for a connection that is gone. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/, // pg: 'Connection terminated [unexpectedly|due to connection timeout]'
  /^timeout exceeded when trying to connect$/, // pg-pool: no client within connectionTimeoutMillis
  /^Query read timeout$/, // pg: query_timeout elapsed
  /not queryable/, // pg: a client that has already failed
  /^The database connection is not open$/, // better-sqlite3 after close
  /^Driver not Connected$/, // TypeORM: the data source was destroyed
  /^Cannot use a pool after calling end on the pool$/,
  // TypeORM releases a transaction's query runner when its connection emits an error (the server
  // went away mid-transaction); the transaction's next statement, or its COMMIT, then fails so.
  /^Query runner already released/,
];

function codeOf(error: object): string | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Whether an error means the database cannot be reached right now (CONTRACT 8, 9: answered
 * 503 1040 with Retry-After) rather than that the statement itself failed. The one place that
 * knows what a connection failure looks like on PostgreSQL, SQLite and their drivers; it follows
 * TypeORM's `driverError` and `cause` chains.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) {
    return false;
  }
  const code = codeOf(error);
  if (code !== undefined) {
    const sqliteFamily = code.startsWith('SQLITE_') ? code.split('_', 2).join('_') : code;
    if (
      NETWORK_CODES.has(code) ||
      UNAVAILABLE_CODES.has(code) ||
      UNAVAILABLE_CODES.has(sqliteFamily) ||
      /^08[0-9A-Z]{3}$/.test(code)
    ) {
      return true;
    }
  }
  const message = (error as { message?: unknown }).message;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => m.test(message))) {
    return true;
  }
  if (
    error instanceof AggregateError &&
    error.errors.some((e) => isDatabaseUnavailable(e, depth + 1))
  ) {
    return true;
  }
  const inner =
    error instanceof QueryFailedError
      ? (error.driverError as unknown)
      : (error as { cause?: unknown }).cause;
  return inner !== undefined && inner !== error && isDatabaseUnavailable(inner, depth + 1);
}
