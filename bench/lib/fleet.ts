/**
 * What the write scenarios rotate over, read back from the seeded database: the devices in the
 * steady state: recorded UP (`heartbeats.up`) and recorded running their current
 * configuration revision. A heartbeat of such a device is a plain write (the check-in's group
 * commit, the admin heartbeat's one upsert); a device recorded DOWN or never heard from, or one
 * reporting a revision not yet recorded, is a transition written in a change of its own with
 * its event, which the bench does not mean to measure as the steady state. `loadFleet` records
 * each rotated device's current revision as the one it runs (the seed cannot: the revision is
 * computed here, by the bare server's rule, which the byte comparison checks against Airfleet's).
 */
import { DataSource } from 'typeorm';
import {
  canonicalSsids,
  configRevision,
  NetworkFacts,
  SsidRow,
  UplinkRow,
} from '../bare/config-revision';
import { deviceSecret } from './seed';

export interface Fleet {
  /** Up to 10,000 MACs of organisation 1's devices recorded UP (the admin heartbeat). */
  heartbeatMacs: string[];
  /** Every device recorded UP: its check-in credentials and current configuration revision. */
  checkins: { authorization: string; revision: string }[];
}

interface DeviceRow {
  id: number;
  organisation_id: number;
  mac_id: string;
  name: string | null;
  location_network_id: number | null;
  network_name: string | null;
  timezone: string | null;
}

const BATCH = 50_000;

async function canonicalSsidsByNetwork(dataSource: DataSource): Promise<Map<number, string>> {
  const ssidRows: SsidRow[] = await dataSource.query(
    `SELECT "id", "location_network_id", "ssid_name", "settings", "associated_aps_and_tags",
       "dhcp_mappings", "dhcp_ranges", "v_lan_attributes" FROM "network_ssids"`,
  );
  const ssidsByNetwork = new Map<number, SsidRow[]>();
  for (const row of ssidRows) {
    const network = Number(row.location_network_id);
    ssidsByNetwork.set(network, [
      ...(ssidsByNetwork.get(network) ?? []),
      { ...row, id: Number(row.id), location_network_id: network },
    ]);
  }
  return new Map([...ssidsByNetwork].map(([network, rows]) => [network, canonicalSsids(rows)]));
}

async function uplinksBetween(
  dataSource: DataSource,
  after: number,
  last: number,
): Promise<Map<number, UplinkRow[]>> {
  const uplinks = new Map<number, UplinkRow[]>();
  const rows: { id: number; device_id: number; uplink_type: string; details: string }[] =
    await dataSource.query(
      `SELECT "id", "device_id", "uplink_type", "details" FROM "uplinks"
       WHERE "is_deleted" = FALSE AND "device_id" > ${after} AND "device_id" <= ${last}`,
    );
  for (const row of rows) {
    const device = Number(row.device_id);
    uplinks.set(device, [
      ...(uplinks.get(device) ?? []),
      {
        id: Number(row.id),
        uplink_type: row.uplink_type,
        details: JSON.parse(row.details) as Record<string, unknown>,
      },
    ]);
  }
  return uplinks;
}

/** Records these devices' revisions as the ones they run: one UPDATE per batch. */
async function recordApplied(
  dataSource: DataSource,
  applied: { id: number; revision: string }[],
): Promise<void> {
  if (applied.length === 0) {
    return;
  }
  const ids = applied.map((a) => a.id);
  const revisions = applied.map((a) => a.revision);
  if (dataSource.options.type === 'postgres') {
    await dataSource.query(
      `UPDATE "heartbeats" h SET "applied_revision" = v.r
       FROM unnest($1::int[], $2::text[]) AS v(id, r) WHERE h."device_id" = v.id`,
      [ids, revisions],
    );
    return;
  }
  await dataSource.query(
    `UPDATE "heartbeats" SET "applied_revision" = v.value ->> '$[1]'
     FROM json_each(?) AS v WHERE "heartbeats"."device_id" = v.value ->> '$[0]'`,
    [JSON.stringify(applied.map((a) => [a.id, a.revision]))],
  );
}

/**
 * The devices recorded UP, read in batches by id: each one's check-in credentials and current
 * configuration revision (recorded as the one it runs), and up to 10,000 MACs of organisation 1.
 */
export async function loadFleet(dataSource: DataSource): Promise<Fleet> {
  const canonical = await canonicalSsidsByNetwork(dataSource);
  const fleet: Fleet = { heartbeatMacs: [], checkins: [] };
  for (let after = 0; ;) {
    const devices: DeviceRow[] = await dataSource.query(
      `SELECT d."id", d."organisation_id", d."mac_id", d."name", d."location_network_id",
         n."network_name", n."timezone"
       FROM "devices" d
       JOIN "heartbeats" h ON h."device_id" = d."id" AND h."up" = TRUE
       LEFT JOIN "location_networks" n ON n."id" = d."location_network_id"
       WHERE d."id" > ${after} ORDER BY d."id" LIMIT ${BATCH}`,
    );
    if (devices.length === 0) {
      return fleet;
    }
    const last = Number(devices[devices.length - 1].id);
    const uplinks = await uplinksBetween(dataSource, after, last);
    const applied: { id: number; revision: string }[] = [];
    for (const device of devices) {
      const id = Number(device.id);
      const networkId =
        device.location_network_id === null ? null : Number(device.location_network_id);
      const network: NetworkFacts | null =
        networkId === null
          ? null
          : { id: networkId, network_name: device.network_name!, timezone: device.timezone! };
      const hex = device.mac_id.replace(/:/g, '');
      const revision = configRevision(
        device,
        network,
        networkId === null ? '[]' : (canonical.get(networkId) ?? '[]'),
        uplinks.get(id) ?? [],
      );
      applied.push({ id, revision });
      fleet.checkins.push({
        authorization: `Basic ${Buffer.from(`${hex}:${deviceSecret(hex)}`).toString('base64')}`,
        revision,
      });
      if (Number(device.organisation_id) === 1 && fleet.heartbeatMacs.length < 10_000) {
        fleet.heartbeatMacs.push(device.mac_id);
      }
    }
    await recordApplied(dataSource, applied);
    after = last;
  }
}
