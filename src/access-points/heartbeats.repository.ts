import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { In } from 'typeorm';
import { chunksOf } from '../database/bind-parameters';
import { ConfigReport } from '../device-config/config-sync';
import { Dialect, SqlBuilder } from '../database/dialect';
import { persistedValue } from '../database/persisted-value';
import { Heartbeat } from './heartbeat.entity';

/** What one device check-in records (DEVICES 3); undefined fields were not reported. */
export interface CheckinRecord {
  device_id: number;
  /** The device's organisation (heartbeats keep it for the UP counts). */
  organisation_id: number;
  at: Date;
  name?: string;
  firmware_version?: string;
  hardware_model?: string;
  /** The device's network name at the check-in (null in none). */
  network_name: string | null;
  public_ip: string;
  clients?: number;
  uptime_seconds?: number;
  applied_revision?: string;
  config_error?: { revision: string; message: string };
}

/** The last heartbeat of each device; device ids come from organisation-scoped lookups. */
@Injectable()
export class HeartbeatsRepository {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly dialect: Dialect,
  ) {}

  private get manager() {
    return this.txHost.tx;
  }

  private get repository() {
    return this.manager.getRepository(Heartbeat);
  }

  findForDevice(deviceId: number): Promise<Heartbeat | null> {
    return this.repository.findOneBy({ device_id: deviceId });
  }

  /**
   * What these devices last reported about their configuration (DEVICES 4), by device id: one
   * statement (one per 30,000 ids). Devices never heard from are absent.
   */
  async findConfigReports(deviceIds: number[]): Promise<Map<number, ConfigReport>> {
    const reports = new Map<number, ConfigReport>();
    for (const chunk of chunksOf([...new Set(deviceIds)], 1)) {
      const rows = await this.repository.find({
        select: {
          device_id: true,
          applied_revision: true,
          config_error_revision: true,
          config_error_message: true,
        },
        where: { device_id: In(chunk) },
      });
      for (const row of rows) {
        reports.set(row.device_id, {
          applied_revision: row.applied_revision ?? null,
          config_error_revision: row.config_error_revision ?? null,
          config_error_message: row.config_error_message ?? null,
        });
      }
    }
    return reports;
  }

  /**
   * Records a device check-in (DEVICES 3) in one upsert: name, firmware and hardware model that
   * it omits keep the stored values, whichever of the check-in and the admin heartbeat wrote
   * them; the applied revision and the last configuration error are kept until reported anew.
   */
  async recordCheckin(checkin: CheckinRecord): Promise<void> {
    const at = persistedValue(this.manager, Heartbeat, 'received_at', checkin.at);
    const values: [keyof Heartbeat, unknown][] = [
      ['device_id', checkin.device_id],
      ['organisation_id', checkin.organisation_id],
      ['name', checkin.name],
      ['firmware_version', checkin.firmware_version],
      ['network_name', checkin.network_name],
      ['hardware_model', checkin.hardware_model],
      ['public_ip', checkin.public_ip],
      ['received_at', at],
      ['clients', checkin.clients],
      ['uptime_seconds', checkin.uptime_seconds],
      ['checked_in_at', at],
      ['applied_revision', checkin.applied_revision],
      ['config_error_revision', checkin.config_error?.revision ?? null],
      ['config_error_message', checkin.config_error?.message ?? null],
    ];
    const sql = new SqlBuilder(this.dialect);
    const marks = values.map(([, value]) => sql.param(value ?? null));
    const kept = (column: string) => `COALESCE(EXCLUDED."${column}", "heartbeats"."${column}")`;
    const replaced = (column: string) => `EXCLUDED."${column}"`;
    const errorKept = checkin.config_error ? replaced : kept;
    await this.manager.query(
      `INSERT INTO "heartbeats" (${values.map(([column]) => `"${column}"`).join(', ')})
       VALUES (${marks.join(', ')})
       ON CONFLICT ("device_id") DO UPDATE SET
         "name" = ${kept('name')},
         "firmware_version" = ${kept('firmware_version')},
         "hardware_model" = ${kept('hardware_model')},
         "network_name" = ${replaced('network_name')},
         "public_ip" = ${replaced('public_ip')},
         "received_at" = ${replaced('received_at')},
         "clients" = ${replaced('clients')},
         "uptime_seconds" = ${replaced('uptime_seconds')},
         "checked_in_at" = ${replaced('checked_in_at')},
         "applied_revision" = ${kept('applied_revision')},
         "config_error_revision" = ${errorKept('config_error_revision')},
         "config_error_message" = ${errorKept('config_error_message')}`,
      sql.params,
    );
  }

  /** Replaces the device's last heartbeat in one statement. */
  async record(heartbeat: Omit<Heartbeat, 'device'>): Promise<void> {
    await this.repository.upsert(heartbeat, { conflictPaths: ['device_id'] });
  }
}
