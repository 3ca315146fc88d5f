import { randomUUID } from 'node:crypto';
import { IncomingMessage } from 'node:http';
import helmet from '@fastify/helmet';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { Logger } from 'nestjs-pino';
import { ValidationFailedError } from './common/errors';
import { HttpMetrics } from './metrics/metrics.module';
import { upgradeNotFound } from './upgrades/upgrades.errors';
import { registerWebPlugins } from './web/web.setup';

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
 * not an integer: 404 `{message, status}` on the upgrade routes (SPEC 4.4), 422 1030 elsewhere,
 * instead of Fastify's uncoded 400/414 body (CONTRACT 8: every error body carries its code).
 */
function answerRouterError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const refusal = request.url.startsWith('/upgrades/')
    ? upgradeNotFound()
    : new ValidationFailedError([
        error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? `a path parameter is longer than ${MAX_PARAM_LENGTH} characters`
          : 'a path parameter is not valid percent-encoding',
      ]);
  void reply.status(refusal.httpStatus).send(refusal.body());
}

/** The Fastify adapter: 1 MiB body limit, one request id shared with the logs and the reply. */
export function createFastifyAdapter(): FastifyAdapter {
  return new FastifyAdapter({
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: answerRouterError,
    trustProxy: true,
    logger: false,
    genReqId: (req: IncomingMessage) => {
      const given = req.headers['x-request-id'];
      const id = typeof given === 'string' && /^[\w.-]{1,100}$/.test(given) ? given : randomUUID();
      req.id = id; // pino-http's default genReqId reads req.id, so logs and reply share it
      return id;
    },
  });
}

export function openApiDocument(app: NestFastifyApplication) {
  const config = new DocumentBuilder()
    .setTitle('Airfleet API')
    .setDescription(
      'Multi-tenant cloud controller for fleets of Wi-Fi access points. Authenticate with ' +
        '`Authorization: Bearer <token>` (or an `access_token` query or body parameter). ' +
        'Errors answer `{msg, error_code}` unless an operation documents another shape.',
    )
    .setVersion('1')
    .addBearerAuth({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'opaque',
      description: 'Access token',
    })
    .addSecurityRequirements('bearer')
    .build();
  return SwaggerModule.createDocument(app, config);
}

/** Everything main.ts and the test harness both apply before listening. */
export async function configureApp(app: NestFastifyApplication): Promise<void> {
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  await app.register(helmet, {
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
  });
  await registerWebPlugins(app);
  const metrics = app.get(HttpMetrics);
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onSend', (request, reply, payload, done) => {
    void reply.header('x-request-id', request.id);
    done(null, payload);
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.record(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  SwaggerModule.setup('docs', app, () => openApiDocument(app), {
    jsonDocumentUrl: 'docs-json',
    swaggerOptions: { persistAuthorization: true },
  });
}
