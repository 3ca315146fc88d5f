/**
 * The bench's fleet, written with set-based SQL (one INSERT … SELECT over a number series per
 * table) into a freshly migrated database, so that 100,000 devices seed in seconds:
 *
 * - 10 organisations, each with an admin user and an access token; 20 networks each (time zones
 *   rotate, one SSID each); 5 tags each; a released firmware 9.9.9 for every hardware part. (The
 *   plan may ask for other counts of organisations and networks: the console pages bench seeds
 *   one organisation in networks of 10,000 devices.)
 * - `devices` devices in 10 equal blocks (organisation 1 holds the first block); 95 % in a
 *   network (by default), 1 in 50 without a hardware part, 1 in 3 with a label (quotes in it,
 *   which JSON escapes); each in the master inventory with a factory secret.
 * - Uplinks: one live uplink each, a second live one for 1 in 4, a deleted one for 1 in 10.
 * - Tags: two in three devices carry one tag, 1 in 7 a second one.
 * - Upgrades: 1 in 10 devices has a pending upgrade scheduled for 2099 (shown in records, never
 *   handed out), 1 in 10 a done one, 1 in 100 a failed one.
 * - Heartbeats: 9 in 10 devices; of those, 1 in 9 is three days old (DOWN, recorded DOWN by a
 *   sweep: `up` false, `silent_since`), the others at most ten minutes old (UP with the bench's
 *   HEARTBEAT_TIMEOUT_SECONDS of a day, and recorded UP: the steady state).
 * - `spare` master-inventory entries in no inventory, and an empty network "Bulk" in
 *   organisation 1: the bulk timings provision the spares there, then roll out over it.
 *
 * Small tables get explicit ids (PostgreSQL sequences are moved past them); devices and the rows
 * hanging off them take the database's ids and are derived from the `devices` rows.
 */
import { createHash, randomBytes } from 'node:crypto';
import { DataSource, QueryRunner } from 'typeorm';
import { backfillConfigRevisions } from '../../src/database/migrations/config-revisions';

export type DatabaseKind = 'postgres' | 'sqlite';

export const ORGANISATIONS = 10;
export const NETWORKS_PER_ORGANISATION = 20;
const TAGS_PER_ORGANISATION = 5;
const PARTS = ['BENCH-P1', 'BENCH-P2', 'BENCH-P3'];
const TIME_ZONES = ['Europe/Paris', 'UTC', 'America/New_York', 'Asia/Tokyo'];
/** Devices get MACs from here on (0A:00:00:00:00:01 …). */
const MAC_BASE = 0x0a0000000000;

/** A device's factory secret, derived from its MAC so the runner can rebuild it. */
export const deviceSecret = (macHex: string) => `bench-secret-${macHex}`;

export const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export interface SeedPlan {
  devices: number;
  /** Master-inventory entries in no inventory, for the provisioning timing. */
  spare: number;
  /** Organisations sharing the devices in equal blocks (default ORGANISATIONS). */
  organisations?: number;
  /** Networks of each organisation (default NETWORKS_PER_ORGANISATION). */
  networksPerOrganisation?: number;
  /** One device in this many is in no network (default 20; 0: every device is in one). */
  networklessEvery?: number;
}

export interface Seeded {
  /** An access token of each organisation's admin, by organisation id (1-based). */
  tokens: string[];
  /** The empty network of organisation 1 that the bulk timings fill. */
  bulkNetworkId: number;
  /** The spare MACs, colon form. */
  spareMacs: string[];
}

/** The few expressions in which SQLite and PostgreSQL differ. */
interface SqlDialect {
  /** `WITH …` prefix and FROM item of the numbers 1..n as column `i`. */
  series(n: number): { prefix: string; from: string };
  hex12(expression: string): string;
  sha256(expression: string): string;
  /** Now minus `seconds` (an integer expression), as the timestamp columns store it. */
  secondsAgo(seconds: string): string;
}

const POSTGRES: SqlDialect = {
  series: (n) => ({ prefix: '', from: `generate_series(1, ${n}) AS s(i)` }),
  hex12: (e) => `lpad(upper(to_hex(${e})), 12, '0')`,
  sha256: (e) => `encode(sha256(convert_to(${e}, 'UTF8')), 'hex')`,
  secondsAgo: (s) =>
    `date_trunc('second', now() AT TIME ZONE 'UTC') - (${s}) * interval '1 second'`,
};

const SQLITE: SqlDialect = {
  series: (n) => ({
    prefix: `WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < ${n})`,
    from: 's',
  }),
  hex12: (e) => `printf('%012X', ${e})`,
  sha256: (e) => `bench_sha256(${e})`,
  secondsAgo: (s) => `strftime('%Y-%m-%d %H:%M:%S.000', 'now', '-' || (${s}) || ' seconds')`,
};

/** `AA:BB:CC:DD:EE:FF` from a 12-hex-digit expression. */
const colons = (hex: string) =>
  [1, 3, 5, 7, 9, 11].map((start) => `substr(${hex}, ${start}, 2)`).join(` || ':' || `);

export const macHexOf = (n: number) => (MAC_BASE + n).toString(16).toUpperCase().padStart(12, '0');
export const macOf = (n: number) => macHexOf(n).match(/.{2}/g)!.join(':');

export async function seed(
  dataSource: DataSource,
  kind: DatabaseKind,
  plan: SeedPlan,
): Promise<Seeded> {
  const sql = kind === 'postgres' ? POSTGRES : SQLITE;
  if (kind === 'sqlite') {
    // better-sqlite3 user function for the secret hashes (SQLite has no SHA-256 of its own).
    const driver = dataSource.driver as unknown as {
      databaseConnection: { function(name: string, fn: (text: string) => string): void };
    };
    driver.databaseConnection.function('bench_sha256', sha256Hex);
  }
  // One connection for the whole seed; on PostgreSQL with the foreign-key triggers off for it
  // (the rows are consistent by construction), which makes the big inserts several times faster.
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  const run = (statement: string, parameters?: unknown[]): Promise<unknown> =>
    runner.query(statement, parameters);
  if (kind === 'postgres') {
    await run(`SET session_replication_role = replica`);
  }
  try {
    return await seedRows(kind, plan, sql, run);
  } finally {
    if (kind === 'postgres') {
      await run(`RESET session_replication_role`);
    }
    await runner.release();
  }
}

async function seedRows(
  kind: DatabaseKind,
  plan: SeedPlan,
  sql: SqlDialect,
  run: (statement: string, parameters?: unknown[]) => Promise<unknown>,
): Promise<Seeded> {
  const over = (n: number, body: (from: string) => string) => {
    const series = sql.series(n);
    return run(`${series.prefix} ${body(series.from)}`);
  };
  const organisations = plan.organisations ?? ORGANISATIONS;
  const nets = plan.networksPerOrganisation ?? NETWORKS_PER_ORGANISATION;
  const networkless = plan.networklessEvery ?? 20;
  const perOrg = Math.ceil(plan.devices / organisations);
  const tokens = Array.from(
    { length: organisations },
    () => `af_${randomBytes(32).toString('base64url')}`,
  );

  await over(
    organisations,
    (from) =>
      `INSERT INTO "organisations" ("id", "name", "allowed_device_count")
       SELECT i, 'Bench organisation ' || i, 10000000 FROM ${from}`,
  );
  await over(
    organisations,
    (from) =>
      `INSERT INTO "users" ("id", "organisation_id", "email", "super_admin")
       SELECT i, i, 'admin' || i || '@bench.example', FALSE FROM ${from}`,
  );
  await over(
    organisations,
    (from) =>
      `INSERT INTO "memberships" ("id", "organisation_id", "user_id", "role")
       SELECT i, i, i, 'admin' FROM ${from}`,
  );
  for (const [index, token] of tokens.entries()) {
    await run(
      `INSERT INTO "access_tokens" ("id", "user_id", "organisation_id", "name", "token_hash") VALUES (${index + 1}, ${index + 1}, ${index + 1}, 'bench', '${sha256Hex(token)}')`,
    );
  }
  for (const [index, part] of PARTS.entries()) {
    await run(
      `INSERT INTO "hardware_parts" ("id", "part_number", "wifi_uplink", "usb") VALUES (${index + 1}, '${part}', ${index === 0 ? 'TRUE' : 'FALSE'}, ${index === 2 ? 'TRUE' : 'FALSE'})`,
    );
  }
  const zones = TIME_ZONES.map((zone, index) => `WHEN ${index} THEN '${zone}'`).join(' ');
  await over(
    organisations * nets,
    (from) =>
      `INSERT INTO "location_networks" ("id", "organisation_id", "network_name", "network_name_key", "timezone", "enable_policy", "tag_list")
       SELECT i, (i - 1) / ${nets} + 1, 'Site ' || ((i - 1) / ${nets} + 1) || '-' || ((i - 1) % ${nets} + 1),
         'site ' || ((i - 1) / ${nets} + 1) || '-' || ((i - 1) % ${nets} + 1),
         CASE i % ${TIME_ZONES.length} ${zones} END, FALSE, '[]'
       FROM ${from}`,
  );
  const bulkNetworkId = organisations * nets + 1;
  await run(
    `INSERT INTO "location_networks" ("id", "organisation_id", "network_name", "network_name_key", "timezone", "enable_policy", "tag_list")
     VALUES (${bulkNetworkId}, 1, 'Bulk', 'bulk', 'UTC', FALSE, '[]')`,
  );
  await over(
    organisations * nets,
    (from) =>
      `INSERT INTO "network_ssids" ("id", "organisation_id", "location_network_id", "ssid_name", "settings", "dhcp_ranges")
       SELECT i, (i - 1) / ${nets} + 1, i, 'Guest ' || i,
         '{"is_enabled":true,"ssid_mode":"1","nat":true,"security_mode":"wpa2","wpa_key":"guest-key-' || i || '","radio_band":"dual"}',
         '[{"START":"10.0.' || (i % 250) || '.10","END":"10.0.' || (i % 250) || '.200"}]'
       FROM ${from}`,
  );
  await over(
    organisations * TAGS_PER_ORGANISATION,
    (from) =>
      `INSERT INTO "tags" ("id", "organisation_id", "name")
       SELECT i, (i - 1) / ${TAGS_PER_ORGANISATION} + 1, 'tag-' || ((i - 1) % ${TAGS_PER_ORGANISATION} + 1) FROM ${from}`,
  );
  const urls = `'{' || ${PARTS.map((part) => `'"${part}":"https://firmware.bench.example/9.9.9/${part}.bin"'`).join(` || ',' || `)} || '}'`;
  await over(
    organisations,
    (from) =>
      `INSERT INTO "upgrade_data" ("id", "version", "url", "organisation_id", "is_released")
       SELECT i, '9.9.9', ${urls}, i, TRUE FROM ${from}`,
  );

  // The master inventory: every device, then the spares; secrets derived from the MAC.
  await over(
    plan.devices + plan.spare,
    (from) =>
      `INSERT INTO "master_inventory" ("serial", "mac_id", "hardware_part_id", "secret_hash")
       SELECT 'SN' || i, ${colons('h')}, i % ${PARTS.length} + 1, ${sql.sha256(`'bench-secret-' || h`)}
       FROM (SELECT i, ${sql.hex12(`i + ${MAC_BASE}`)} AS h FROM ${from}) x`,
  );
  // Device i: organisation by block, network by i (none for 1 in 20), part (none for 1 in 50),
  // a label for 1 in 3.
  const org = `((i - 1) / ${perOrg} + 1)`;
  const network = `(${org} - 1) * ${nets} + i % ${nets} + 1`;
  const unplaced = networkless > 0 ? `i % ${networkless} = 0` : 'FALSE';
  await over(
    plan.devices,
    (from) =>
      `INSERT INTO "devices" ("mac_id", "serial", "organisation_id", "location_network_id", "name", "label", "hardware_part_id")
       SELECT ${colons('h')}, 'SN' || i, ${org},
         CASE WHEN ${unplaced} THEN NULL ELSE ${network} END,
         CASE WHEN ${unplaced} THEN NULL ELSE 'Site ' || ${org} || '-' || (i % ${nets} + 1) END,
         CASE WHEN i % 3 = 1 THEN 'AP ' || i || ' "hall"' ELSE NULL END,
         CASE WHEN i % 50 = 7 THEN NULL ELSE i % ${PARTS.length} + 1 END
       FROM (SELECT i, ${sql.hex12(`i + ${MAC_BASE}`)} AS h FROM ${from}) x`,
  );
  await run(
    `INSERT INTO "uplinks" ("device_id", "uplink_type", "details", "is_deleted")
     SELECT d."id", '1', '{"ip_mode":"dhcp","vlan_id":"' || (d."id" % 4000 + 1) || '"}', FALSE FROM "devices" d`,
  );
  await run(
    `INSERT INTO "uplinks" ("device_id", "uplink_type", "details", "is_deleted")
     SELECT d."id", '2', '{"ssid":"backhaul","wpa_key":"backhaul-key","priority":2}', FALSE
     FROM "devices" d WHERE d."id" % 4 = 0`,
  );
  await run(
    `INSERT INTO "uplinks" ("device_id", "uplink_type", "details", "is_deleted")
     SELECT d."id", '4', '{"apn":"old"}', TRUE FROM "devices" d WHERE d."id" % 10 = 0`,
  );
  await run(
    `INSERT INTO "device_tags" ("device_id", "tag_id")
     SELECT d."id", (d."organisation_id" - 1) * ${TAGS_PER_ORGANISATION} + d."id" % ${TAGS_PER_ORGANISATION} + 1
     FROM "devices" d WHERE d."id" % 3 <> 0`,
  );
  await run(
    `INSERT INTO "device_tags" ("device_id", "tag_id")
     SELECT d."id", (d."organisation_id" - 1) * ${TAGS_PER_ORGANISATION} + (d."id" + 2) % ${TAGS_PER_ORGANISATION} + 1
     FROM "devices" d WHERE d."id" % 7 = 0 AND d."id" % 3 <> 0`,
  );
  const upgrade = (status: string, version: string, where: string, extra: string) =>
    run(
      `INSERT INTO "upgrades" ("organisation_id", "device_id", "version", "upgrade_type", "schedule_type", "schedule_at", "time_zone", "save_prev_config", "aps", "status", "completed_at")
       SELECT d."organisation_id", d."id", '${version}', 'automatic', ${extra}, FALSE,
         '["AP:' || d."id" || '"]', '${status}',
         ${status === 'pending' ? 'NULL' : sql.secondsAgo('86400')}
       FROM "devices" d WHERE ${where}`,
    );
  await upgrade(
    'pending',
    '9.9.9',
    `d."id" % 10 = 3`,
    `'later', ${kind === 'postgres' ? `'2099-01-01 00:00:00'` : `'2099-01-01 00:00:00.000'`}, 'UTC'`,
  );
  await upgrade('done', '9.0.0', `d."id" % 10 = 5`, `'now', NULL, NULL`);
  await upgrade('failed', '9.0.0', `d."id" % 100 = 9`, `'now', NULL, NULL`);
  const receivedAt = sql.secondsAgo(`CASE WHEN d."id" % 10 = 9 THEN 259200 ELSE d."id" % 600 END`);
  const down = `d."id" % 10 = 9`;
  await run(
    `INSERT INTO "heartbeats" ("device_id", "organisation_id", "name", "firmware_version", "network_name", "hardware_model", "public_ip", "received_at", "clients", "uptime_seconds", "checked_in_at", "up", "silent_since")
     SELECT d."id", d."organisation_id", 'ap-' || d."id", '1.2.' || (d."id" % 4), n."network_name", 'Bench AP',
       '198.51.100.' || (d."id" % 250 + 1), ${receivedAt}, d."id" % 30, d."id" % 86400, ${receivedAt},
       CASE WHEN ${down} THEN FALSE ELSE TRUE END, CASE WHEN ${down} THEN ${receivedAt} END
     FROM "devices" d LEFT JOIN "location_networks" n ON n."id" = d."location_network_id"
     WHERE d."id" % 10 <> 0`,
  );
  // The devices were written by hand: recount the kept device counts (README, "kept counts").
  await run(
    `UPDATE "organisations" SET "device_count" = (SELECT COUNT(*) FROM "devices" d WHERE d."organisation_id" = "organisations"."id")`,
  );
  await run(
    `UPDATE "location_networks" SET "device_count" = (SELECT COUNT(*) FROM "devices" d WHERE d."location_network_id" = "location_networks"."id")`,
  );
  // The devices were written by hand: store their configuration revisions (what the migration
  // that added the column does for existing rows).
  await backfillConfigRevisions(
    { query: run } as unknown as QueryRunner,
    kind === 'postgres' ? (n) => `$${n}` : () => '?',
    2_000,
  );
  if (kind === 'postgres') {
    for (const table of [
      'organisations',
      'users',
      'access_tokens',
      'memberships',
      'hardware_parts',
      'location_networks',
      'network_ssids',
      'tags',
      'upgrade_data',
    ]) {
      await run(
        `SELECT setval(pg_get_serial_sequence('"${table}"', 'id'), (SELECT max("id") FROM "${table}"))`,
      );
    }
    await run('ANALYZE');
  }
  const spareMacs = Array.from({ length: plan.spare }, (_, k) => macOf(plan.devices + k + 1));
  return { tokens, bulkNetworkId, spareMacs };
}
