import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { answerMismatches, DocBlock, markedBlocks } from '../../scripts/doc-blocks';
import { freePort, waitUntil } from '../harness/ports';

const ROOT = join(__dirname, '..', '..');
const PAGES = ['README.md', 'docs/getting-started.md'];
const TAG = 'first-steps';
/** Printed between two blocks' outputs, so that each block's output can be told apart. */
const SEPARATOR = '@@first-steps block done@@';

/** A block and the page it comes from, for messages. */
interface PageBlock extends DocBlock {
  page: string;
}

const blocksOf = (page: string): PageBlock[] =>
  markedBlocks(readFileSync(join(ROOT, page), 'utf8'), TAG, page).map((block) => ({
    ...block,
    page,
  }));

/**
 * A user's shell environment: this process's without what jest and npm add, and without the
 * database and Redis settings a developer's shell may hold, plus a fresh SQLite data folder and
 * a free port (the pages say port 3000; the blocks are run with this one instead).
 */
function userEnvironment(dataFolder: string, port: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^(JEST_|npm_|NODE_ENV$|DATABASE_URL$|REDIS_URL$|DEMO$|PORT$|AIRFLEET_)/.test(key)) {
      env[key] = value;
    }
  }
  return { ...env, DATABASE_PATH: join(dataFolder, 'airfleet.sqlite'), PORT: String(port) };
}

const onPort = (code: string, port: number) =>
  code.replaceAll('localhost:3000', `localhost:${port}`);

/** The commands of the start banner's "Try the API" part, continuation lines joined. */
function bannerCommands(stdout: string, heading: string): string {
  const lines = stdout.split('\n');
  const start = lines.findIndex((line) => line === heading);
  expect(start).toBeGreaterThan(0);
  const commands: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (!line.startsWith('  ')) {
      break;
    }
    commands.push(line.trim());
  }
  return commands.join('\n');
}

/**
 * What a new user does, pasted in order from README.md and docs/getting-started.md: the README's
 * start command on a fresh SQLite data folder, the banner's own "Try the API" and demo device
 * lines, then every block the guide marks, run one after the other in one bash (variables carry
 * over as in a terminal), each checked against the answer the page shows under it.
 */
describe('the first steps of the README and the getting-started guide, pasted in order', () => {
  const blocks = PAGES.flatMap(blocksOf);
  let server: ChildProcess | undefined;
  let stdout = '';
  let env: NodeJS.ProcessEnv;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    env = userEnvironment(mkdtempSync(join(tmpdir(), 'airfleet-first-steps-')), port);
    const [start, ...others] = blocks;
    expect(start).toMatchObject({ kind: 'start', page: 'README.md', code: 'npm start' });
    expect(others.every((block) => block.kind === 'run')).toBe(true);
    // its own process group, so that npm, sh and node all stop together
    server = spawn('bash', ['-c', start.code], { cwd: ROOT, env, detached: true });
    server.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    server.stderr!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    // npm start builds first when dist/ is older than the sources (a minute or two)
    await waitUntil(
      () => /Airfleet is listening[\s\S]*\n=+\n/.test(stdout) || server!.exitCode !== null,
      240_000,
      'the start banner',
    );
    expect(server.exitCode).toBeNull();
  }, 300_000);

  afterAll(async () => {
    if (server?.pid !== undefined && server.exitCode === null) {
      const exited = once(server, 'exit');
      process.kill(-server.pid, 'SIGTERM');
      await exited;
    }
  });

  it('marks the start, and at least the token, network, device, SSID and check-in steps', () => {
    const code = blocks.map((block) => block.code).join('\n');
    for (const step of [
      'token:create',
      '/v1/admin/hardware_parts',
      '/v1/admin/master_inventory',
      '/v1/location_networks',
      '/v1/access_points/provisioning',
      '/v1/network_ssids',
      '/device/v1/checkin',
      '/device/v1/config',
    ]) {
      expect(code).toContain(step);
    }
  });

  it('runs every command as pasted, each printing the answer its page shows', async () => {
    const steps = [
      bannerCommands(stdout, 'Try the API with that token:'),
      bannerCommands(stdout, 'A demo access point checks in (docs/devices.md):'),
      ...blocks.slice(1).map((block) => onPort(block.code, port)),
    ];
    const script = ['set -eo pipefail', ...steps.map((step) => `${step}\necho '${SEPARATOR}'`)];
    const shell = spawn('bash', ['-c', script.join('\n')], { cwd: ROOT, env });
    let output = '';
    let errors = '';
    shell.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    shell.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    const [code] = (await once(shell, 'exit')) as [number];

    const outputs = output.split(`${SEPARATOR}\n`);
    const finished = outputs.length - 1;
    // steps 0 and 1 are the banner's; step k after them is blocks[k - 1] (blocks[0] is the start)
    const failedStep =
      finished < 2
        ? "the banner's commands"
        : `${blocks[finished - 1]?.page}:${blocks[finished - 1]?.line}`;
    expect({
      code,
      failed: code === 0 ? undefined : failedStep,
      stderr: code === 0 ? undefined : errors,
    }).toEqual({ code: 0, failed: undefined, stderr: undefined });

    // the banner's own commands: the demo token reads the demo network, the demo device checks in
    expect(JSON.parse(outputs[0])).toMatchObject({
      data: { networks: [{ network_name: 'Demo Lobby' }] },
      status: 200,
    });
    expect(JSON.parse(outputs[1])).toMatchObject({ status: 200, checkin_interval: 60 });

    const mismatches = blocks.slice(1).flatMap((block, index) => {
      if (block.answer === undefined) {
        return [];
      }
      const printed = outputs[index + 2];
      let actual: unknown;
      try {
        actual = JSON.parse(printed);
      } catch {
        return [`${block.page}:${block.line}: printed ${JSON.stringify(printed)}, not JSON`];
      }
      return answerMismatches(actual, block.answer).map((m) => `${block.page}:${block.line}: ${m}`);
    });
    expect(mismatches).toEqual([]);
    expect(blocks.filter((block) => block.answer !== undefined).length).toBeGreaterThanOrEqual(9);
  }, 120_000);
});
