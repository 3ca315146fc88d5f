import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { IsNull } from 'typeorm';
import { UpgradeData } from './upgrade-data.entity';

/** Firmware releases: global ones (no organisation) and each organisation's own. */
@Injectable()
export class UpgradeDataRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  private get repository() {
    return this.txHost.tx.getRepository(UpgradeData);
  }

  create(fields: Omit<UpgradeData, 'id' | 'created_at' | 'organisation'>): Promise<UpgradeData> {
    return this.repository.save(this.repository.create(fields));
  }

  /** The releases of one version visible to the organisation (global and its own, any state). */
  findVersion(orgId: number, version: string): Promise<UpgradeData[]> {
    return this.repository.find({
      where: [
        { organisation_id: IsNull(), version },
        { organisation_id: orgId, version },
      ],
    });
  }

  /** Releases visible to the organisation: global and its own; unreleased ones only when asked. */
  findVisible(orgId: number, includeUnreleased: boolean): Promise<UpgradeData[]> {
    const released = includeUnreleased ? {} : { is_released: true };
    return this.repository.find({
      where: [
        { organisation_id: IsNull(), ...released },
        { organisation_id: orgId, ...released },
      ],
      order: { id: 'ASC' },
    });
  }
}
