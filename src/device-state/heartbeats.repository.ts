import { EntityManager } from 'typeorm';
import { Injectable } from '@nestjs/common';
import { TransactionalRepository } from '../database/transactional-repository';
import { chunksOf, rowsPerStatement } from '../database/bind-parameters';
import { SqlBuilder } from '../database/dialect';
import { persistedValue } from '../database/persisted-value';
import { CheckinHeartbeat } from './checkin-heartbeat';
import { deviceStatusCondition } from './device-liveness';
import { Heartbeat } from './heartbeat.entity';

/** The columns a check-in writes, in the order of the VALUES of `upsertCheckins`. */
const CHECKIN_COLUMNS = [
  ['device_id', 'integer'],
  ['organisation_id', 'integer'],
  ['name', 'varchar'],
  ['firmware_version', 'varchar'],
  ['network_name', 'varchar'],
  ['hardware_model', 'varchar'],
  ['public_ip', 'varchar'],
  ['received_at', 'timestamp'],
  ['clients', 'integer'],
  ['uptime_seconds', 'integer'],
  ['checked_in_at', 'timestamp'],
  ['applied_revision', 'varchar'],
  ['config_error_revision', 'varchar'],
  ['config_error_message', 'varchar'],
  ['stations', 'text'],
  ['stations_digest', 'varchar'],
  ['stations_at', 'timestamp'],
] as const satisfies readonly (readonly [keyof Heartbeat, string])[];

/** The most check-ins one upsert writes (under the bind-parameter limit: about 2,100). */
export const CHECKINS_PER_STATEMENT = rowsPerStatement(CHECKIN_COLUMNS.length);

const stored = (column: string) => `"heartbeats"."${column}"`;
const given = (column: string) => `EXCLUDED."${column}"`;
/** The stored value when the record holds a later heartbeat (of any writer), else `value`. */
const unlessNewer = (column: string, value: string) =>
  `CASE WHEN ${stored('received_at')} > ${given('received_at')} THEN ${stored(column)} ELSE ${value} END`;
/** The same for the fields only check-ins write, against the later check-in. */
const unlessNewerCheckin = (column: string) =>
  `CASE WHEN ${stored('checked_in_at')} > ${given('checked_in_at')} THEN ${stored(column)} ELSE ${given(column)} END`;
const kept = (column: string) => `COALESCE(${given(column)}, ${stored(column)})`;
/** The stations' columns: kept by a check-in without `stations`, and against an older one. */
const stationsColumn = (column: string) =>
  `CASE WHEN ${given('stations_at')} IS NULL OR ${stored('checked_in_at')} > ${given('checked_in_at')} THEN ${stored(column)} ELSE ${given(column)} END`;

/**
 * How a check-in changes a stored heartbeat record. Name, firmware and hardware model
 * that it omits keep the stored values, whichever of the check-in and the admin heartbeat wrote
 * them; the applied revision and the last configuration error are kept until reported anew.
 * A check-in older than what the record holds (one buffered by another instance while a later
 * one was written) changes none of the fields the later one wrote: last write wins per device.
 */
const CHECKIN_UPDATE = [
  `"name" = ${unlessNewer('name', kept('name'))}`,
  `"firmware_version" = ${unlessNewer('firmware_version', kept('firmware_version'))}`,
  `"hardware_model" = ${unlessNewer('hardware_model', kept('hardware_model'))}`,
  `"network_name" = ${unlessNewer('network_name', given('network_name'))}`,
  `"public_ip" = ${unlessNewer('public_ip', given('public_ip'))}`,
  `"received_at" = ${unlessNewer('received_at', given('received_at'))}`,
  `"clients" = ${unlessNewerCheckin('clients')}`,
  `"uptime_seconds" = ${unlessNewerCheckin('uptime_seconds')}`,
  `"checked_in_at" = ${unlessNewerCheckin('checked_in_at')}`,
  `"applied_revision" = ${kept('applied_revision')}`,
  `"config_error_revision" = ${kept('config_error_revision')}`,
  `"config_error_message" = CASE WHEN ${given('config_error_revision')} IS NULL THEN ${stored('config_error_message')} ELSE ${given('config_error_message')} END`,
  `"stations" = ${stationsColumn('stations')}`,
  `"stations_digest" = ${stationsColumn('stations_digest')}`,
  `"stations_at" = ${stationsColumn('stations_at')}`,
].join(',\n         ');

/** `upSince` bound as the heartbeats table stores instants: its mark. */
export function heartbeatInstant(manager: EntityManager, sql: SqlBuilder, upSince: Date): string {
  return sql.param(persistedValue(manager, Heartbeat, 'received_at', upSince));
}

/**
 * The last heartbeat of each device. Every statement is scoped to an organisation: a check-in
 * row is written only for a device of the organisation it names, the others take it first.
 */
@Injectable()
export class HeartbeatsRepository extends TransactionalRepository {
  private get repository() {
    return this.manager.getRepository(Heartbeat);
  }

  /**
   * Writes these check-ins (at most one per device) into the heartbeat records: one multi-row
   * upsert per chunk of rows under the bind-parameter limit (one statement up to about 2,100
   * check-ins). A check-in of a device removed since then is left out. With `onlyUp` (the group
   * commit of check-ins that found their device recorded UP) a record the DOWN sweep has turned
   * DOWN meanwhile is left alone too: its check-in must record its device.up in a transaction of
   * its own. Returns, by device, whether each record written is recorded UP (a device missing
   * was not written).
   */
  async upsertCheckins(
    checkins: readonly CheckinHeartbeat[],
    onlyUp = false,
  ): Promise<Map<number, boolean>> {
    const written = new Map<number, boolean>();
    for (const chunk of chunksOf(checkins, CHECKIN_COLUMNS.length)) {
      const sql = new SqlBuilder(this.dialect);
      const rows = chunk.map((checkin, index) => {
        const at = persistedValue(this.manager, Heartbeat, 'received_at', checkin.at);
        const values: Record<(typeof CHECKIN_COLUMNS)[number][0], unknown> = {
          device_id: checkin.device_id,
          organisation_id: checkin.organisation_id,
          name: checkin.name,
          firmware_version: checkin.firmware_version,
          network_name: checkin.network_name,
          hardware_model: checkin.hardware_model,
          public_ip: checkin.public_ip,
          received_at: at,
          clients: checkin.clients,
          uptime_seconds: checkin.uptime_seconds,
          checked_in_at: at,
          applied_revision: checkin.applied_revision,
          config_error_revision: checkin.config_error?.revision,
          config_error_message: checkin.config_error?.message,
          stations: checkin.stations?.live,
          stations_digest: checkin.stations?.digest,
          stations_at:
            checkin.stations === undefined
              ? undefined
              : persistedValue(this.manager, Heartbeat, 'stations_at', checkin.at),
        };
        // The first row's types name the columns' types (PostgreSQL reads the rest alike).
        const marks = CHECKIN_COLUMNS.map(([column, type]) =>
          sql.param(values[column] ?? null, index === 0 ? type : undefined),
        );
        return `(${marks.join(', ')})`;
      });
      const columns = CHECKIN_COLUMNS.map(([column]) => `"${column}"`).join(', ');
      const selected = CHECKIN_COLUMNS.map((_, i) => `v."column${i + 1}"`).join(', ');
      const statement = `INSERT INTO "heartbeats" (${columns})
         SELECT ${selected} FROM (VALUES ${rows.join(', ')}) AS v
         WHERE EXISTS (SELECT 1 FROM "devices" d
           WHERE d."id" = v."column1" AND d."organisation_id" = v."column2")
         ON CONFLICT ("device_id") DO UPDATE SET
         ${CHECKIN_UPDATE}${onlyUp ? '\n         WHERE "heartbeats"."up" = true' : ''}
         RETURNING "device_id", "up"`;
      // A single check-in (written before its answer) is the same text every time.
      const returned: { device_id: number | string; up: boolean | number }[] =
        await (chunk.length === 1
          ? this.dialect.preparedQuery(this.manager, statement, sql.params)
          : this.manager.query(statement, sql.params));
      returned.forEach((row) => written.set(Number(row.device_id), Boolean(row.up)));
    }
    return written;
  }

  /**
   * The admin heartbeat: replaces the heartbeat record of the organisation's device
   * with this MAC, keeping what only check-ins write, in one statement that also finds the
   * device. Returns the device and whether it is recorded UP (its record keeps that state: a new
   * one starts DOWN), or null when nothing was written: the organisation has no such device or,
   * with `onlyUp`, its record is not recorded UP (write it then in a transaction with its
   * device.up).
   */
  async recordForMac(
    orgId: number,
    mac: string,
    heartbeat: Pick<
      Heartbeat,
      'name' | 'firmware_version' | 'hardware_model' | 'public_ip' | 'network_name' | 'received_at'
    >,
    onlyUp = false,
  ): Promise<{ device_id: number; up: boolean } | null> {
    const sql = new SqlBuilder(this.dialect);
    const replaced = [
      ['name', 'varchar'],
      ['firmware_version', 'varchar'],
      ['hardware_model', 'varchar'],
      ['public_ip', 'varchar'],
      ['network_name', 'varchar'],
      ['received_at', 'timestamp'],
    ] as const;
    const values = replaced.map(([column, type]) =>
      sql.param(
        column === 'received_at'
          ? persistedValue(this.manager, Heartbeat, column, heartbeat[column])
          : heartbeat[column],
        type,
      ),
    );
    // Only UP: the record must exist and be UP, checked again under the row's lock.
    const guard = onlyUp
      ? [
          `AND EXISTS (SELECT 1 FROM "heartbeats" h WHERE h."device_id" = d."id" AND h."up" = true)`,
          `WHERE "heartbeats"."up" = true`,
        ]
      : ['', ''];
    const rows = await this.dialect.preparedQuery(
      this.manager,
      `INSERT INTO "heartbeats" ("device_id", "organisation_id", ${replaced.map(([c]) => `"${c}"`).join(', ')})
       SELECT d."id", d."organisation_id", ${values.join(', ')} FROM "devices" d
       WHERE d."organisation_id" = ${sql.param(orgId)} AND d."mac_id" = ${sql.param(mac)} ${guard[0]}
       ON CONFLICT ("device_id") DO UPDATE SET
         ${replaced.map(([c]) => `"${c}" = ${given(c)}`).join(', ')} ${guard[1]}
       RETURNING "device_id", "up"`,
      sql.params,
    );
    const [row] = rows as { device_id: number | string; up: boolean | number }[];
    return row ? { device_id: Number(row.device_id), up: Boolean(row.up) } : null;
  }

  /** Which of these devices of the organisation are UP at `upSince` (one statement). */
  async upAmong(orgId: number, deviceIds: number[], upSince: Date): Promise<Set<number>> {
    if (deviceIds.length === 0) {
      return new Set();
    }
    // Bound in the order the marks appear (SQLite binds by position).
    const sql = new SqlBuilder(this.dialect);
    const scope = `h."organisation_id" = ${sql.param(orgId)} AND ${sql.inIds('h."device_id"', deviceIds)}`;
    const since = heartbeatInstant(this.manager, sql, upSince);
    const rows: { id: number | string }[] = await this.manager.query(
      `SELECT h."device_id" AS id FROM "heartbeats" h
       WHERE ${scope} AND ${deviceStatusCondition('UP', 'h."received_at"', since)}`,
      sql.params,
    );
    return new Set(rows.map((row) => Number(row.id)));
  }
}
