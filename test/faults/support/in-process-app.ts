import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApp } from '../../../src/app.factory';
import { loadAppConfig } from '../../../src/config/app-config';
import { Fixtures } from '../../harness/fixtures';

export interface InProcessApp {
  app: NestFastifyApplication;
  fixtures: Fixtures;
  /** `http://127.0.0.1:PORT` of the listening app. */
  base: string;
  close(): Promise<void>;
}

/** The whole application in the test process, listening on a free port of 127.0.0.1. */
export async function startInProcess(env: Record<string, string>): Promise<InProcessApp> {
  const config = loadAppConfig({ RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'silent', ...env });
  const app = await createApp(config, { embedded: true });
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as { port: number };
  return {
    app,
    fixtures: new Fixtures(app),
    base: `http://127.0.0.1:${port}`,
    close: () => app.close(),
  };
}
