import { NestFactory } from '@nestjs/core';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule, AppModuleOptions } from './app.module';
import { createFastifyAdapter } from './app.http';
import { configureApp } from './app.setup';
import { AppConfig } from './config/app-config';

export interface CreateAppOptions extends AppModuleOptions {
  /**
   * In process (tests, scripts): no Nest start-up logging, and a failing start rejects instead
   * of exiting the process.
   */
  embedded?: boolean;
}

/**
 * The whole application for one validated configuration, set up exactly as main.ts serves it
 * (adapter, plugins, hooks, OpenAPI), not yet listening. main.ts, the test harness and the
 * OpenAPI script all build it here.
 */
export async function createApp(
  config: AppConfig,
  options: CreateAppOptions = {},
): Promise<NestFastifyApplication> {
  const { embedded, ...moduleOptions } = options;
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config, moduleOptions),
    createFastifyAdapter(config.trustProxy),
    embedded
      ? { logger: false, abortOnError: false }
      : // A failing start rejects (main.ts prints one line): the buffered start-up logs, with
        // TypeORM's retry stack traces, are printed only once the start has succeeded.
        { bufferLogs: true, autoFlushLogs: false, abortOnError: false },
  );
  await configureApp(app);
  return app;
}
