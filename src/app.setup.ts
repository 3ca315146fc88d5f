import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule } from '@nestjs/swagger';
import { Logger } from 'pino';
import metadata from './metadata';
import { openApiDocument } from './app.openapi';
import { helmetHeaders } from './common/http/security-headers';
import { AppLogger } from './common/logging/app-logger';
import { APP_LOG } from './common/logging/logger-options';
import { logRequests } from './common/logging/request-log';
import { HttpMetrics } from './metrics/metrics.module';
import { registerWebPlugins } from './web/web.setup';

/** Helmet's default policy, sent only on HTTPS requests. */
const HSTS = 'max-age=31536000; includeSubDomains';

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
    // HSTS only on HTTPS (the hook below); a plain-HTTP answer must not pin the host.
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
