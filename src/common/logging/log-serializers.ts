import { IncomingMessage, ServerResponse } from 'node:http';
import { DRIVER_ERRORS } from '../../database/dialect';

/**
 * What the logs may say about a request, a reply and an error: never a
 * token, a session cookie, a password, a secret or a WPA key. Serializers keep a short list of
 * fields instead of removing known-bad ones, so a new header or driver field stays out by default.
 */

/** Query parameters whose value is a credential; their value is replaced in every logged URL. */
const SECRET_QUERY_PARAMETERS = /^(access_token|token|password|secret|wpa_key|_csrf)$/i;
export const REDACTED = '[redacted]';

/** Request headers worth logging; authorization, cookie and anything unknown stay out. */
const REQUEST_HEADERS = ['host', 'user-agent', 'content-type', 'content-length', 'accept'];
/** Reply headers worth logging; set-cookie stays out. */
const RESPONSE_HEADERS = ['content-type', 'content-length'];

/** The URL with the value of every credential-like query parameter replaced. */
export function redactUrl(url: string | undefined): string | undefined {
  if (!url) {
    return url;
  }
  const queryStart = url.indexOf('?');
  if (queryStart < 0) {
    return url;
  }
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const [rawName] = pair.split('=', 1);
      return SECRET_QUERY_PARAMETERS.test(safeDecode(rawName)) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, queryStart)}?${query}`;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' ')).trim();
  } catch {
    return value;
  }
}

function pick(headers: Record<string, unknown>, names: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(
    names.filter((n) => headers[n] !== undefined).map((n) => [n, headers[n]]),
  );
}

export function serializeRequest(req: IncomingMessage & { id?: unknown; originalUrl?: string }) {
  return {
    id: req.id,
    method: req.method,
    // Middleware mounted on a path sees req.url relative to it; originalUrl is the whole one.
    url: redactUrl(req.originalUrl ?? req.url),
    headers: pick(req.headers, REQUEST_HEADERS),
    remoteAddress: req.socket?.remoteAddress,
  };
}

export function serializeResponse(res: ServerResponse) {
  return {
    statusCode: res.statusCode,
    headers: typeof res.getHeaders === 'function' ? pick(res.getHeaders(), RESPONSE_HEADERS) : {},
  };
}

/** Fields of a database driver error that name the failure without carrying a value. */
const DATABASE_FIELDS = ['code', 'table', 'column', 'constraint', 'schema', 'routine'] as const;

interface DatabaseErrorLike {
  name?: string;
  message?: string;
  stack?: string;
  query?: unknown;
  parameters?: unknown;
  driverError?: Record<string, unknown>;
  [key: string]: unknown;
}

/**
 * An error as logged: type, message and stack; for a failed SQL statement (TypeORM's
 * QueryFailedError, or a driver error) also the code, table and constraint, but never the
 * statement's parameters, the SQL text, PostgreSQL's `detail` ("Key (x)=(value)") or any quoted
 * value inside the driver's message ("invalid input syntax for type integer: \"…\"").
 */
export function serializeError(value: unknown): unknown {
  if (!(value instanceof Error)) {
    return value;
  }
  const error = value as Error & DatabaseErrorLike;
  const database = isDatabaseError(error);
  const message = database ? scrubQuoted(error.message) : error.message;
  const stackFrames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const serialized: Record<string, unknown> = {
    type: error.constructor?.name ?? error.name,
    message,
    stack: [`${error.name}: ${message}`, ...stackFrames].join('\n'),
  };
  if (database) {
    const source = { ...(error.driverError ?? {}), ...error } as Record<string, unknown>;
    for (const field of DATABASE_FIELDS) {
      if (typeof source[field] === 'string' || typeof source[field] === 'number') {
        serialized[field] = source[field];
      }
    }
  } else if (typeof (error as { code?: unknown }).code === 'string') {
    serialized.code = (error as { code?: unknown }).code;
  }
  return serialized;
}

function isDatabaseError(error: DatabaseErrorLike): boolean {
  const code = (error as { code?: unknown }).code;
  return (
    error.name === 'QueryFailedError' ||
    'query' in error ||
    'parameters' in error ||
    'driverError' in error ||
    (typeof code === 'string' && DRIVER_ERRORS.some((errors) => errors.isErrorCode(code)))
  );
}

/** Replaces every quoted fragment ("…" or '…') of a driver message, where values appear. */
function scrubQuoted(message: string): string {
  return message.replace(/"[^"]*"/g, '"…"').replace(/'[^']*'/g, "'…'");
}
