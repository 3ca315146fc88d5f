import { Dialect } from '../database/dialect';
import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { In } from 'typeorm';
import { TenantRepository } from '../common/tenancy/tenant.repository';
import { chunksOf } from '../database/bind-parameters';
import { Tag } from './tag.entity';

const DEVICE_TAGS = 'device_tags';

@Injectable()
export class TagsRepository extends TenantRepository<Tag> {
  constructor(txHost: TransactionHost<TransactionalAdapterTypeOrm>, dialect: Dialect) {
    super(txHost, Tag, dialect);
  }

  listAll(orgId: number): Promise<Tag[]> {
    return this.findScoped(orgId, { order: { name: 'ASC', id: 'ASC' } });
  }

  /**
   * The organisation's tags with these names, creating the missing ones: one INSERT that skips
   * names already taken (also by a concurrent request), then one SELECT.
   */
  async ensure(orgId: number, names: string[]): Promise<Tag[]> {
    if (names.length === 0) {
      return [];
    }
    await this.manager
      .createQueryBuilder()
      .insert()
      .into(Tag)
      .values(names.map((name) => ({ organisation_id: orgId, name })))
      .orIgnore()
      .updateEntity(false)
      .execute();
    return this.findScoped(orgId, { where: { name: In(names) } });
  }

  /**
   * Makes `tagIds` the tags of every device in `deviceIds` (devices already loaded scoped to the
   * organisation): one DELETE, and one INSERT of the join rows per chunk that fits the
   * bind-parameter limit (10,000 devices with 100 tags make a million join rows).
   */
  async replaceDeviceTags(deviceIds: number[], tagIds: number[]): Promise<void> {
    if (deviceIds.length === 0) {
      return;
    }
    const list = this.dialect.idsParameter('ids', deviceIds);
    await this.manager
      .createQueryBuilder()
      .delete()
      .from(DEVICE_TAGS)
      .where(list.condition('device_id'), { ids: list.value })
      .execute();
    const rows = deviceIds.flatMap((device_id) => tagIds.map((tag_id) => ({ device_id, tag_id })));
    for (const chunk of chunksOf(rows, 2)) {
      await this.manager
        .createQueryBuilder()
        .insert()
        .into(DEVICE_TAGS, ['device_id', 'tag_id'])
        .values(chunk)
        .updateEntity(false)
        .execute();
    }
  }
}
