import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { runCli } from '../../src/cli';
import { captureOutput, setEnv } from '../harness/process-io';

const ROOT = join(__dirname, '..', '..');

/**
 * Another process (the service, in life) holding SQLite's write lock: it opens the file, writes in
 * a transaction, says "holding" and commits `ms` later.
 */
async function holdWriteLock(path: string, ms: number): Promise<ChildProcess> {
  const script = `
    const db = new (require('better-sqlite3'))(process.argv[1]);
    db.pragma('journal_mode = WAL');
    db.exec('BEGIN IMMEDIATE');
    db.prepare('UPDATE organisations SET name = name').run();
    process.stdout.write('holding\\n');
    setTimeout(() => { db.exec('COMMIT'); db.close(); }, Number(process.argv[2]));`;
  const holder = spawn(process.execPath, ['-e', script, path, String(ms)], { cwd: ROOT });
  const [chunk] = (await once(holder.stdout, 'data')) as [Buffer];
  expect(chunk.toString()).toBe('holding\n');
  return holder;
}

async function cli(env: Record<string, string>, ...args: string[]) {
  const restoreEnv = setEnv(env);
  try {
    return await captureOutput(() =>
      runCli(['node', 'src/cli.ts', ...args], { stdin: Readable.from(['']) }),
    );
  } finally {
    restoreEnv();
  }
}

// `npm run cli -- user:create` while the service wrote to the same SQLite file failed
// with "database is locked" at once. The CLI now waits for the lock (busy_timeout) as the service
// does, then writes.
describe('the CLI while another process writes to the SQLite file', () => {
  it('waits for the write lock, then creates the user', async () => {
    const env = { DATABASE_PATH: join(mkdtempSync(join(tmpdir(), 'airfleet-lock-')), 'a.sqlite') };
    const org = await cli(env, 'org:create', '--name', 'Busy');
    expect(org.result).toBe(0);
    const orgId = String((JSON.parse(org.stdout) as { id: number }).id);

    const holder = await holdWriteLock(env.DATABASE_PATH, 1500);
    // Listened for before the CLI runs: the holder may exit while the CLI is still writing, and
    // an 'exit' already emitted would never resolve a later once().
    const holderExited = once(holder, 'exit');
    const started = Date.now();
    const user = await cli(env, 'user:create', '--org', orgId, '--email', 'ops@busy.test');
    const waited = Date.now() - started;
    await holderExited;

    expect(user.stderr).toBe('');
    expect(user.result).toBe(0);
    expect(JSON.parse(user.stdout)).toMatchObject({ email: 'ops@busy.test', role: 'member' });
    expect(waited).toBeGreaterThanOrEqual(1000);
  });
});
