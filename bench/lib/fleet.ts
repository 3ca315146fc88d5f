/**
 * What the write scenarios rotate over, read back from the seeded database: the devices in the
 * steady state: recorded UP (`heartbeats.up`) and recorded running their current
 * configuration revision. A heartbeat of such a device is a plain write (the check-in's group
 * commit, the admin heartbeat's one upsert); a device recorded DOWN or never heard from, or one
 * reporting a revision not yet recorded, is a transition written in a change of its own with
 * its event, which the bench does not mean to measure as the steady state. `loadFleet` records
 * each rotated device's current revision, the one stored with the device (the seed stores it as
 * the migration that added the column does), as the one it runs.
 */
import { DataSource } from 'typeorm';
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
  config_revision: string;
}

const BATCH = 50_000;

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
  const fleet: Fleet = { heartbeatMacs: [], checkins: [] };
  for (let after = 0; ;) {
    const devices: DeviceRow[] = await dataSource.query(
      `SELECT d."id", d."organisation_id", d."mac_id", d."config_revision"
       FROM "devices" d
       JOIN "heartbeats" h ON h."device_id" = d."id" AND h."up" = TRUE
       WHERE d."id" > ${after} ORDER BY d."id" LIMIT ${BATCH}`,
    );
    if (devices.length === 0) {
      return fleet;
    }
    const last = Number(devices[devices.length - 1].id);
    const applied: { id: number; revision: string }[] = [];
    for (const device of devices) {
      const hex = device.mac_id.replace(/:/g, '');
      const revision = device.config_revision;
      applied.push({ id: Number(device.id), revision });
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
