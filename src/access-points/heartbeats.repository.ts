import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
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

  /** Replaces the device's last heartbeat in one statement. */
  async record(heartbeat: Omit<Heartbeat, 'device'>): Promise<void> {
    await this.repository.upsert(heartbeat, { conflictPaths: ['device_id'] });
  }
}
