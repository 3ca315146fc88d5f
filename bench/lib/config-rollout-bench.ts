/**
 * The configuration rollout bench, PostgreSQL, Airfleet alone (the bare server has no rollouts):
 * what a running configuration rollout costs the check-ins of its devices.
 *
 * One organisation with two networks of NETWORK_DEVICES devices each (bench/lib/seed.ts). In the
 * first, a draft (its SSID renamed, a second one added) is published in stages [99, 100] with a
 * watch of a day: the first stage opens at once and its devices are given the draft; each of
 * them then checks in twice, outside the rounds, to take its new revision and report running it,
 * so that the rounds measure a rollout's steady state (its devices watched, nothing to decide),
 * not its transitions. The rounds alternate, on a fresh server each, the check-in of the second
 * network's devices (no rollout) and the check-in of the rollout's devices; the figure is the CPU
 * (server + PostgreSQL) of the second over the first.
 */
import { DataSource } from 'typeorm';
import { Bench, say } from './bench';
import { createBenchDatabase } from './database';
import { loadFleet } from './fleet';
import { CONNECTIONS } from './load';
import { BenchOptions } from './options';
import { RoundResult } from './report';
import { Scenario } from './scenarios';
import { deviceSecret, seed } from './seed';

export const CHECKIN_CONFIG_ROLLOUT = 'checkin-config-rollout';
export const CONFIG_ROLLOUT_SCENARIO_IDS = [CHECKIN_CONFIG_ROLLOUT];

/** Devices in each of the two networks. */
export const NETWORK_DEVICES = 10_000;
const json = { 'content-type': 'application/json' };

/** A device that checks in: its Basic credentials and the revision it runs. */
interface Rotated {
  authorization: string;
  revision: string;
}

export interface ConfigRolloutRow {
  /** `checkin-no-rollout` or `checkin-config-rollout`. */
  scenario: string;
  label: string;
  rounds: RoundResult[];
}

export interface ConfigRolloutResult {
  networkDevices: number;
  seedMs: number;
  /** The rollout's devices in its opened stage, recorded UP, that the rounds rotate over. */
  rolloutDevices: number;
  /** The second network's devices recorded UP, that the rounds rotate over. */
  plainDevices: number;
  rows: ConfigRolloutRow[];
}

const credentials = (mac: string) => {
  const hex = mac.replace(/:/g, '');
  return `Basic ${Buffer.from(`${hex}:${deviceSecret(hex)}`).toString('base64')}`;
};

const checkinBody = (revision: string, n: number) =>
  JSON.stringify({ firmware_version: '1.2.3', uptime_seconds: 60 + n, config_revision: revision });

/** A check-in scenario rotating over `devices`, each reporting the revision it runs. */
function rotation(id: string, label: string, devices: Rotated[]): Scenario {
  let n = 0;
  const probe = {
    method: 'POST' as const,
    path: '/device/v1/checkin',
    headers: { authorization: devices[0].authorization, ...json },
    body: checkinBody(devices[0].revision, 0),
  };
  return {
    id,
    label,
    short: label,
    probe,
    requests: () => [
      {
        method: 'POST',
        path: '/device/v1/checkin',
        setupRequest: (request) => {
          const k = n++;
          const device = devices[k % devices.length];
          return {
            ...request,
            headers: { authorization: device.authorization, ...json },
            body: checkinBody(device.revision, k),
          };
        },
      },
    ],
  };
}

/** The UP devices of a network (recorded UP by the seed), with what they run. */
async function upDevices(dataSource: DataSource, networkId: number, stage?: number) {
  const rows: { mac_id: string; applied_revision: string }[] = await dataSource.query(
    `SELECT d."mac_id", h."applied_revision" FROM "devices" d
     JOIN "heartbeats" h ON h."device_id" = d."id" AND h."up" = TRUE
     ${stage === undefined ? '' : `JOIN "config_rollout_devices" crd ON crd."device_id" = d."id" AND crd."stage" = ${stage}`}
     WHERE d."location_network_id" = $1 ORDER BY d."id"`,
    [networkId],
  );
  return rows.map((row) => ({ mac: row.mac_id, revision: row.applied_revision }));
}

async function call(url: string, token: string, method: string, path: string, body: unknown) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...json },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { data: Record<string, unknown> };
  if (response.status !== 200) {
    throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  }
  return answer.data;
}

/**
 * Each device checks in with the revision it ran, takes the one it is given now, and checks in
 * again reporting it (CONNECTIONS at a time): the revisions they run afterwards.
 */
async function prime(url: string, devices: { mac: string; revision: string }[]) {
  const primed: Rotated[] = new Array<Rotated>(devices.length);
  let next = 0;
  let unchanged = 0;
  const checkIn = async (authorization: string, revision: string) => {
    const response = await fetch(`${url}/device/v1/checkin`, {
      method: 'POST',
      headers: { authorization, ...json },
      body: checkinBody(revision, 0),
    });
    const answer = (await response.json()) as { config: { revision: string } | null };
    if (response.status !== 200) {
      throw new Error(`a priming check-in answered ${response.status}`);
    }
    return answer.config?.revision ?? revision;
  };
  const worker = async () => {
    for (let k = next++; k < devices.length; k = next++) {
      const authorization = credentials(devices[k].mac);
      const given = await checkIn(authorization, devices[k].revision);
      if (given === devices[k].revision) {
        unchanged++;
      }
      await checkIn(authorization, given);
      primed[k] = { authorization, revision: given };
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  if (unchanged > 0) {
    throw new Error(`${unchanged} devices of the opened stage were not given the draft`);
  }
  return primed;
}

/** The configuration rollout bench (see above). */
export async function configRolloutBench(
  options: BenchOptions,
  env: Record<string, string>,
): Promise<ConfigRolloutResult> {
  const started = Date.now();
  const database = await createBenchDatabase('postgres');
  try {
    say(`config rollout: seeding two networks of ${NETWORK_DEVICES.toLocaleString('en')} devices`);
    const seeded = await seed(database.dataSource, 'postgres', {
      devices: 2 * NETWORK_DEVICES,
      spare: 0,
      organisations: 1,
      networksPerOrganisation: 2,
      networklessEvery: 0,
    });
    await loadFleet(database.dataSource);
    const seedMs = Date.now() - started;
    const bench = new Bench(options, 'postgres', {
      ...database.env,
      ...env,
      FLEET_SAMPLE_SECONDS: '86400',
    });
    const [rolloutNetwork, plainNetwork] = [1, 2];
    const token = seeded.tokens[0];
    const server = await bench.start('airfleet');
    let rolloutDevices: Rotated[];
    try {
      await call(server.url, token, 'PUT', `/v1/location_networks/${rolloutNetwork}/draft`, {
        draft: { ssids: [{ ssid_name: 'Bench Staff' }, { ssid_name: 'Bench Guest' }] },
      });
      const published = await call(
        server.url,
        token,
        'POST',
        `/v1/location_networks/${rolloutNetwork}/draft/publish`,
        { publish: { stages: [99, 100], watch_seconds: 86400, max_failure_percent: 100 } },
      );
      const rollout = published.config_rollout as { id: number };
      say(`config rollout ${rollout.id}: its first stage's devices take and report the draft`);
      rolloutDevices = await prime(
        server.url,
        await upDevices(database.dataSource, rolloutNetwork, 1),
      );
      const [{ state }]: { state: string }[] = await database.dataSource.query(
        `SELECT "state" FROM "config_rollouts" WHERE "id" = $1`,
        [rollout.id],
      );
      if (state !== 'running') {
        throw new Error(`the bench's configuration rollout is ${state}, not running`);
      }
    } finally {
      await server.stop();
    }
    const plainDevices = (await upDevices(database.dataSource, plainNetwork)).map(
      ({ mac, revision }) => ({ authorization: credentials(mac), revision }),
    );
    const measured = [
      rotation(
        'checkin-no-rollout',
        `check-in, steady state, no rollout (${plainDevices.length.toLocaleString('en')} devices of a network UP rotating)`,
        plainDevices,
      ),
      rotation(
        CHECKIN_CONFIG_ROLLOUT,
        `check-in of a running configuration rollout's devices, watched (${rolloutDevices.length.toLocaleString('en')} devices UP rotating)`,
        rolloutDevices,
      ),
    ];
    const rows: ConfigRolloutRow[] = measured.map((scenario) => ({
      scenario: scenario.id,
      label: scenario.label,
      rounds: [],
    }));
    for (let round = 1; round <= options.rounds; round++) {
      for (const [index, scenario] of measured.entries()) {
        rows[index].rounds.push(await bench.round('airfleet', scenario, round));
      }
    }
    return {
      networkDevices: NETWORK_DEVICES,
      seedMs,
      rolloutDevices: rolloutDevices.length,
      plainDevices: plainDevices.length,
      rows,
    };
  } finally {
    await database.dispose(options.keep);
    if (options.keep) {
      say(`config rollout: kept ${database.where}`);
    }
  }
}
