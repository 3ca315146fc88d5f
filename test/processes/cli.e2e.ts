import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { User } from '../../src/users/user.entity';
import { AccessToken } from '../../src/users/access-token.entity';
import { EventRecord } from '../../src/event-log/event.entity';
import { Device } from '../../src/devices/device.entity';
import { verifyPassword } from '../../src/users/password';
import { DataSource } from 'typeorm';
import { runCli } from '../../src/cli';
import { loadAppConfig } from '../../src/config/app-config';
import { dataSourceOptions } from '../../src/database/data-source-options';
import { ENTITIES } from '../../src/entities';
import { createPostgresDatabase, DATABASES } from '../harness/app';
import { serviceArgs } from '../harness/compiled-service';
import { captureOutput, setEnv } from '../harness/process-io';

const ROOT = join(__dirname, '..', '..');

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs the bootstrap CLI in this process, as `npm run cli -- ...args` would with `env`
 * added to the environment: the exit code it would exit with, and what it wrote on stdout and stderr.
 */
async function cli(env: Record<string, string>, ...args: string[]): Promise<CliResult> {
  return cliWithStdin(env, '', ...args);
}

/** As cli(), with `stdin` as what standard input holds. */
async function cliWithStdin(
  env: Record<string, string>,
  stdin: string,
  ...args: string[]
): Promise<CliResult> {
  const restoreEnv = setEnv(env);
  try {
    const run = await captureOutput(() =>
      runCli(['node', 'src/cli.ts', ...args], { stdin: Readable.from([stdin]) }),
    );
    return { code: run.result, stdout: run.stdout, stderr: run.stderr };
  } finally {
    restoreEnv();
  }
}

/** Opens the database the CLI used (as the server would) for `work`, then closes it. */
async function withDataSource<T>(
  env: Record<string, string>,
  work: (dataSource: DataSource) => Promise<T>,
): Promise<T> {
  const dataSource = await new DataSource(
    dataSourceOptions(loadAppConfig({ ...process.env, ...env }).database, ENTITIES),
  ).initialize();
  try {
    return await work(dataSource);
  } finally {
    await dataSource.destroy();
  }
}

const json = (result: CliResult) => {
  expect(result.code).toBe(0);
  expect(result.stdout.trim().split('\n')).toHaveLength(1);
  return JSON.parse(result.stdout) as Record<string, unknown>;
};

describe.each(DATABASES)('bootstrap CLI [%s]', (db) => {
  let env: Record<string, string>;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    if (db === 'postgres') {
      const database = await createPostgresDatabase();
      env = { DATABASE_URL: database.url };
      drop = database.drop;
    } else {
      env = { DATABASE_PATH: join(mkdtempSync(join(tmpdir(), 'airfleet-cli-')), 'cli.sqlite') };
    }
  });
  afterAll(async () => drop?.());

  it('creates an organisation, a user and a token, then revokes the token, printing JSON', async () => {
    const org = json(
      await cli(env, 'org:create', '--name', 'Acme Hotels', '--allowed-devices', '5'),
    );
    expect(org).toEqual({ id: expect.any(Number), name: 'Acme Hotels', allowed_device_count: 5 });

    const user = json(
      await cli(
        env,
        'user:create',
        '--org',
        String(org.id),
        '--email',
        'ops@acme.test',
        '--role',
        'admin',
        '--super-admin',
      ),
    );
    expect(user).toEqual({
      id: expect.any(Number),
      email: 'ops@acme.test',
      organisation_id: org.id,
      role: 'admin',
      super_admin: true,
    });

    const token = json(
      await cli(
        env,
        'token:create',
        '--user',
        String(user.id),
        '--name',
        'ci',
        '--expires-in-days',
        '2',
      ),
    );
    expect(token).toEqual({
      id: expect.any(Number),
      token: expect.stringMatching(/^af_/),
      expires_at: expect.any(String),
    });

    expect(json(await cli(env, 'token:revoke', '--id', String(token.id)))).toEqual({
      id: token.id,
      revoked: true,
    });
  });

  it('adds a membership (member by default), records member.added, and issues a token there', async () => {
    const home = json(await cli(env, 'org:create', '--name', 'MSP Home'));
    const customer = json(await cli(env, 'org:create', '--name', 'MSP Customer'));
    const customer2 = json(await cli(env, 'org:create', '--name', 'MSP Customer 2'));
    const user = json(
      await cli(env, 'user:create', '--org', String(home.id), '--email', 'msp@acme.test'),
    );
    expect(
      json(
        await cli(env, 'membership:add', '--user', String(user.id), '--org', String(customer.id)),
      ),
    ).toEqual({ user_id: user.id, organisation_id: customer.id, role: 'member' });
    expect(
      json(
        await cli(
          env,
          'membership:add',
          ...['--user', String(user.id), '--org', String(customer2.id), '--role', 'admin'],
        ),
      ),
    ).toEqual({ user_id: user.id, organisation_id: customer2.id, role: 'admin' });
    const again = await cli(
      env,
      'membership:add',
      ...['--user', String(user.id), '--org', String(customer.id)],
    );
    expect(again.code).not.toBe(0);
    expect(again.stdout).toBe('');
    expect(again.stderr).toContain('the user is a member of the organisation already');
    const events = await withDataSource(env, (ds) =>
      ds.getRepository(EventRecord).find({ where: { type: 'member.added' }, order: { id: 'ASC' } }),
    );
    expect(events.map((e) => [e.organisation_id, e.data, e.actor])).toEqual([
      [customer.id, { user_id: user.id, role: 'member' }, { type: 'cli' }],
      [customer2.id, { user_id: user.id, role: 'admin' }, { type: 'cli' }],
    ]);

    const token = json(
      await cli(env, 'token:create', '--user', String(user.id), '--org', String(customer.id)),
    );
    const stored = await withDataSource(env, (ds) =>
      ds.getRepository(AccessToken).findOneByOrFail({ id: token.id as number }),
    );
    expect(stored.organisation_id).toBe(customer.id);
    const stranger = json(await cli(env, 'org:create', '--name', 'MSP Stranger'));
    const refused = await cli(
      env,
      'token:create',
      ...['--user', String(user.id), '--org', String(stranger.id)],
    );
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('organisation_id does not name an organisation of the user');
  });

  it('defaults the allowed device count to 100 and the role to member', async () => {
    const org = json(await cli(env, 'org:create', '--name', 'Defaults'));
    expect(org.allowed_device_count).toBe(100);
    const user = json(
      await cli(env, 'user:create', '--org', String(org.id), '--email', 'm@defaults.test'),
    );
    expect(user).toMatchObject({ role: 'member', super_admin: false });
  });

  it('reads the password from standard input', async () => {
    const org = json(await cli(env, 'org:create', '--name', 'Stdin passwords'));
    const user = json(
      await cliWithStdin(
        env,
        'from standard input\n',
        'user:create',
        '--org',
        String(org.id),
        '--email',
        'stdin@passwords.test',
        '--password-stdin',
      ),
    );
    const stored = await withDataSource(env, (ds) =>
      ds.getRepository(User).findOneByOrFail({ id: user.id as number }),
    );
    expect(await verifyPassword('from standard input', stored.password_hash)).toBe(true);
  });

  it('seeds a demo organisation', async () => {
    expect(json(await cli(env, 'seed:demo'))).toEqual({
      organisation_id: expect.any(Number),
      user_id: expect.any(Number),
      token: expect.stringMatching(/^af_/),
      device: {
        mac_id: expect.stringMatching(/^02:AF:00:00:00:[0-9A-F]{2}$/),
        secret: expect.stringMatching(/^[\w-]{32}$/),
      },
    });
  });

  it('verifies the stored configuration revisions: none differs, then a stale one is named and exits non-zero', async () => {
    const seeded = json(await cli(env, 'seed:demo'));
    const org = String(seeded.organisation_id);
    expect(json(await cli(env, 'verify:revisions', '--org', org))).toEqual({
      checked: 1,
      mismatches: [],
    });
    const device = await withDataSource(env, async (ds) => {
      const row = await ds
        .getRepository(Device)
        .findOneByOrFail({ organisation_id: seeded.organisation_id as number });
      await ds.getRepository(Device).update(row.id, { label: 'changed by hand' });
      return row;
    });
    const stale = await cli(env, 'verify:revisions', '--org', org);
    expect(stale.code).toBe(1);
    expect(JSON.parse(stale.stdout)).toEqual({
      checked: 1,
      mismatches: [
        {
          organisation_id: seeded.organisation_id,
          device_id: device.id,
          mac_id: device.mac_id,
          stored: device.config_revision,
          computed: expect.stringMatching(/^[0-9a-f]{64}$/),
        },
      ],
    });
    expect(stale.stderr).toBe('error: 1 stored configuration revision(s) differ; see mismatches\n');
    expect(device.config_revision).toMatch(/^[0-9a-f]{64}$/);
    // Every organisation when none is named: the stale device is still found.
    const all = await cli(env, 'verify:revisions');
    expect(all.code).toBe(1);
    expect((JSON.parse(all.stdout) as { mismatches: unknown[] }).mismatches).toHaveLength(1);
    // --repair stores the computed revision: nothing differs afterwards.
    const repaired = json(await cli(env, 'verify:revisions', '--repair'));
    expect(repaired).toMatchObject({ repaired: 1 });
    expect(json(await cli(env, 'verify:revisions'))).toMatchObject({ mismatches: [] });
  });

  it('prints errors on stderr and exits non-zero', async () => {
    json(await cli(env, 'org:create', '--name', 'Taken'));
    const duplicate = await cli(env, 'org:create', '--name', 'Taken');
    expect(duplicate.code).not.toBe(0);
    expect(duplicate.stdout).toBe('');
    expect(duplicate.stderr).toContain('name has already been taken');

    const badOption = await cli(env, 'user:create', '--org', 'x', '--email', 'a@b.test');
    expect(badOption.code).not.toBe(0);
    expect(badOption.stderr).toContain('must be a positive integer');

    for (const days of ['100000000', '3651']) {
      const tooLong = await cli(env, 'token:create', '--user', '1', '--expires-in-days', days);
      expect(tooLong.code).not.toBe(0);
      expect(tooLong.stdout).toBe('');
      expect(tooLong.stderr).toContain('must be from 1 to 3650');
    }
    const hugeId = await cli(env, 'token:create', '--user', '9223372036854775808');
    expect(hugeId.code).not.toBe(0);
    expect(hugeId.stderr).toContain('must be a positive integer up to 2147483647');

    const unknown = await cli(env, 'nope');
    expect(unknown.code).not.toBe(0);
    expect(unknown.stdout).toBe('');
  });
});

/** The error line of a refused command: the API's own validation body. */
const refusedWith = (result: CliResult, errors: string) => {
  expect(result).toEqual({
    code: 1,
    stdout: '',
    stderr: `error: ${JSON.stringify({ msg: 'Invalid parameters', error_code: 1030, errors })}\n`,
  });
};

describe('bootstrap CLI validation and help (no database is opened)', () => {
  // a database the commands would fail on: validation refuses before it is opened
  const env = { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/never' };

  it("refuses what the API refuses, with the API's messages", async () => {
    refusedWith(await cli(env, 'org:create', '--name', ''), 'name should not be empty');
    refusedWith(
      await cli(env, 'org:create', '--name', 'x'.repeat(256)),
      'name must be shorter than or equal to 255 characters',
    );
    refusedWith(
      await cli(env, 'user:create', '--org', '1', '--email', 'not-an-email'),
      'email must be an email',
    );
    refusedWith(
      await cli(env, 'user:create', '--org', '1', '--email', 'a@b.test', '--password', 'short'),
      'password must be longer than or equal to 8 characters',
    );
    refusedWith(
      await cliWithStdin(
        env,
        'short\n',
        'user:create',
        '--org',
        '1',
        '--email',
        'a@b.test',
        '--password-stdin',
      ),
      'password must be longer than or equal to 8 characters',
    );
    refusedWith(
      await cli(env, 'token:create', '--user', '1', '--name', 'n'.repeat(256)),
      'name must be shorter than or equal to 255 characters',
    );
  });

  it('refuses a password given twice', async () => {
    const both = await cliWithStdin(
      env,
      'long enough password',
      'user:create',
      '--org',
      '1',
      '--email',
      'a@b.test',
      '--password',
      'long enough password',
      '--password-stdin',
    );
    expect(both).toEqual({
      code: 1,
      stdout: '',
      stderr: 'error: give --password or --password-stdin, not both\n',
    });
  });

  it('prints help on stdout and exits 0', async () => {
    const help = await cli(env, '--help');
    expect(help.code).toBe(0);
    expect(help.stderr).toBe('');
    expect(help.stdout).toContain('Usage: airfleet [options] [command]');
    expect(help.stdout).toContain('org:create [options]');
    const userHelp = await cli(env, 'user:create', '--help');
    expect(userHelp.code).toBe(0);
    expect(userHelp.stdout).toContain('--password-stdin');
  });
});

describe('bootstrap CLI as a process (the one real run, compiled as npm run build makes it)', () => {
  it('prints one JSON line on stdout and exits 0', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'airfleet-cli-')), 'cli.sqlite');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      serviceArgs('cli', 'org:create', '--name', 'Spawned'),
      {
        cwd: ROOT,
        env: { ...process.env, LOG_LEVEL: 'silent', DATABASE_PATH: path },
        timeout: 60_000,
      },
    );
    expect(stdout.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(stdout)).toEqual({
      id: expect.any(Number),
      name: 'Spawned',
      allowed_device_count: 100,
    });
  });
});
