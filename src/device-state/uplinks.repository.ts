import { Injectable } from '@nestjs/common';
import { TransactionalRepository } from '../database/transactional-repository';
import { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { chunksOf } from '../database/bind-parameters';
import { Device } from '../devices/device.entity';
import { Uplink } from '../devices/uplink.entity';

export interface NewUplinkRow {
  device_id: number;
  init_template_id: number;
  uplink_type: string;
  details: Record<string, unknown>;
}

/**
 * Uplinks of devices (the `uplinks` rows carry no organisation: they belong to a device). Every
 * statement takes the organisation first and acts only on uplinks of its devices.
 */
@Injectable()
export class UplinksRepository extends TransactionalRepository {
  /**
   * Makes `rows` the live uplinks of these devices of the organisation: which of them are the
   * organisation's (one statement), their live uplinks marked deleted (one statement), the rows
   * inserted (one statement per chunk that fits the bind-parameter limit). Devices of another
   * organisation, and rows of them, are left alone.
   */
  async replaceLive(orgId: number, deviceIds: number[], rows: NewUplinkRow[]): Promise<void> {
    if (deviceIds.length === 0) {
      return;
    }
    const list = this.dialect.idsParameter('deviceIds', deviceIds);
    const own = await this.manager
      .getRepository(Device)
      .createQueryBuilder('d')
      .select('d.id', 'id')
      .where('d.organisation_id = :orgId', { orgId })
      .andWhere(list.condition('d.id'), { deviceIds: list.value })
      .getRawMany<{ id: number | string }>();
    const ownIds = own.map((row) => Number(row.id));
    if (ownIds.length === 0) {
      return;
    }
    const owned = this.dialect.idsParameter('ownIds', ownIds);
    await this.manager
      .getRepository(Uplink)
      .createQueryBuilder()
      .update()
      .set({ is_deleted: true })
      .where(owned.condition('device_id'), { ownIds: owned.value })
      .andWhere('is_deleted = :live', { live: false })
      .execute();
    const mine = new Set(ownIds);
    await this.insertMany(rows.filter((row) => mine.has(row.device_id)));
  }

  /** Inserts every row, one statement per chunk that fits the bind-parameter limit. */
  private async insertMany(rows: NewUplinkRow[]): Promise<void> {
    const columns = this.manager.getRepository(Uplink).metadata.columns.length;
    for (const chunk of chunksOf(rows, columns)) {
      await this.manager
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
