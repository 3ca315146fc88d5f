import { DestinationStream } from 'pino';
import { Params } from 'nestjs-pino';
import { serializeError, serializeRequest, serializeResponse } from './log-serializers';

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
 * The one logging configuration (CONTRACT 9, Exposure): request, reply and error serializers that
 * keep secrets out, redaction behind them, and an optional destination (tests read the lines).
 */
export function loggerParams(level: string, destination?: DestinationStream): Params {
  const options = {
    level,
    wrapSerializers: false,
    serializers: { req: serializeRequest, res: serializeResponse, err: serializeError },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    customProps: () => ({ service: 'airfleet' }),
  };
  return { pinoHttp: destination ? [options, destination] : options };
}
