process.env.TZ = 'UTC';

import { NestFactory } from '@nestjs/core';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from './app.module';
import { configureApp, createFastifyAdapter } from './app.setup';
import { ConfigurationError, loadAppConfig } from './config/app-config';
import { DemoService } from './demo/demo.service';

async function bootstrap(): Promise<void> {
  const config = loadAppConfig();
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config),
    createFastifyAdapter(config.trustProxy),
    { bufferLogs: true },
  );
  await configureApp(app);
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
    );
  }
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
}

bootstrap().catch((error: unknown) => {
  if (error instanceof ConfigurationError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Airfleet failed to start: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
  }
  process.exit(1);
});
