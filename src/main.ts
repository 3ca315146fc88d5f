process.env.TZ = 'UTC';

import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApp } from './app.factory';
import { ConfigurationError, loadAppConfig } from './config/app-config';
import { DemoService } from './demo/demo.service';

/** Starts the service as `node dist/src/main.js` does and resolves to the listening app. */
export async function bootstrap(): Promise<NestFastifyApplication> {
  const config = loadAppConfig();
  const app = await createApp(config);
  drainOnSignals(app);
  const seed = await app.get(DemoService).seedOnFirstStart();
  await app.listen(config.port, '0.0.0.0');
  const base = `http://localhost:${config.port}`;
  const lines = [`Airfleet is listening on ${base} (Swagger UI: ${base}/docs)`];
  if (seed) {
    lines.push(
      'A demo organisation was created on this first start.',
      `  Access token (shown once): ${seed.token}`,
      `  Browser sign-in: ${seed.email} / ${seed.password} at ${base}/login`,
      `  Try: curl -H "Authorization: Bearer ${seed.token}" ${base}/v1/location_networks/list_networks`,
      `  A demo access point (DEVICES 2): curl -u ${seed.device.mac_id.replace(/:/g, '')}:${seed.device.secret} -X POST ${base}/device/v1/checkin`,
      `  Watch a fleet move: npm run simulate -- --url ${base} --token <a super-admin token> (README: Fleet simulator)`,
    );
  }
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
  return app;
}

/**
 * SIGTERM/SIGINT: stop accepting connections, let in-flight requests finish, close the database,
 * then exit 0 (Nest's own shutdown hooks would re-raise the signal and exit with it instead).
 */
function drainOnSignals(app: NestFastifyApplication): void {
  const drain = (signal: NodeJS.Signals) => {
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

/** Says on stderr why the service could not start (the process then exits 1). */
export function reportStartFailure(error: unknown): void {
  if (error instanceof ConfigurationError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Airfleet failed to start: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
  }
}

if (require.main === module) {
  bootstrap().catch((error: unknown) => {
    reportStartFailure(error);
    process.exit(1);
  });
}
