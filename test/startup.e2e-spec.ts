import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { bootstrap, reportStartFailure } from '../src/main';
import { createPostgresDatabase, DATABASES } from './harness/app';
import { freePort } from './harness/ports';
import { captureOutput, setEnv } from './harness/process-io';

const ROOT = join(__dirname, '..');

const sqlitePath = () => join(mkdtempSync(join(tmpdir(), 'airfleet-start-')), 'airfleet.sqlite');

/**
 * Runs src/main.ts's start-up in this process with `env` added to the environment, as
 * `node dist/src/main.js` would: `work` gets the started app (or the start-up error) and what the
 * start wrote on stdout and stderr. The app is closed afterwards and its signal handlers removed.
 */
async function started(
  env: Record<string, string>,
  work: (run: { stdout: string; stderr: string; error?: unknown }) => Promise<void> | void,
): Promise<void> {
  const restoreEnv = setEnv({ LOG_LEVEL: 'silent', ...env });
  const signals = { SIGTERM: process.listeners('SIGTERM'), SIGINT: process.listeners('SIGINT') };
  const run = await captureOutput(() =>
    bootstrap().then(
      (app) => ({ app, error: undefined }),
      (failure: unknown) => {
        reportStartFailure(failure);
        return { app: undefined, error: failure };
      },
    ),
  );
  try {
    await work({ stdout: run.stdout, stderr: run.stderr, error: run.result.error });
  } finally {
    await run.result.app?.close();
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      process
        .listeners(signal)
        .filter((listener) => !signals[signal].includes(listener))
        .forEach((listener) => process.removeListener(signal, listener));
    }
    restoreEnv();
  }
}

describe.each(DATABASES)('starting the service [%s]', (db) => {
  let env: Record<string, string>;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    if (db === 'postgres') {
      const database = await createPostgresDatabase();
      // PostgreSQL gets the demo organisation only when asked for (CONTRACT 9)
      env = { DATABASE_URL: database.url, DEMO: 'true' };
      drop = database.drop;
    } else {
      env = { DATABASE_PATH: sqlitePath() };
    }
  });
  afterAll(async () => drop?.());

  it('serves the API on first start and prints a token that works', async () => {
    const port = await freePort();
    await started({ ...env, PORT: String(port) }, async ({ stdout, error }) => {
      expect(error).toBeUndefined();
      const token = /Access token \(shown once\): (af_\S+)/.exec(stdout)?.[1];
      // a random password for the demo admin, printed once beside the token (CONTRACT 9)
      const password = /Browser sign-in: demo@airfleet\.local \/ (\S+) at /.exec(stdout)?.[1];
      expect(password).toMatch(/^[\w-]{20}$/);
      const base = `http://127.0.0.1:${port}`;
      await request(base).get('/health').expect(200, { status: 'ok', database: 'up' });
      const res = await request(base)
        .get('/v1/location_networks/list_networks')
        .set('Authorization', `Bearer ${token}`)
        .expect(200);
      expect(res.body.status).toBe(200);
      await request(base).get('/v1/location_networks/list_networks').expect(401);
    });

    // a second start on the same database prints no new token
    await started({ ...env, PORT: String(port) }, ({ stdout, error }) => {
      expect(error).toBeUndefined();
      expect(stdout).toContain('Airfleet is listening');
      expect(stdout).not.toContain('Access token');
    });
  });

  it('stops with a message on a bad configuration value', async () => {
    await started(
      { ...env, PORT: 'not-a-port', HEARTBEAT_TIMEOUT_SECONDS: '-5' },
      ({ stderr, error }) => {
        expect(error).toBeDefined();
        expect(stderr).toContain('Invalid configuration');
        expect(stderr).toContain('PORT="not-a-port"');
        expect(stderr).toContain('HEARTBEAT_TIMEOUT_SECONDS="-5"');
      },
    );
  });
});

describe('starting the service as a process (the one real start)', () => {
  it('listens, prints a token that works, and exits 0 on SIGTERM', async () => {
    const port = await freePort();
    const child = spawn(
      process.execPath,
      ['-r', 'ts-node/register/transpile-only', 'src/main.ts'],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          LOG_LEVEL: 'silent',
          DATABASE_PATH: sqlitePath(),
          PORT: String(port),
        },
      },
    );
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      const token = await new Promise<string>((resolve, reject) => {
        let stdout = '';
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString();
          const match = /Access token \(shown once\): (af_\S+)/.exec(stdout);
          if (match && stdout.includes('Airfleet is listening')) {
            resolve(match[1]);
          }
        });
        void exited.then((code) => reject(new Error(`exited ${code} before listening`)));
      });
      await request(`http://127.0.0.1:${port}`)
        .get('/v1/location_networks/list_networks')
        .set('Authorization', `Bearer ${token}`)
        .expect(200);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });
});
