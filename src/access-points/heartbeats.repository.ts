import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { In } from 'typeorm';
import { chunksOf } from '../database/bind-parameters';
import { ConfigReport } from '../device-config/config-sync';
import { Heartbeat } from './heartbeat.entity';

/** The last heartbeat of each device; device ids come from organisation-scoped lookups. */
@Injectable()
export class HeartbeatsRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  private get repository() {
    return this.txHost.tx.getRepository(Heartbeat);
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

  /** Replaces the device's last heartbeat in one statement. */
  async record(heartbeat: Omit<Heartbeat, 'device'>): Promise<void> {
    await this.repository.upsert(heartbeat, { conflictPaths: ['device_id'] });
  }
}
