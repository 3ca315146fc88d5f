import { Injectable } from '@nestjs/common';
import { TransactionalRepository } from '../database/transactional-repository';
import { SqlBuilder } from '../database/dialect';
import { hydratedValue } from '../database/persisted-value';
import { matchingAt } from './device-sql';
import { Heartbeat } from '../device-state/heartbeat.entity';
import { FleetFilter, deviceFilterCondition } from './device-filter';
import { DeviceOrder, deviceOrderSql } from './device-order';

/** A device as the fleet status shows it, with what its last heartbeat says (null: none). */
export interface DeviceStatusRow {
  id: number;
  mac_id: string;
  name: string | null;
  label: string | null;
  location_network_id: number | null;
  /** When its last heartbeat was received; null when never heard from. */
  received_at: Date | null;
  firmware_version: string | null;
  clients: number | null;
  uptime_seconds: number | null;
  applied_revision: string | null;
  /** The revision of the configuration it receives now, as stored (Device.config_revision). */
  config_revision: string | null;
}

/** What current_status shows of a device's last heartbeat (all null when never heard from). */
export interface LastHeartbeat {
  name: string | null;
  firmware_version: string | null;
  network_name: string | null;
  hardware_model: string | null;
  public_ip: string | null;
  received_at: Date | null;
}

const orNull = (value: number | string | null) => (value === null ? null : Number(value));

/**
 * The live status of an organisation's devices: each device joined with its heartbeat
 * (device-state's), in one statement per read whatever the number of devices; the counts are
 * DeviceStatusCountsRepository's. Reads
 * only, raw statements of the columns the answers show (no entity is hydrated); the device rows
 * are written by devices/. UP and DOWN are decided in SQL by the condition of
 * `device-liveness.ts`, the rule current_status applies in TypeScript.
 */
@Injectable()
export class DeviceStatusesRepository extends TransactionalRepository {
  /**
   * One page of the matching devices in `order` (by id unless given), each with its heartbeat
   * and its stored configuration revision (one statement).
   */
  async page(
    orgId: number,
    filter: FleetFilter,
    upSince: Date,
    page: { offset: number; limit: number; order?: DeviceOrder },
  ): Promise<DeviceStatusRow[]> {
    const orderBy = deviceOrderSql(page.order ?? 'id');
    const sql = new SqlBuilder(this.dialect);
    const where = matchingAt(this.manager, sql, orgId, filter, upSince);
    const rows: (Omit<DeviceStatusRow, 'received_at'> & { received_at: unknown })[] =
      await this.manager.query(
        `SELECT d."id" AS id, d."mac_id" AS mac_id, d."name" AS name, d."label" AS label,
              d."location_network_id" AS location_network_id, h."received_at" AS received_at,
              h."firmware_version" AS firmware_version, h."clients" AS clients,
              h."uptime_seconds" AS uptime_seconds, h."applied_revision" AS applied_revision,
              d."config_revision" AS config_revision
       FROM (SELECT d."id" AS id
             FROM "devices" d LEFT JOIN "heartbeats" h ON h."device_id" = d."id"
             WHERE ${where} ORDER BY ${orderBy}
             ${sql.page(page.limit, page.offset)}) page
       JOIN "devices" d ON d."id" = page.id
       LEFT JOIN "heartbeats" h ON h."device_id" = d."id"
       ORDER BY ${orderBy}`,
        sql.params,
      );
    return rows.map((row) => ({
      id: Number(row.id),
      mac_id: row.mac_id,
      name: row.name,
      label: row.label,
      location_network_id: orNull(row.location_network_id),
      received_at: this.receivedAt(row.received_at),
      firmware_version: row.firmware_version,
      clients: orNull(row.clients),
      uptime_seconds: orNull(row.uptime_seconds),
      applied_revision: row.applied_revision,
      config_revision: row.config_revision,
    }));
  }

  /** A heartbeat's received_at as a raw statement returned it, as its entity holds it. */
  private receivedAt(raw: unknown): Date | null {
    return hydratedValue(this.manager, Heartbeat, 'received_at', raw) as Date | null;
  }

  /**
   * The last heartbeat of the organisation's device with this MAC (within these networks when
   * `networkIds` is given): one statement; null when there is no such device.
   */
  async lastHeartbeatOf(
    orgId: number,
    mac: string,
    networkIds?: number[],
  ): Promise<LastHeartbeat | null> {
    const sql = new SqlBuilder(this.dialect);
    const where = deviceFilterCondition(sql, orgId, { networkIds });
    const rows: (Omit<LastHeartbeat, 'received_at'> & { received_at: unknown })[] =
      await this.manager.query(
        `SELECT h."name" AS name, h."firmware_version" AS firmware_version,
                h."network_name" AS network_name, h."hardware_model" AS hardware_model,
                h."public_ip" AS public_ip, h."received_at" AS received_at
         FROM "devices" d LEFT JOIN "heartbeats" h ON h."device_id" = d."id"
         WHERE ${where} AND d."mac_id" = ${sql.param(mac)}`,
        sql.params,
      );
    const [row] = rows;
    return row
      ? {
          ...row,
          received_at: this.receivedAt(row.received_at),
        }
      : null;
  }
}
