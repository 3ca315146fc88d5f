/**
 * Benchmarks (`npm run bench`): throughput of the hot read and write paths and the latency of the
 * bulk operations, on SQLite and on PostgreSQL (a throwaway database on the local server).
 * Speed is measured here, never in the test suite. Pass `sqlite` or `postgres` to run one.
 */
import 'reflect-metadata';
process.env.TZ = 'UTC';

import autocannon from 'autocannon';
import { AddressInfo } from 'node:net';
import { Device } from '../src/devices/device.entity';
import { LocationNetwork } from '../src/networks/location-network.entity';
import { DATABASES, DatabaseKind, startApp, TestApp } from '../test/harness/app';
import { unique } from '../test/harness/fixtures';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;

interface Row {
  database: DatabaseKind;
  scenario: string;
  result: string;
}

async function throughput(
  url: string,
  requests: autocannon.Request[],
  headers: Record<string, string>,
): Promise<string> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    headers: { 'content-type': 'application/json', ...headers },
    requests,
  });
  const failed = result.non2xx + result.errors;
  return `${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms${failed ? `, ${failed} failed` : ''}`;
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

async function seed(t: TestApp) {
  const org = await t.fixtures.organisation({ allowed_device_count: 100_000 });
  const admin = await t.fixtures.admin(org.id);
  const part = await t.fixtures.hardwarePart({ wifi_uplink: true, usb: true });
  const networks: LocationNetwork[] = [];
  for (let i = 0; i < 200; i++) {
    networks.push(await t.fixtures.network(org.id, { network_name: unique('bench-net-') }));
  }
  const master = await t.fixtures.masterDevices(10_500, part);
  const inNetwork = master.slice(0, 10_000);
  for (let i = 0; i < inNetwork.length; i += 1000) {
    await t.dataSource
      .getRepository(Device)
      .createQueryBuilder()
      .insert()
      .updateEntity(false)
      .values(
        inNetwork.slice(i, i + 1000).map((m) => ({
          organisation_id: org.id,
          mac_id: m.mac_id,
          serial: m.serial,
          hardware_part_id: part.id,
          location_network_id: networks[0].id,
        })),
      )
      .execute();
  }
  await t.fixtures.upgradeData({
    organisation_id: org.id,
    version: '9.9.9',
    url: { [part.part_number]: 'https://fw/9.9.9.bin' },
  });
  return { admin, part, networks, inNetwork, spare: master.slice(10_000) };
}

async function bench(db: DatabaseKind): Promise<Row[]> {
  const t = await startApp(db, { LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0' });
  try {
    await t.app.listen(0, '127.0.0.1');
    const { port } = t.app.getHttpServer().address() as AddressInfo;
    const base = `http://127.0.0.1:${port}`;
    const data = await seed(t);
    const auth = data.admin.auth;
    const rows: Row[] = [];
    const add = (scenario: string, result: string) => {
      rows.push({ database: db, scenario, result });
      process.stderr.write(`${db}: ${scenario}: ${result}\n`);
    };

    add(
      'GET /health',
      await throughput(`${base}/health`, [{ method: 'GET', path: '/health' }], {}),
    );
    add(
      'GET list_networks, page of 100',
      await throughput(
        base,
        [{ method: 'GET', path: '/v1/location_networks/list_networks?per_page=100' }],
        auth,
      ),
    );
    const macs = data.inNetwork.slice(0, 1000).map((d) => d.mac_id);
    let next = 0;
    add(
      'POST heartbeat (1,000 devices round robin)',
      await throughput(
        base,
        [
          {
            method: 'POST',
            path: '/v1/access_points/heartbeat',
            setupRequest: (request) => ({
              ...request,
              body: JSON.stringify({
                mac_id: macs[next++ % macs.length],
                firmware_version: '1.0.0',
                public_ip: '203.0.113.7',
              }),
            }),
          },
        ],
        auth,
      ),
    );
    add(
      'GET current_status',
      await throughput(
        base,
        [{ method: 'GET', path: `/v1/access_points/current_status?mac_id=${macs[0]}` }],
        auth,
      ),
    );

    const provisioningMacs = data.spare
      .slice(0, 500)
      .map((m) => m.mac_id)
      .join(',');
    let statements = 0;
    const provisionMs = await timed(async () => {
      statements = (
        await t.statementsOf(async () => {
          const res = await fetch(`${base}/v1/access_points/provisioning`, {
            method: 'POST',
            headers: { ...auth, 'content-type': 'application/json' },
            body: JSON.stringify({ mac_id: provisioningMacs, network_id: data.networks[1].id }),
          });
          if (res.status !== 200) {
            throw new Error(`provisioning answered ${res.status}`);
          }
        })
      ).length;
    });
    add(
      'provisioning 500 MACs (one request)',
      `${provisionMs.toFixed(0)} ms, ${statements} SQL statements`,
    );

    const upgradeMs = await timed(async () => {
      statements = (
        await t.statementsOf(async () => {
          const res = await fetch(`${base}/upgrades`, {
            method: 'POST',
            headers: { ...auth, 'content-type': 'application/json', accept: 'application/json' },
            body: JSON.stringify({ upgrade: { aps: [`network:${data.networks[0].id}`] } }),
          });
          if (res.status !== 200) {
            throw new Error(`upgrade create answered ${res.status}: ${await res.text()}`);
          }
        })
      ).length;
    });
    add(
      'upgrade of a network of 10,000 devices',
      `${upgradeMs.toFixed(0)} ms, ${statements} SQL statements`,
    );

    // DEVICES 6: the same 10,000 devices staged (1,000 of them UP from the heartbeats above).
    const rolloutMs = await timed(async () => {
      statements = (
        await t.statementsOf(async () => {
          const res = await fetch(`${base}/upgrades`, {
            method: 'POST',
            headers: { ...auth, 'content-type': 'application/json', accept: 'application/json' },
            body: JSON.stringify({
              upgrade: {
                aps: [`network:${data.networks[0].id}`],
                rollout: { stages: [1, 10, 50, 100], max_failure_percent: 5, auto_revert: true },
              },
            }),
          });
          if (res.status !== 200) {
            throw new Error(`rollout create answered ${res.status}: ${await res.text()}`);
          }
        })
      ).length;
    });
    add(
      'rollout over 10,000 devices (stages 1/10/50/100)',
      `${rolloutMs.toFixed(0)} ms, ${statements} SQL statements`,
    );
    return rows;
  } finally {
    await t.close();
  }
}

async function main() {
  const chosen = process.argv
    .slice(2)
    .filter((a): a is DatabaseKind => (DATABASES as readonly string[]).includes(a));
  const rows: Row[] = [];
  for (const db of chosen.length ? chosen : DATABASES) {
    rows.push(...(await bench(db)));
  }
  const lines = [
    `Airfleet benchmark: ${CONNECTIONS} connections, ${DURATION_SECONDS} s per throughput scenario, Node ${process.version}`,
    '',
    '| database | scenario | result |',
    '|---|---|---|',
    ...rows.map((r) => `| ${r.database} | ${r.scenario} | ${r.result} |`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
