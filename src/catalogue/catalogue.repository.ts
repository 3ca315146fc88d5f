import { Injectable } from '@nestjs/common';
import { TransactionalRepository } from '../database/transactional-repository';
import { In } from 'typeorm';
import { chunksOf } from '../database/bind-parameters';
import { HardwarePart } from './hardware-part.entity';
import { MasterInventory } from './master-inventory.entity';

export interface MasterInventoryRow {
  serial: string;
  mac_id: string;
  hardware_part_id: number;
  /** SHA-256 of a new factory secret; undefined keeps the stored one. */
  secret_hash?: string;
}

/**
 * The platform's catalogue: hardware parts and the master inventory of manufactured devices.
 * Shared by every organisation, so not tenant-scoped; only platform operators write to it.
 */
@Injectable()
export class CatalogueRepository extends TransactionalRepository {
  private get parts() {
    return this.manager.getRepository(HardwarePart);
  }

  private get master() {
    return this.manager.getRepository(MasterInventory);
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
    return this.findWithPartWhereIn('mac_id', macs);
  }

  /** Master inventory records with these serials, with their hardware part. */
  findBySerials(serials: string[]): Promise<MasterInventory[]> {
    return this.findWithPartWhereIn('serial', serials);
  }

  /** One statement, the values bound as one list parameter whatever their number. */
  private findWithPartWhereIn(
    column: 'mac_id' | 'serial',
    values: string[],
  ): Promise<MasterInventory[]> {
    if (values.length === 0) {
      return Promise.resolve([]);
    }
    const list = this.dialect.textsParameter('values', values);
    return this.master
      .createQueryBuilder('m')
      .leftJoinAndSelect('m.hardware_part', 'hardware_part')
      .where(list.condition(`m.${column}`), { values: list.value })
      .getMany();
  }

  /**
   * Inserts or updates (by serial) every row: one statement per chunk that fits the
   * bind-parameter limit, rows with a new secret and rows keeping theirs in separate statements.
   */
  async upsertMaster(rows: MasterInventoryRow[]): Promise<void> {
    const withSecret = rows.filter((row) => row.secret_hash !== undefined);
    const keepingSecret = rows
      .filter((row) => row.secret_hash === undefined)
      .map(({ serial, mac_id, hardware_part_id }) => ({ serial, mac_id, hardware_part_id }));
    await this.upsertChunks(withSecret, ['mac_id', 'hardware_part_id', 'secret_hash']);
    await this.upsertChunks(keepingSecret, ['mac_id', 'hardware_part_id']);
  }

  private async upsertChunks(rows: MasterInventoryRow[], overwrite: string[]): Promise<void> {
    for (const chunk of chunksOf(rows, this.master.metadata.columns.length)) {
      await this.master
        .createQueryBuilder()
        .insert()
        .values(chunk)
        .orUpdate(overwrite, ['serial'])
        .updateEntity(false)
        .execute();
    }
  }
}
