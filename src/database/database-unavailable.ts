import { QueryFailedError } from 'typeorm';
import { DRIVER_ERRORS } from './dialect';

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

/** Messages of TypeORM itself for a connection that is gone (the drivers' are in their dialect). */
const UNAVAILABLE_MESSAGES = [
  /^Driver not Connected$/, // TypeORM: the data source was destroyed
  // TypeORM releases a transaction's query runner when its connection emits an error (the server
  // went away mid-transaction); the transaction's next statement, or its COMMIT, then fails so.
  /^Query runner already released/,
  // The same through EntityManager.query (QueryRunnerProviderAlreadyReleasedError).
  /^Database connection provided by a query runner was already released/,
  ...DRIVER_ERRORS.flatMap((errors) => errors.unavailableMessages),
];

function codeOf(error: object): string | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Whether an error means the database cannot be reached right now (answered
 * 503 1040 with Retry-After) rather than that the statement itself failed. The one place that
 * knows what a connection failure looks like (the database-specific codes and driver messages come
 * from every dialect, since an error says nothing of where it came from); it follows TypeORM's
 * `driverError` and `cause` chains.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) {
    return false;
  }
  const code = codeOf(error);
  if (code !== undefined) {
    if (NETWORK_CODES.has(code) || DRIVER_ERRORS.some((errors) => errors.isUnavailableCode(code))) {
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
