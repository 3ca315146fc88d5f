process.env.TZ = 'UTC';

import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApp } from './app.factory';
import { ALONE, serve, StartRole } from './cluster';
import { loadAppConfig } from './config/app-config';
import { DemoService } from './demo/demo.service';
import { databaseStartFailure, listenStartFailure, startFailureText } from './start-up';

/**
 * Starts the service as `node dist/src/main.js` does (one process, or one worker of
 * WEB_CONCURRENCY: src/cluster.ts) and resolves to the listening app.
 */
export async function bootstrap(role: StartRole = ALONE): Promise<NestFastifyApplication> {
  const config = loadAppConfig();
  const app = await createApp(config, { migrate: role.first }).catch((error: unknown) => {
    throw databaseStartFailure(error, config.database) ?? error;
  });
  try {
    if (role.worker !== undefined) {
      const worker = String(role.worker);
      app
        .getHttpAdapter()
        .getInstance()
        .addHook('onRequest', (_request, reply, done) => {
          reply.header('x-airfleet-worker', worker);
          done();
        });
    }
    await role.mayListen();
    // Listen before the demo seed: a taken port must not swallow the token printed once.
    await app.listen(config.port, '0.0.0.0').catch((error: unknown) => {
      throw listenStartFailure(error, config.port) ?? error;
    });
    const seed = role.first ? await app.get(DemoService).seedOnFirstStart() : null;
    drainOnSignals(app);
    // After every log line of the start, so that the token cannot scroll away.
    role.listening(`http://localhost:${config.port}`, seed);
    return app;
  } catch (error) {
    await app.close().catch(() => undefined);
    throw databaseStartFailure(error, config.database) ?? error;
  }
}

/**
 * SIGTERM/SIGINT: stop accepting connections, let in-flight requests finish, close the database,
 * then exit 0 (Nest's own shutdown hooks would re-raise the signal and exit with it instead).
 */
function drainOnSignals(app: NestFastifyApplication): void {
  let draining = false;
  const drain = (signal: NodeJS.Signals) => {
    // A worker may get both: Ctrl-C's SIGINT, and the SIGTERM its primary passes on.
    if (draining) {
      return;
    }
    draining = true;
    process.stdout.write(`Received ${signal}, finishing in-flight requests\n`);
    // The HTTP server first: Nest's close() runs the modules' destroy hooks (Redis clients…)
    // before it stops listening, while requests are still being served.
    app
      .getHttpAdapter()
      .getInstance()
      .close()
      .then(() => app.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          process.stderr.write(
            `Shutdown failed: ${error instanceof Error ? error.stack : String(error)}\n`,
          );
          process.exit(1);
        },
      );
  };
  process.once('SIGTERM', drain);
  process.once('SIGINT', drain);
}

/** Says on stderr, in one line when the user can fix it, why the service could not start. */
export function reportStartFailure(error: unknown): void {
  process.stderr.write(`${startFailureText(error)}\n`);
}

if (require.main === module) {
  Promise.resolve()
    .then(() => serve(loadAppConfig(), bootstrap))
    .catch((error: unknown) => {
      reportStartFailure(error);
      process.exit(1);
    });
}
