import { hostname } from 'node:os';
import pino, { DestinationStream, Logger } from 'pino';
import { serializeError, serializeRequest, serializeResponse } from './log-serializers';

/** The injection token of the application's one pino logger (LoggingModule). */
export const APP_LOG = Symbol('APP_LOG');

/**
 * Second line of defence behind the serializers: any of these keys, at the top of a log line or
 * one level down (e.g. a body logged by mistake), is censored.
 */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...['password', 'token', 'access_token', 'wpa_key', 'secret', 'cookie', 'authorization'].flatMap(
    (key) => [key, `*.${key}`],
  ),
];

/**
 * The one logger (CONTRACT 9, Exposure): request, reply and error serializers that keep secrets
 * out, redaction behind them, and an optional destination (tests read the lines). Every line
 * names the service, the process and the host.
 */
export function createLog(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { pid: process.pid, hostname: hostname(), service: 'airfleet' },
    serializers: { req: serializeRequest, res: serializeResponse, err: serializeError },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  };
  return destination ? pino(options, destination) : pino(options);
}
