import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DeviceTransitionsRepository } from '../../src/device-state/device-transitions.repository';
import { HeartbeatsRepository } from '../../src/device-state/heartbeats.repository';
import { onBothDatabases } from '../harness/app';
import { gatewayFixtures } from '../harness/device-gateway.helpers';

/** Where the committed SQL lives: one file per repository and database. */
const SQL_DIR = join(__dirname, '..', '..', 'sql');

/**
 * The SQL of the hot statements is committed (`sql/<repository>.<database>.sql`), so
 * that a reviewer sees each query and its changes in a diff; this test fails when the code sends
 * other text than the file holds. `UPDATE_SQL=1 npx jest test/device-gateway -t hot-sql` writes
 * the files anew.
 */
function expectCommitted(file: string, statements: Record<string, string>): void {
  const text = Object.entries(statements)
    .map(([title, sql]) => `-- ${title}\n${sql.trim()};\n`)
    .join('\n');
  const path = join(SQL_DIR, file);
  if (process.env.UPDATE_SQL === '1') {
    writeFileSync(path, text);
  }
  expect({ file, text: existsSync(path) ? readFileSync(path, 'utf8') : '(missing)' }).toEqual({
    file,
    text,
  });
}

onBothDatabases('the committed SQL of the hot statements', (t) => {
  const g = gatewayFixtures(t);
  const only = (statements: string[], pattern: RegExp) => {
    const found = statements.filter((sql) => pattern.test(sql));
    expect(found).toHaveLength(1);
    return found[0];
  };

  it('is what the check-in path sends', async () => {
    const admin = await t().fixtures.admin();
    const network = await t().fixtures.network(admin.orgId);
    const [a, b] = [
      await g.device(admin.orgId, { networkId: network.id }),
      await g.device(admin.orgId),
    ];
    const uncached = await t().statementsOf(() => g.checkin(a.auth).expect(200));
    const cached = await t().statementsOf(() => g.checkin(a.auth).expect(200));
    const heartbeats = t().app.get(HeartbeatsRepository);
    const at = new Date();
    const two = await t().statementsOf(() =>
      heartbeats.upsertCheckins(
        [a, b].map(({ device }) => ({
          device_id: device.id,
          organisation_id: admin.orgId,
          at,
          network_name: null,
          public_ip: '10.0.0.1',
        })),
        true, // as the group commit writes them
      ),
    );
    const up = await t().statementsOf(() =>
      heartbeats.upAmong(admin.orgId, [a.device.id, b.device.id], at),
    );
    const states = t().app.get(DeviceTransitionsRepository);
    const sweep = await t().statementsOf(() => states.sweepDown(new Date(0)));
    const markUp = await t().statementsOf(() => states.markUp(admin.orgId, a.device.id));
    expectCommitted(`gateway-reads.repository.${t().db}.sql`, {
      'a device by MAC, with its credentials (GatewayReadsRepository.byMac, batched)': only(
        uncached,
        /^SELECT mi\."secret_hash"/,
      ),
      'a device by id (GatewayReadsRepository.byDevice, batched)': only(cached, /^SELECT d\."id"/),
    });
    expectCommitted(`heartbeats.repository.${t().db}.sql`, {
      'the heartbeat of one check-in (HeartbeatsRepository.upsertCheckins)': only(
        cached,
        /^INSERT INTO "heartbeats"/,
      ),
      'the heartbeats of a batch of two check-ins': only(two, /^INSERT INTO "heartbeats"/),
      'which devices are UP (HeartbeatsRepository.upAmong)': only(up, /^SELECT h\."device_id"/),
      'the DOWN sweep, every second on every instance (DeviceTransitionsRepository.sweepDown)':
        only(sweep, /^UPDATE "heartbeats" SET "up" = false/),
      'a device recorded UP by its heartbeat (DeviceTransitionsRepository.markUp)': only(
        markUp,
        /^UPDATE "heartbeats" SET "up" = true/,
      ),
    });
  });
});

onBothDatabases('the committed SQL of the fleet reads', (t) => {
  const g = gatewayFixtures(t);

  it('is what the overview and the fleet status send', async () => {
    const admin = await t().fixtures.admin();
    const network = await t().fixtures.network(admin.orgId);
    const { auth } = await g.device(admin.orgId, { networkId: network.id });
    await g.checkin(auth).expect(200);
    const get = (path: string) => () => t().http().get(path).set(admin.auth).expect(200);
    const overview = await t().statementsOf(get('/v1/overview'));
    const statuses = await t().statementsOf(get('/v1/access_points/statuses'));
    const selects = (statements: string[]) =>
      statements.filter((sql) => /^SELECT/.test(sql) && !/"access_tokens"|"users"/.test(sql));
    expectCommitted(`fleet-reads.${t().db}.sql`, {
      ...Object.fromEntries(
        selects(overview).map((sql, k) => [`GET /v1/overview, statement ${k + 1}`, sql]),
      ),
      ...Object.fromEntries(
        selects(statuses).map((sql, k) => [
          `GET /v1/access_points/statuses, statement ${k + 1}`,
          sql,
        ]),
      ),
    });
  });
});
