import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { createPostgresDatabase, DATABASES } from './harness/app';

const ROOT = join(__dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Starts src/main.ts as `npm start` would and collects its output. */
function startMain(env: Record<string, string>) {
  const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', 'src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
  });
  const output = { stdout: '', stderr: '' };
  child.stdout.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output, exited };
}

async function waitFor(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) {
      throw new Error('timed out');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each(DATABASES)('starting the service [%s]', (db) => {
  let env: Record<string, string>;
  let drop: (() => Promise<void>) | undefined;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    if (db === 'postgres') {
      const database = await createPostgresDatabase();
      // PostgreSQL gets the demo organisation only when asked for (CONTRACT 9)
      env = { DATABASE_URL: database.url, DEMO: 'true' };
      drop = database.drop;
    } else {
      env = {
        DATABASE_PATH: join(mkdtempSync(join(tmpdir(), 'airfleet-start-')), 'airfleet.sqlite'),
      };
    }
  });
  afterAll(async () => {
    child?.kill('SIGTERM');
    await drop?.();
  });

  it('serves the API on first start and prints a token that works', async () => {
    const port = await freePort();
    const main = startMain({ ...env, PORT: String(port) });
    child = main.child;
    await waitFor(() => /Access token \(shown once\): (af_\S+)/.test(main.output.stdout), 90_000);
    const token = /Access token \(shown once\): (af_\S+)/.exec(main.output.stdout)![1];
    // a random password for the demo admin, printed once beside the token (CONTRACT 9)
    const password = /Browser sign-in: demo@airfleet\.local \/ (\S+) at /.exec(
      main.output.stdout,
    )?.[1];
    expect(password).toMatch(/^[\w-]{20}$/);
    const base = `http://127.0.0.1:${port}`;
    await request(base).get('/health').expect(200, { status: 'ok', database: 'up' });
    const res = await request(base)
      .get('/v1/location_networks/list_networks')
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    expect(res.body.status).toBe(200);
    await request(base).get('/v1/location_networks/list_networks').expect(401);
    main.child.kill('SIGTERM');
    await main.exited;

    // a second start on the same database prints no new token
    const again = startMain({ ...env, PORT: String(port) });
    child = again.child;
    await waitFor(() => again.output.stdout.includes('Airfleet is listening'), 90_000);
    expect(again.output.stdout).not.toContain('Access token');
    again.child.kill('SIGTERM');
    await again.exited;
  });

  it('stops with a message and a non-zero exit on a bad configuration value', async () => {
    const main = startMain({ ...env, PORT: 'not-a-port', HEARTBEAT_TIMEOUT_SECONDS: '-5' });
    child = main.child;
    expect(await main.exited).toBe(1);
    expect(main.output.stderr).toContain('Invalid configuration');
    expect(main.output.stderr).toContain('PORT="not-a-port"');
    expect(main.output.stderr).toContain('HEARTBEAT_TIMEOUT_SECONDS="-5"');
  });
});
