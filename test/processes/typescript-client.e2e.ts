import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Device } from '../../src/devices/device.entity';
import { onDatabase } from '../harness/app';
import { unique } from '../harness/fixtures';

const ROOT = join(__dirname, '..', '..');
const CLIENT = join(ROOT, 'clients', 'typescript');

/**
 * The typed client (clients/typescript, docs/api.md) lists the devices of a running service.
 * `npm run lint` (client:lint) checks the rest: its types are those openapi-typescript generates
 * from the committed openapi.json (`npm run client:types`), and the example compiles against them.
 * So neither can rot unseen.
 */
onDatabase('sqlite', 'the typed TypeScript client (clients/typescript)', (t) => {
  it('lists the devices of the organisation with a token', async () => {
    const admin = await t().fixtures.admin();
    const device = await t().fixtures.save(Device, {
      mac_id: t().fixtures.mac(),
      organisation_id: admin.orgId,
      name: 'lobby-ap',
      serial: unique('SN'),
    });
    const run = (token: string) =>
      promisify(execFile)(
        process.execPath,
        ['-r', 'ts-node/register/transpile-only', join(CLIENT, 'list-devices.ts')],
        {
          cwd: ROOT,
          env: {
            ...process.env,
            AIRFLEET_URL: t().url,
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
