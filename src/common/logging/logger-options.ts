import { hostname } from 'node:os';
import pino, { DestinationStream, Logger } from 'pino';
import pretty from 'pino-pretty';
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

/** How log lines are written: pino's JSON lines, or pino-pretty's one coloured line each. */
export type LogFormat = 'json' | 'pretty';

/**
 * Pretty lines for a person at a terminal (`npm start`), JSON lines for everything else (a file,
 * a pipe, a log collector, the tests): decided by whether standard output is a TTY.
 */
export function logFormat(stdout: { isTTY?: boolean }): LogFormat {
  return stdout.isTTY === true ? 'pretty' : 'json';
}

/** pino-pretty on standard output: the time, the level, "Context: message" and the rest inline. */
function prettyStdout(): DestinationStream {
  return pretty({
    sync: true,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,service,context',
    messageFormat: '{if context}{context}: {end}{msg}',
  });
}

/**
 * The one logger: request, reply and error serializers that keep secrets
 * out, redaction behind them, and an optional destination (tests read the lines); without one,
 * standard output in the format logFormat picks. Every line names the service, the process and
 * the host (pretty lines leave those out).
 */
export function createLog(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { pid: process.pid, hostname: hostname(), service: 'airfleet' },
    serializers: { req: serializeRequest, res: serializeResponse, err: serializeError },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  };
  if (destination) {
    return pino(options, destination);
  }
  return logFormat(process.stdout) === 'pretty' ? pino(options, prettyStdout()) : pino(options);
}
