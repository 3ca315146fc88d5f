import { randomUUID } from 'node:crypto';
import { IncomingMessage, STATUS_CODES } from 'node:http';
import { Socket } from 'node:net';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppConfig } from './config/app-config';
import { ApiErrorCode, ValidationFailedError } from './common/errors';
import { jsonDeeperThan, MAX_JSON_DEPTH } from './common/limits/json-depth';
import { markParsed } from './common/limits/nul';
import { isUpgradeRoute, upgradeRouteRefusal } from './upgrades/upgrade-route-errors';

/**
 * The HTTP server under Nest (app.setup.ts split by concern): body and parameter
 * limits, errors raised before any route or filter runs, request ids, trusted proxies, and the
 * 503 of an instance that is shutting down.
 */

export const BODY_LIMIT_BYTES = 1024 * 1024;
/**
 * Path parameters of any length a request line can carry (Node refuses headers over 16 KiB)
 * reach the route and its validation, so a long id is a wrong type like any other; Fastify's
 * default of 100 answered 414 with its own uncoded body.
 */
export const MAX_PARAM_LENGTH = 1024 * 1024;

/**
 * Errors Fastify's router raises before any route runs (a path parameter that is not valid
 * percent-encoding, or longer than MAX_PARAM_LENGTH) answer as the route answers an id that is
 * not an integer (a wrong type): in the upgrade routes' own shape there (upgrades
 * owns it), 422 1030 elsewhere, instead of Fastify's uncoded 400/414 body.
 */
function answerRouterError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? `a path parameter is longer than ${MAX_PARAM_LENGTH} characters`
      : 'a path parameter is not valid percent-encoding';
  const refusal = isUpgradeRoute(request.url)
    ? upgradeRouteRefusal(422, message)
    : new ValidationFailedError([message]);
  void reply.status(refusal.httpStatus).send(refusal.body());
}

/** Seconds a client is told to wait (Retry-After) when this instance is shutting down. */
export const SHUTDOWN_RETRY_AFTER_SECONDS = 5;

/**
 * Nest's adapter with a JSON parser that refuses bodies nested deeper than MAX_JSON_DEPTH
 * before parsing them (400 1032), so no deeper value ever reaches the validation pipe, whose
 * recursion would overflow the stack.
 */
class AirfleetFastifyAdapter extends FastifyAdapter {
  override registerParserMiddleware(prefix?: string, rawBody?: boolean): void {
    if (this.isParserRegistered) {
      return;
    }
    super.registerParserMiddleware(prefix, rawBody);
    const fastify = this.getInstance();
    const parseJson = fastify.getDefaultJsonParser('error', 'error');
    fastify.removeContentTypeParser('application/json');
    fastify.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES },
      (request, body, done) => {
        const text = typeof body === 'string' ? body : body.toString('utf8');
        if (jsonDeeperThan(text)) {
          done(jsonTooDeep(), undefined);
          return;
        }
        void parseJson(request, text, (error: Error | null, value?: unknown) => {
          if (!error) {
            markParsed(text, value);
          }
          done(error, value);
        });
      },
    );
  }
}

/** Fastify's own malformed-JSON error code, which the error filter answers as 400 1032. */
function jsonTooDeep(): Error {
  return Object.assign(new Error(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`), {
    statusCode: 400,
    code: 'FST_ERR_CTP_INVALID_JSON_BODY',
  });
}

/**
 * Errors Node's HTTP parser raises before a request exists (no route, no Nest filter): answered
 * as JSON like every other error. Headers too large: 431 1033; a timeout: 408;
 * anything else unparsable: 400 1032.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) {
    return;
  }
  const [status, body] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, { msg: 'Request headers too large', error_code: ApiErrorCode.PayloadTooLarge }]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, { msg: 'Request timeout' }]
        : [400, { msg: 'Malformed HTTP request', error_code: ApiErrorCode.MalformedJson }];
  const json = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy(error);
}

/**
 * The Fastify adapter: 1 MiB body limit, one request id shared with the logs and the reply,
 * X-Forwarded-For believed only through the proxies TRUST_PROXY names (the socket's
 * address otherwise, so a client cannot choose its own rate-limit bucket), and JSON for errors
 * raised before routing (431, and 503 1040 with Retry-After for requests that arrive while the
 * instance shuts down, in place of Fastify's own return503OnClosing body).
 */
export function createFastifyAdapter(trustProxy: AppConfig['trustProxy']): FastifyAdapter {
  const adapter = new AirfleetFastifyAdapter({
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: answerRouterError,
    trustProxy,
    logger: false,
    // No Nest middleware anywhere (logging is a Fastify hook): without @fastify/middie no request
    // runs its onRequest hook. A module that adds middleware must remove this line.
    skipMiddie: true,
    return503OnClosing: false,
    clientErrorHandler,
    genReqId: (req: IncomingMessage & { id?: string }) => {
      const given = req.headers['x-request-id'];
      const id = typeof given === 'string' && /^[\w.-]{1,100}$/.test(given) ? given : randomUUID();
      req.id = id; // the request log's serializer reads it from the raw request
      return id;
    },
  });
  const fastify = adapter.getInstance();
  let closing = false;
  fastify.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  fastify.addHook('onRequest', (_request, reply, done) => {
    if (!closing) {
      done();
      return;
    }
    void reply
      .code(503)
      .header('Connection', 'close')
      .header('Retry-After', String(SHUTDOWN_RETRY_AFTER_SECONDS))
      .send({
        msg: 'Service is shutting down, retry later',
        error_code: ApiErrorCode.ServiceUnavailable,
      });
  });
  return adapter;
}
