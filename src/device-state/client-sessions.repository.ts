import { Injectable } from '@nestjs/common';
import { TransactionalRepository } from '../database/transactional-repository';
import { SqlBuilder } from '../database/dialect';
import { hydratedValue, persistedValue } from '../database/persisted-value';
import { ClientSession } from './client-session.entity';
import { OpenSessionFacts, ReportedStation } from './station-plan';

/** Which open sessions of an organisation end. */
export type EndedScope =
  /**
   * A check-in's: the device's sessions of the clients that `left` it, and the sessions on any
   * other device of the clients that `arrived` on it (they roamed), in one statement.
   */
  | { device: number; left: string[]; arrived: string[] }
  /** Every session of these devices (DOWN, removal). */
  | { devices: number[] };

/** A session that just ended, as the session that follows a roam names it. */
export interface EndedSession {
  client_mac: string;
  device_id: number;
  device_mac_id: string;
  device_name: string | null;
  run_started_at: Date;
  ip: string | null;
  hostname: string | null;
}

/** A session to start. */
export interface NewSession {
  station: ReportedStation;
  device: { id: number; mac_id: string; name: string | null };
  network: { id: number; network_name: string } | null;
  at: Date;
  roamedFrom: EndedSession | null;
}

/** The columns a new session fills, in the order of NewSession's values. */
const STARTED_COLUMNS = [
  'organisation_id',
  'client_mac',
  'device_id',
  'device_mac_id',
  'device_name',
  'network_id',
  'network_name',
  'ssid',
  'band',
  'channel',
  'rssi',
  'rssi_min',
  'tx_rate_kbps',
  'rx_rate_kbps',
  'tx_bytes',
  'rx_bytes',
  'ip',
  'hostname',
  'started_at',
  'last_seen_at',
  'run_started_at',
  'roamed_from_id',
  'roamed_from_mac_id',
  'roamed_from_name',
] as const satisfies readonly (keyof ClientSession)[];

/** The live values kept in the heartbeat record, copied into a session's row when it ends. */
const LIVE_FIELDS = [
  'channel',
  'rssi',
  'rssi_min',
  'tx_rate_kbps',
  'rx_rate_kbps',
  'tx_bytes',
  'rx_bytes',
] as const;

const SESSION = '"client_sessions"';
/** The heartbeat record of the session's device, in a statement on client_sessions. */
const OWN_HEARTBEAT = `FROM "heartbeats" h WHERE h."device_id" = ${SESSION}."device_id"`;

/**
 * The Wi-Fi client sessions: every write, each one statement whatever the number of clients.
 * A session's row is written when it starts, when a kept field changes and when it ends; its
 * live values stay in its device's heartbeat record while it is open (see ClientSession).
 */
@Injectable()
export class ClientSessionsRepository extends TransactionalRepository {
  private instant(at: Date): unknown {
    return persistedValue(this.manager, ClientSession, 'started_at', at);
  }

  /** The device's open sessions, with what a check-in compares its stations against. */
  async openOnDevice(orgId: number, deviceId: number): Promise<OpenSessionFacts[]> {
    const sql = new SqlBuilder(this.dialect);
    const rows = await this.dialect.preparedQuery<OpenSessionFacts & { client_mac: string }>(
      this.manager,
      `SELECT "client_mac", "ssid", "band", "ip", "hostname" FROM ${SESSION}
       WHERE "device_id" = ${sql.param(deviceId)} AND "ended_at" IS NULL
         AND "organisation_id" = ${sql.param(orgId)}`,
      sql.params,
    );
    return rows.map((row) => ({
      mac: row.client_mac,
      ssid: row.ssid,
      band: row.band,
      ip: row.ip,
      hostname: row.hostname,
    }));
  }

  /**
   * Ends the organisation's open sessions of `scope` at `at`, or (null) at their device's last
   * heartbeat, copying the live values from their device's heartbeat record: one conditional
   * UPDATE (only open sessions end, so of two writers one ends each). Returns those it ended.
   */
  async end(orgId: number, scope: EndedScope, at: Date | null): Promise<EndedSession[]> {
    const sql = new SqlBuilder(this.dialect);
    // The client's member of the heartbeat record, parsed once per session (not once per field).
    const member = this.dialect.jsonMember('h."stations"', `${SESSION}."client_mac"`);
    const live = `(${LIVE_FIELDS.map((field) => `"${field}"`).join(', ')}) = (SELECT ${LIVE_FIELDS.map(
      (field) => `COALESCE(${this.dialect.jsonInteger('x."m"', field)}, ${SESSION}."${field}")`,
    ).join(', ')}
      FROM (SELECT (SELECT ${member} ${OWN_HEARTBEAT}) AS "m" ${this.dialect.keepSubquery()}) x)`;
    // Never before it started (a check-in that committed later than one with a later time).
    const endedAt =
      at === null
        ? `COALESCE((SELECT h."received_at" ${OWN_HEARTBEAT}), "last_seen_at")`
        : `CASE WHEN "started_at" > ${sql.param(this.instant(at))} THEN "started_at" ELSE ${sql.param(this.instant(at))} END`;
    // Marks in the order they appear (SQLite binds by position).
    const org = sql.param(orgId);
    let condition: string;
    if ('device' in scope) {
      const device = sql.param(scope.device);
      const left = sql.inTexts('"client_mac"', scope.left);
      const otherDevice = sql.param(scope.device);
      const arrived = sql.inTexts('"client_mac"', scope.arrived);
      condition = `(("device_id" = ${device} AND ${left}) OR ("device_id" <> ${otherDevice} AND ${arrived}))`;
    } else {
      condition = sql.inIds('"device_id"', scope.devices);
    }
    const rows = await this.dialect.preparedQuery<{
      client_mac: string;
      device_id: number | string;
      device_mac_id: string;
      device_name: string | null;
      run_started_at: unknown;
      ip: string | null;
      hostname: string | null;
    }>(
      this.manager,
      `UPDATE ${SESSION} SET ${live},
         "last_seen_at" = COALESCE((SELECT h."stations_at" ${OWN_HEARTBEAT}
           AND h."stations_at" >= ${SESSION}."started_at"), "last_seen_at"),
         "ended_at" = ${endedAt}
       WHERE "organisation_id" = ${org} AND "ended_at" IS NULL AND ${condition}
       RETURNING "client_mac", "device_id", "device_mac_id", "device_name", "run_started_at",
         "ip", "hostname"`,
      sql.params,
    );
    const ended = rows.map((row) => ({
      client_mac: row.client_mac,
      device_id: Number(row.device_id),
      device_mac_id: row.device_mac_id,
      device_name: row.device_name,
      ip: row.ip,
      hostname: row.hostname,
      run_started_at: hydratedValue(
        this.manager,
        ClientSession,
        'run_started_at',
        row.run_started_at,
      ) as Date,
    }));
    return ended;
  }

  /**
   * Forgets the stations digest of these devices, whose clients roamed away: their next check-in
   * with stations compares them with their sessions again, so that one that lists a client
   * again (it roamed back) starts its session anew.
   */
  async forgetDigests(orgId: number, deviceIds: number[]): Promise<void> {
    const sql = new SqlBuilder(this.dialect);
    await this.dialect.preparedQuery(
      this.manager,
      `UPDATE "heartbeats" SET "stations_digest" = NULL
       WHERE "organisation_id" = ${sql.param(orgId)} AND ${sql.inIds('"device_id"', deviceIds)}`,
      sql.params,
    );
  }

  /**
   * Starts these sessions in one INSERT, skipping a client that has an open session in the
   * organisation (the partial unique index decides, also between instances). Returns the MACs of
   * the clients whose session started.
   */
  async start(orgId: number, sessions: readonly NewSession[]): Promise<Set<string>> {
    if (sessions.length === 0) {
      return new Set();
    }
    const metadata = this.manager.connection.getMetadata(ClientSession);
    const columns = STARTED_COLUMNS.map((property) => {
      const column = metadata.findColumnWithPropertyName(property)!;
      return [column.databaseName, this.manager.connection.driver.normalizeType(column)] as const;
    });
    const rows = sessions.map(({ station: s, device, network, at, roamedFrom }) => {
      const values: Record<(typeof STARTED_COLUMNS)[number], unknown> = {
        organisation_id: orgId,
        client_mac: s.mac,
        device_id: device.id,
        device_mac_id: device.mac_id,
        device_name: device.name,
        network_id: network?.id ?? null,
        network_name: network?.network_name ?? null,
        ssid: s.ssid,
        band: s.band,
        channel: s.channel,
        rssi: s.rssi,
        rssi_min: s.rssi,
        tx_rate_kbps: s.tx_rate_kbps,
        rx_rate_kbps: s.rx_rate_kbps,
        tx_bytes: s.tx_bytes,
        rx_bytes: s.rx_bytes,
        // A roaming client keeps the address and host name its entry omits.
        ip: s.ip ?? roamedFrom?.ip,
        hostname: s.hostname ?? roamedFrom?.hostname,
        started_at: at,
        last_seen_at: at,
        run_started_at: roamedFrom?.run_started_at ?? at,
        roamed_from_id: roamedFrom?.device_id,
        roamed_from_mac_id: roamedFrom?.device_mac_id,
        roamed_from_name: roamedFrom?.device_name,
      };
      return STARTED_COLUMNS.map((column) =>
        persistedValue(this.manager, ClientSession, column, values[column]),
      );
    });
    const names = columns.map(([name]) => `"${name}"`).join(', ');
    const selected = columns.map(([name]) => `t."${name}"`).join(', ');
    const inserted = await this.dialect.preparedQuery<{ client_mac: string }>(
      this.manager,
      `INSERT INTO ${SESSION} (${names})
       SELECT ${selected} FROM ${this.dialect.recordsTable(1, columns)} WHERE true ORDER BY t.ordinal
       ON CONFLICT DO NOTHING
       RETURNING "client_mac"`,
      this.dialect.recordsValues(rows, columns.length),
    );
    return new Set(inserted.map((row) => row.client_mac));
  }

  /** Writes the new SSID, band, address or host name of open sessions of the device. */
  async describe(orgId: number, deviceId: number, stations: readonly ReportedStation[]) {
    if (stations.length === 0) {
      return;
    }
    const columns = [
      ['client_mac', 'varchar'],
      ['ssid', 'varchar'],
      ['band', 'varchar'],
      ['ip', 'varchar'],
      ['hostname', 'varchar'],
    ] as const;
    const sql = new SqlBuilder(this.dialect);
    const rows = stations.map((s) => [s.mac, s.ssid, s.band, s.ip ?? null, s.hostname ?? null]);
    sql.params.push(...this.dialect.recordsValues(rows, columns.length));
    const table = this.dialect.recordsTable(1, columns);
    await this.dialect.preparedQuery(
      this.manager,
      `UPDATE ${SESSION} SET "ssid" = t."ssid", "band" = t."band",
         "ip" = COALESCE(t."ip", ${SESSION}."ip"),
         "hostname" = COALESCE(t."hostname", ${SESSION}."hostname")
       FROM ${table}
       WHERE ${SESSION}."organisation_id" = ${sql.param(orgId)}
         AND ${SESSION}."device_id" = ${sql.param(deviceId)}
         AND ${SESSION}."ended_at" IS NULL AND ${SESSION}."client_mac" = t."client_mac"`,
      sql.params,
    );
  }

  /**
   * Erases every session of the client in the organisation and its live values in the
   * heartbeat records that list it (whose next check-in with stations then starts a session
   * anew). Returns how many sessions were deleted.
   */
  async erase(orgId: number, mac: string): Promise<number> {
    const sql = new SqlBuilder(this.dialect);
    const deleted = await this.dialect.preparedQuery(
      this.manager,
      `DELETE FROM ${SESSION} WHERE "organisation_id" = ${sql.param(orgId)}
         AND "client_mac" = ${sql.param(mac)} RETURNING "id"`,
      sql.params,
    );
    const kept = new SqlBuilder(this.dialect);
    await this.dialect.preparedQuery(
      this.manager,
      `UPDATE "heartbeats" SET
         "stations" = ${this.dialect.jsonWithoutMember('"stations"', kept.param(mac))},
         "stations_digest" = NULL
       WHERE "organisation_id" = ${kept.param(orgId)} AND "stations" LIKE ${kept.param(`%"${mac}"%`)}`,
      kept.params,
    );
    return deleted.length;
  }

  /**
   * Deletes at most `limit` sessions that ended before `cutoff` (oldest first): the retention
   * runs in bounded batches. Returns how many it deleted.
   */
  async deleteEndedBefore(cutoff: Date, limit: number): Promise<number> {
    const sql = new SqlBuilder(this.dialect);
    const rows = await this.dialect.preparedQuery(
      this.manager,
      `DELETE FROM ${SESSION} WHERE "id" IN (
         SELECT "id" FROM ${SESSION} WHERE "ended_at" < ${sql.param(this.instant(cutoff))}
         ORDER BY "ended_at" LIMIT ${sql.param(limit)})
       RETURNING "id"`,
      sql.params,
    );
    return rows.length;
  }
}
