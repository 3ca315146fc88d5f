import { randomUUID } from 'node:crypto';
import { IncomingMessage, STATUS_CODES } from 'node:http';
import { Socket } from 'node:net';
import { INestApplication } from '@nestjs/common';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { Logger } from 'pino';
import { AppConfig } from './config/app-config';
import metadata from './metadata';
import { addStandardResponses } from './common/openapi/standard-responses';
import { StatusMessageError, ValidationFailedError } from './common/errors';
import { ApiErrorCode } from './common/errors';
import { jsonDeeperThan, MAX_JSON_DEPTH } from './common/limits/json-depth';
import { helmetHeaders } from './common/http/security-headers';
import { AppLogger } from './common/logging/app-logger';
import { APP_LOG } from './common/logging/logger-options';
import { logRequests } from './common/logging/request-log';
import { HttpMetrics } from './metrics/metrics.module';
import { registerWebPlugins } from './web/web.setup';

export const BODY_LIMIT_BYTES = 1024 * 1024;
/** Helmet's default policy, sent only on HTTPS requests. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Path parameters of any length a request line can carry (Node refuses headers over 16 KiB)
 * reach the route and its validation, so a long id is a wrong type like any other; Fastify's
 * default of 100 answered 414 with its own uncoded body.
 */
export const MAX_PARAM_LENGTH = 1024 * 1024;

/**
 * Errors Fastify's router raises before any route runs (a path parameter that is not valid
 * percent-encoding, or longer than MAX_PARAM_LENGTH) answer as the route answers an id that is
 * not an integer (CONTRACT 9: a wrong type): 422 `{message, status}` on the upgrade routes
 * (SPEC 4.4's error shape), 422 1030 elsewhere, instead of Fastify's uncoded 400/414 body.
 */
function answerRouterError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? `a path parameter is longer than ${MAX_PARAM_LENGTH} characters`
      : 'a path parameter is not valid percent-encoding';
  const refusal = request.url.startsWith('/upgrades/')
    ? new StatusMessageError(422, message)
    : new ValidationFailedError([message]);
  void reply.status(refusal.httpStatus).send(refusal.body());
}

/** Seconds a client is told to wait (Retry-After) when this instance is shutting down. */
export const SHUTDOWN_RETRY_AFTER_SECONDS = 5;

/**
 * Nest's adapter with a JSON parser that refuses bodies nested deeper than MAX_JSON_DEPTH
 * before parsing them (400 1032), so no deeper value ever reaches the validation pipe, whose
 * recursion would overflow the stack (CONTRACT 9).
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
        void parseJson(request, text, done);
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
 * as JSON like every other error (CONTRACT 9). Headers too large: 431 1033; a timeout: 408;
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
 * X-Forwarded-For believed only through the proxies TRUST_PROXY names (CONTRACT 9; the socket's
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

/** Every tag an operation may carry, with its description (all declared in the document). */
export const OPENAPI_TAGS: Record<string, string> = {
  'location networks': 'Location networks: groups of devices and SSIDs (SPEC 4.1)',
  'access points': 'The device inventory: provisioning, moves, status, uplinks (SPEC 4.2)',
  'network ssids': 'SSIDs of location networks (SPEC 4.3)',
  upgrades: 'Firmware upgrades, JSON variant (SPEC 4.4); errors answer `{message, status}`',
  'init templates': 'Uplink (init) templates applied by apply_configuration (CONTRACT 5)',
  'network templates': 'Network templates used by config_rollback (CONTRACT 5)',
  'network access': "Members' grants on networks (CONTRACT 3 and 9)",
  tags: 'Device tags (CONTRACT 5)',
  rollouts:
    'Staged firmware rollouts that halt above a failure threshold and may revert (DEVICES 6); role admin',
  overview: 'Counts of the whole fleet: networks, devices up and down, upgrades (DEVICES 7)',
  device:
    'The device half (DEVICES 2 to 5): access points check in and fetch their configuration with HTTP Basic (MAC, factory secret)',
  tokens: "The caller's own access tokens (CONTRACT 9)",
  admin: 'Platform administration, super administrators only (CONTRACT 5)',
  operations: 'Health and metrics for load balancers and monitoring (CONTRACT 1); no token',
};

/** The OpenAPI document served at /docs-json (and committed as openapi.json). */
export function openApiDocument(app: INestApplication) {
  const builder = new DocumentBuilder()
    .setTitle('Airfleet API')
    .setDescription(
      'Multi-tenant cloud controller for fleets of Wi-Fi access points. Authenticate with ' +
        '`Authorization: Bearer <token>` (or an `access_token` query or body parameter). ' +
        'Errors answer `{msg, error_code}` unless an operation documents another shape.',
    )
    .setVersion('1')
    .setLicense('MIT', 'https://opensource.org/licenses/MIT')
    .addServer('/', 'This instance')
    .addBearerAuth({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'opaque',
      description: 'Access token',
    })
    .addBasicAuth(
      {
        type: 'http',
        scheme: 'basic',
        description:
          'Device credentials (DEVICES 2): user name = the MAC as 12 hex digits or ' +
          '`AA-BB-CC-DD-EE-FF`, password = the factory secret. Only on /device/v1 routes.',
      },
      'device',
    )
    .addSecurityRequirements('bearer');
  for (const [name, description] of Object.entries(OPENAPI_TAGS)) {
    builder.addTag(name, description);
  }
  return addStandardResponses(SwaggerModule.createDocument(app, builder.build()));
}

/** Everything main.ts and the test harness both apply before listening. */
export async function configureApp(app: NestFastifyApplication): Promise<void> {
  app.useLogger(app.get(AppLogger));
  app.flushLogs();
  const securityHeaders = await helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        scriptSrc: ["'self'"],
        // Plain-HTTP deployments (and localhost) must keep their own scheme for assets and forms.
        upgradeInsecureRequests: null,
      },
    },
    // CONTRACT 9: HSTS only on HTTPS (the hook below); a plain-HTTP answer must not pin the host.
    hsts: false,
  });
  await registerWebPlugins(app);
  const metrics = app.get(HttpMetrics);
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onSend', (request, reply, payload, done) => {
    void reply.headers(securityHeaders).header('x-request-id', request.id);
    if (request.protocol === 'https') {
      void reply.header('strict-transport-security', HSTS);
    }
    done(null, payload);
  });
  logRequests(fastify, app.get<symbol, Logger>(APP_LOG));
  fastify.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.record(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  // What the swagger compiler plugin reads from the DTO types (scripts/openapi-metadata.ts).
  await SwaggerModule.loadPluginMetadata(metadata);
  SwaggerModule.setup('docs', app, () => openApiDocument(app), {
    jsonDocumentUrl: 'docs-json',
    swaggerOptions: { persistAuthorization: true },
  });
}
