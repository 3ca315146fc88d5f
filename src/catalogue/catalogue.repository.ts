import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { In } from 'typeorm';
import { chunksOf } from '../database/bind-parameters';
import { HardwarePart } from './hardware-part.entity';
import { MasterInventory } from './master-inventory.entity';

export interface MasterInventoryRow {
  serial: string;
  mac_id: string;
  hardware_part_id: number;
}

/**
 * The platform's catalogue: hardware parts and the master inventory of manufactured devices.
 * Shared by every organisation, so not tenant-scoped; only platform operators write to it.
 */
@Injectable()
export class CatalogueRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  private get parts() {
    return this.txHost.tx.getRepository(HardwarePart);
  }

  private get master() {
    return this.txHost.tx.getRepository(MasterInventory);
  }

  findPartByNumber(partNumber: string): Promise<HardwarePart | null> {
    return this.parts.findOneBy({ part_number: partNumber });
  }

  findPartsByNumbers(partNumbers: string[]): Promise<HardwarePart[]> {
    return partNumbers.length
      ? this.parts.findBy({ part_number: In(partNumbers) })
      : Promise.resolve([]);
  }

  createPart(fields: Omit<HardwarePart, 'id'>): Promise<HardwarePart> {
    return this.parts.save(this.parts.create(fields));
  }

  /** Master inventory records with these MACs (stored form), with their hardware part. */
  findByMacs(macs: string[]): Promise<MasterInventory[]> {
    return macs.length
      ? this.master.find({ where: { mac_id: In(macs) }, relations: { hardware_part: true } })
      : Promise.resolve([]);
  }

  /** Master inventory records with these serials, with their hardware part. */
  findBySerials(serials: string[]): Promise<MasterInventory[]> {
    return serials.length
      ? this.master.find({ where: { serial: In(serials) }, relations: { hardware_part: true } })
      : Promise.resolve([]);
  }

  /**
   * Inserts or updates (by serial) every row: one statement per chunk that fits the
   * bind-parameter limit.
   */
  async upsertMaster(rows: MasterInventoryRow[]): Promise<void> {
    for (const chunk of chunksOf(rows, this.master.metadata.columns.length)) {
      await this.master
        .createQueryBuilder()
        .insert()
        .values(chunk)
        .orUpdate(['mac_id', 'hardware_part_id'], ['serial'])
        .updateEntity(false)
        .execute();
    }
  }
}
