import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Device } from '../src/devices/device.entity';
import { startApp, TestApp } from './harness/app';
import { unique } from './harness/fixtures';

const ROOT = join(__dirname, '..');
const CLIENT = join(ROOT, 'clients', 'typescript');
const bin = (path: string) => join(ROOT, 'node_modules', path);

/**
 * The typed client of the README (clients/typescript): its types are those openapi-typescript
 * generates from the committed openapi.json (`npm run client:types`), and the example compiles
 * against them and lists the devices of a running service. So neither can rot unseen.
 */
describe('the typed TypeScript client (clients/typescript)', () => {
  it('has the types openapi-typescript generates from openapi.json (else: npm run client:types)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'airfleet-client-'));
    try {
      const generated = join(dir, 'airfleet.d.ts');
      execFileSync(
        process.execPath,
        [bin('openapi-typescript/bin/cli.js'), 'openapi.json', '-o', generated],
        { cwd: ROOT, stdio: 'pipe' },
      );
      const fresh = readFileSync(generated, 'utf8');
      const committed = readFileSync(join(CLIENT, 'airfleet.d.ts'), 'utf8');
      expect({ stale: fresh !== committed }).toEqual({ stale: false });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('has an example that type-checks against the generated types', () => {
    const check = () =>
      execFileSync(
        process.execPath,
        [bin('typescript/bin/tsc'), '--noEmit', '-p', join(CLIENT, 'tsconfig.json')],
        { cwd: ROOT, stdio: 'pipe', encoding: 'utf8' },
      );
    expect(check).not.toThrow();
  });

  describe('run against the service', () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await startApp('sqlite');
      await t.app.listen(0, '127.0.0.1');
    }, 120_000);

    afterAll(async () => {
      await t?.close();
    });

    it('lists the devices of the organisation with a token', async () => {
      const admin = await t.fixtures.admin();
      const device = await t.fixtures.save(Device, {
        mac_id: t.fixtures.mac(),
        organisation_id: admin.orgId,
        name: 'lobby-ap',
        serial: unique('SN'),
      });
      const base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
      const run = (token: string) =>
        promisify(execFile)(
          process.execPath,
          ['-r', 'ts-node/register/transpile-only', join(CLIENT, 'list-devices.ts')],
          {
            cwd: ROOT,
            env: {
              ...process.env,
              AIRFLEET_URL: base,
              AIRFLEET_TOKEN: token,
              TS_NODE_PROJECT: join(CLIENT, 'tsconfig.json'),
            },
          },
        );
      const { stdout } = await run(admin.token);
      expect(stdout).toBe(`${device.mac_id} lobby-ap\n`);
      await expect(run('not-a-token')).rejects.toThrow('1028: ');
    });
  });
});
