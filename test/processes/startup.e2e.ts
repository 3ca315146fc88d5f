import { spawn } from 'node:child_process';
import { createServer, Socket } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { bootstrap, reportStartFailure } from '../../src/main';
import { createPostgresDatabase, DATABASES } from '../harness/app';
import { serviceArgs } from '../harness/compiled-service';
import { freePort } from '../harness/ports';
import { captureOutput, setEnv } from '../harness/process-io';

const ROOT = join(__dirname, '..', '..');

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

/** The framed block that ends the start-up output (nothing is printed after it). */
function lastFrame(stdout: string): string[] {
  const lines = stdout.trimEnd().split('\n');
  const end = lines.length - 1;
  expect(lines[end]).toMatch(/^=+$/);
  const start = lines.lastIndexOf(lines[end], end - 1);
  expect(start).toBeGreaterThanOrEqual(0);
  return lines.slice(start, end + 1);
}

describe.each(DATABASES)('starting the service [%s]', (db) => {
  let env: Record<string, string>;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    if (db === 'postgres') {
      const database = await createPostgresDatabase();
      // PostgreSQL gets the demo organisation only when asked for
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
      // a random password for the demo admin, printed once beside the token
      const password = /Browser sign-in: demo@airfleet\.local \/ (\S+)$/m.exec(stdout)?.[1];
      expect(password).toMatch(/^[\w-]{20}$/);
      // the block between two rules is the last thing printed: console, Swagger UI, token and
      // sign-in, within 80 columns
      const block = lastFrame(stdout);
      expect(block.every((line) => line.length <= 80)).toBe(true);
      expect(block.slice(1, 7)).toEqual([
        `Airfleet is listening on http://localhost:${port}`,
        '',
        `  Console:     http://localhost:${port}/overview`,
        `  Swagger UI:  http://localhost:${port}/docs`,
        `  OpenAPI:     http://localhost:${port}/docs-json`,
        '',
      ]);
      expect(block.join('\n')).toContain(`Access token (shown once): ${token}`);
      const base = `http://127.0.0.1:${port}`;
      await request(base).get('/health').expect(200, { status: 'ok', database: 'up' });
      const res = await request(base)
        .get('/v1/location_networks/list_networks')
        .set('Authorization', `Bearer ${token}`)
        .expect(200);
      expect(res.body.status).toBe(200);
      await request(base).get('/v1/location_networks/list_networks').expect(401);
    });

    // a second start on the same database prints no new token, but how to get one
    await started({ ...env, PORT: String(port) }, ({ stdout, error }) => {
      expect(error).toBeUndefined();
      expect(stdout).toContain('Airfleet is listening');
      expect(stdout).not.toContain('Access token');
      const block = lastFrame(stdout).slice(-3);
      expect(block[0]).toMatch(/^Need an access token\? Issue one /);
      expect(block[1]).toBe('  npm run --silent cli -- token:create --user <user id>');
      expect(block[2]).toMatch(/^=+$/);
    });
  });

  it('says in one line that the port is taken and which variable to change', async () => {
    const port = await freePort();
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(port, '0.0.0.0', resolve));
    try {
      await started({ ...env, PORT: String(port) }, ({ stdout, stderr, error }) => {
        expect(error).toBeDefined();
        expect(stderr).toBe(
          `Airfleet cannot listen on port ${port}: it is already in use. ` +
            'Stop the other process or set PORT to a free port (e.g. PORT=3000).\n',
        );
        expect(stdout).not.toContain('Airfleet is listening');
      });
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
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

describe('starting on an unreachable PostgreSQL', () => {
  const withDatabaseUrl = (url: string) =>
    started({ DATABASE_URL: url, PORT: '0' }, ({ stdout, stderr, error }) => {
      expect(error).toBeDefined();
      expect(stdout).toBe('');
      // one line naming DATABASE_URL, the password masked, no stack trace
      expect(stderr.split('\n')).toEqual([
        expect.stringMatching(
          /^Airfleet cannot reach the database at DATABASE_URL=postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:\d+\/airfleet \(.+\): start PostgreSQL or correct DATABASE_URL\.$/,
        ),
        '',
      ]);
    });

  it('stops within 10 s when the connection is refused', async () => {
    const port = await freePort();
    const begun = Date.now();
    await withDatabaseUrl(`postgres://postgres:s3cret@127.0.0.1:${port}/airfleet`);
    expect(Date.now() - begun).toBeLessThan(10_000);
  });

  it('stops within 10 s when the server never answers', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    try {
      const begun = Date.now();
      await withDatabaseUrl(`postgres://postgres:s3cret@127.0.0.1:${port}/airfleet`);
      expect(Date.now() - begun).toBeLessThan(10_000);
    } finally {
      sockets.forEach((socket) => socket.destroy());
      await new Promise((resolve) => silent.close(resolve));
    }
  }, 20_000);
});

describe('starting the service as a process (the one real start)', () => {
  it('listens, prints a token that works, and exits 0 on SIGTERM', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, serviceArgs('main'), {
      cwd: ROOT,
      env: {
        ...process.env,
        LOG_LEVEL: 'silent',
        DATABASE_PATH: sqlitePath(),
        PORT: String(port),
      },
    });
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
