import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { chunksOf } from '../database/bind-parameters';
import { Dialect } from '../database/dialect';
import { Uplink } from '../devices/uplink.entity';

export interface NewUplinkRow {
  device_id: number;
  init_template_id: number;
  uplink_type: string;
  details: Record<string, unknown>;
}

/**
 * Uplinks of devices. Callers pass ids of devices they already loaded scoped to the
 * organisation, so these statements need no organisation filter of their own.
 */
@Injectable()
export class UplinksRepository {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly dialect: Dialect,
  ) {}

  /** Marks every live uplink of the devices deleted (one statement). */
  async markDeleted(deviceIds: number[]): Promise<void> {
    if (deviceIds.length > 0) {
      const list = this.dialect.idsParameter('deviceIds', deviceIds);
      await this.txHost.tx
        .getRepository(Uplink)
        .createQueryBuilder()
        .update()
        .set({ is_deleted: true })
        .where(list.condition('device_id'), { deviceIds: list.value })
        .andWhere('is_deleted = :live', { live: false })
        .execute();
    }
  }

  /** Inserts every row, one statement per chunk that fits the bind-parameter limit. */
  async insertMany(rows: NewUplinkRow[]): Promise<void> {
    const columns = this.txHost.tx.getRepository(Uplink).metadata.columns.length;
    for (const chunk of chunksOf(rows, columns)) {
      await this.txHost.tx
        .createQueryBuilder()
        .insert()
        .into(Uplink)
        .values(
          // details is free-form JSON, which TypeORM's deep-partial type cannot express.
          chunk.map(
            (row) => ({ ...row, is_deleted: false }) as unknown as QueryDeepPartialEntity<Uplink>,
          ),
        )
        .updateEntity(false)
        .execute();
    }
  }
}
