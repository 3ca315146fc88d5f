import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { In } from 'typeorm';
import { TenantRepository } from '../common/tenancy/tenant.repository';
import { Tag } from './tag.entity';

const DEVICE_TAGS = 'device_tags';

@Injectable()
export class TagsRepository extends TenantRepository<Tag> {
  constructor(txHost: TransactionHost<TransactionalAdapterTypeOrm>) {
    super(txHost, Tag);
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
   * organisation): one DELETE and one INSERT of the join rows.
   */
  async replaceDeviceTags(deviceIds: number[], tagIds: number[]): Promise<void> {
    if (deviceIds.length === 0) {
      return;
    }
    await this.manager
      .createQueryBuilder()
      .delete()
      .from(DEVICE_TAGS)
      .where('device_id IN (:...deviceIds)', { deviceIds })
      .execute();
    const rows = deviceIds.flatMap((device_id) => tagIds.map((tag_id) => ({ device_id, tag_id })));
    if (rows.length > 0) {
      await this.manager
        .createQueryBuilder()
        .insert()
        .into(DEVICE_TAGS, ['device_id', 'tag_id'])
        .values(rows)
        .updateEntity(false)
        .execute();
    }
  }
}
