import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { TenantRepository } from '../common/tenancy/tenant.repository';
import { chunksOf } from '../database/bind-parameters';
import { updateRecords } from '../database/insert-records';
import { Dialect, SqlBuilder } from '../database/dialect';
import { Device } from './device.entity';
import { DeviceSearch, deviceSearchCondition } from './device-search';
import { OUTSIDE } from './device-count-changes';
import { DeviceCounts } from './device-counts';
import { DeviceFilter } from './device-filter';

export type { DeviceFilter } from './device-filter';

/** Devices named by id, network or tag (an upgrade's `aps`). */
export interface DeviceTargets {
  deviceIds: number[];
  networkIds: number[];
  tagIds: number[];
}

/** A targeted device with its hardware part number (null when unknown). */
export interface TargetDevice {
  id: number;
  mac_id: string;
  part_number: string | null;
}

export interface NewDeviceRow {
  mac_id: string;
  serial: string | null;
  hardware_part_id: number | null;
  location_network_id: number | null;
  name: string | null;
}

@Injectable()
export class DevicesRepository extends TenantRepository<Device> {
  constructor(
    txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    dialect: Dialect,
    private readonly counts: DeviceCounts,
  ) {
    super(txHost, Device, dialect);
  }

  /**
   * Which of these MACs are in ANY organisation's inventory. The one cross-tenant read: it only
   * tells whether a MAC is taken (a MAC is in at most one inventory) and is never shown to a caller.
   */
  findTakenMacs(
    macs: string[],
  ): Promise<Pick<Device, 'id' | 'mac_id' | 'organisation_id' | 'location_network_id'>[]> {
    if (macs.length === 0) {
      return Promise.resolve([]);
    }
    const list = this.dialect.textsParameter('macs', macs);
    return this.repository
      .createQueryBuilder('d')
      .select(['d.id', 'd.mac_id', 'd.organisation_id', 'd.location_network_id'])
      .where(list.condition('d.mac_id'), { macs: list.value })
      .getMany();
  }

  /**
   * Inserts every row, one statement per chunk of rows that fits the bind-parameter limit
   * (one statement up to several thousand rows), and counts them (DeviceCounts). Must run in a
   * transaction. `updateEntity(false)`: TypeORM would otherwise read the rows back with one OR
   * term per row, which SQLite refuses past about 1,000 rows.
   */
  async insertMany(orgId: number, rows: NewDeviceRow[]): Promise<void> {
    if (rows.length === 0) {
      return;
    }
    await this.counts.lock(orgId);
    const values = rows.map((row) => ({ ...row, organisation_id: orgId }));
    for (const chunk of chunksOf(values, this.repository.metadata.columns.length)) {
      await this.repository
        .createQueryBuilder()
        .insert()
        .values(chunk)
        .updateEntity(false)
        .execute();
    }
    await this.counts.apply(
      orgId,
      rows.map((row) => ({ from: OUTSIDE, to: row.location_network_id })),
    );
  }

  /**
   * Puts the organisation's devices with these ids into a network (null: none) and keeps the
   * counts (DeviceCounts): the lock, one read of where they are, one UPDATE, the counts. Must
   * run in a transaction.
   */
  async assignToNetwork(
    orgId: number,
    ids: number[],
    networkId: number | null,
    name?: string,
  ): Promise<number> {
    if (ids.length === 0) {
      return 0;
    }
    await this.counts.lock(orgId);
    const before = await this.placesOf(orgId, ids);
    const list = this.dialect.idsParameter('ids', ids);
    const result = await this.repository
      .createQueryBuilder()
      .update()
      .set(
        name === undefined
          ? { location_network_id: networkId }
          : { location_network_id: networkId, name },
      )
      .where('organisation_id = :orgId', { orgId })
      .andWhere(list.condition('id'), { ids: list.value })
      .execute();
    await this.counts.apply(
      orgId,
      before.map((place) => ({ from: place, to: networkId })),
    );
    return result.affected ?? 0;
  }

  /** The organisation's devices matching the filter, bare (no relations). */
  findPlain(orgId: number, filter: DeviceFilter): Promise<Device[]> {
    const query = this.scoped(orgId, 'd').orderBy('d.id', 'ASC');
    this.applyFilter(query, filter);
    return query.getMany();
  }

  /**
   * The organisation's device with this MAC, locked until the transaction ends (one statement):
   * a label change reads the label it replaces and writes the new one with no other change of
   * it in between. Null when the organisation holds no such device.
   */
  findForLabel(orgId: number, mac: string): Promise<Device | null> {
    const query = this.scoped(orgId, 'd').andWhere('d.mac_id = :mac', { mac });
    return this.dialect.lockForUpdate(query).getOne();
  }

  /** Sets the label of the organisation's device (null clears it). */
  async setLabel(orgId: number, id: number, label: string | null): Promise<void> {
    await this.manager.update(Device, { organisation_id: orgId, id }, { label });
  }

  /**
   * The organisation's devices with these MACs, locked until the transaction ends, ordered by
   * id: one statement whatever their number.
   */
  findForLabels(orgId: number, macs: string[]): Promise<Device[]> {
    const query = this.scoped(orgId, 'd').orderBy('d.id', 'ASC');
    this.applyFilter(query, { macs });
    return this.dialect.lockForUpdate(query).getMany();
  }

  /** Sets each of these devices' label (null clears it): one statement whatever their number. */
  async setLabels(orgId: number, labels: { id: number; label: string | null }[]): Promise<void> {
    await updateRecords(
      this.manager,
      this.dialect,
      Device,
      orgId,
      ['label'],
      labels.map(({ id, label }) => [id, label]),
    );
  }

  /**
   * Stores the configuration revision of each of these devices of the organisation (each row:
   * the id, then the revision): one statement whatever their number.
   */
  async setConfigRevisions(orgId: number, rows: readonly [number, string][]): Promise<void> {
    await updateRecords(this.manager, this.dialect, Device, orgId, ['config_revision'], rows);
  }

  /** The organisation's devices with these MACs and their hardware part (one statement). */
  findWithHardware(orgId: number, macs: string[]): Promise<Device[]> {
    const query = this.scoped(orgId, 'd')
      .leftJoinAndSelect('d.hardware_part', 'hp')
      .orderBy('d.id', 'ASC');
    this.applyFilter(query, { macs });
    return query.getMany();
  }

  /**
   * The organisation's devices named by id, in these networks or carrying these tags, with their
   * hardware part number, ordered by id: one statement whatever the number of ids (each list is
   * one parameter).
   */
  async findTargets(orgId: number, targets: DeviceTargets): Promise<TargetDevice[]> {
    const sql = new SqlBuilder(this.dialect);
    const org = sql.param(orgId);
    const alternatives: string[] = [];
    if (targets.deviceIds.length > 0) {
      alternatives.push(sql.inIds('d."id"', targets.deviceIds));
    }
    if (targets.networkIds.length > 0) {
      alternatives.push(sql.inIds('d."location_network_id"', targets.networkIds));
    }
    if (targets.tagIds.length > 0) {
      alternatives.push(
        `d."id" IN (SELECT dt."device_id" FROM "device_tags" dt WHERE ${sql.inIds('dt."tag_id"', targets.tagIds)})`,
      );
    }
    if (alternatives.length === 0) {
      return [];
    }
    const rows: TargetDevice[] = await this.manager.query(
      `SELECT d."id" AS id, d."mac_id" AS mac_id, hp."part_number" AS part_number
       FROM "devices" d
       LEFT JOIN "hardware_parts" hp ON hp."id" = d."hardware_part_id"
       WHERE d."organisation_id" = ${org} AND (${alternatives.join(' OR ')})
       ORDER BY d."id"`,
      sql.params,
    );
    return rows.map((row) => ({
      id: Number(row.id),
      mac_id: row.mac_id,
      part_number: row.part_number ?? null,
    }));
  }

  /**
   * Up to `limit` of the organisation's devices matching the search (all without one) and the
   * filter, ordered by id, and how many match in all: the device picker of the upgrade form.
   */
  findMatching(
    orgId: number,
    filter: DeviceFilter,
    search: DeviceSearch | undefined,
    limit: number,
  ): Promise<[Device[], number]> {
    const query = this.scoped(orgId, 'd').orderBy('d.id', 'ASC').limit(limit);
    this.applyFilter(query, filter);
    if (search) {
      const { condition, parameters } = deviceSearchCondition('d', search);
      query.andWhere(condition, parameters);
    }
    return query.getManyAndCount();
  }

  /** The hardware part numbers of the organisation's devices, each once (one statement). */
  async partNumbers(orgId: number): Promise<string[]> {
    const rows = await this.scoped(orgId, 'd')
      .innerJoin('d.hardware_part', 'hp')
      .select('hp.part_number', 'part_number')
      .distinct(true)
      .orderBy('hp.part_number', 'ASC')
      .getRawMany<{ part_number: string }>();
    return rows.map((row) => row.part_number);
  }

  /**
   * Destroys the organisation's devices with these ids (the database cascades) and keeps the
   * counts (DeviceCounts): the lock, one read of where they are, one DELETE, the counts. Must
   * run in a transaction.
   */
  async deleteMany(orgId: number, ids: number[]): Promise<void> {
    if (ids.length === 0) {
      return;
    }
    await this.counts.lock(orgId);
    const before = await this.placesOf(orgId, ids);
    const list = this.dialect.idsParameter('ids', ids);
    await this.repository
      .createQueryBuilder()
      .delete()
      .where('organisation_id = :orgId', { orgId })
      .andWhere(list.condition('id'), { ids: list.value })
      .execute();
    await this.counts.apply(
      orgId,
      before.map((place) => ({ from: place, to: OUTSIDE })),
    );
  }

  /**
   * How many of the organisation's devices match the filter: from the kept counts when it
   * narrows by networks only (DeviceCounts), else by counting the matching rows.
   */
  countMatching(orgId: number, filter: DeviceFilter): Promise<number> {
    if (filter.ids === undefined && filter.macs === undefined) {
      const { networkId, networkIds } = filter;
      const networks =
        networkId === undefined
          ? networkIds
          : (networkIds ?? [networkId]).filter((id) => id === networkId);
      return this.counts.count(orgId, networks);
    }
    const query = this.scoped(orgId, 'd');
    this.applyFilter(query, filter);
    return query.getCount();
  }

  /** Where the organisation's devices with these ids are now (one statement). */
  private async placesOf(orgId: number, ids: number[]): Promise<(number | null)[]> {
    const sql = new SqlBuilder(this.dialect);
    const rows: { location_network_id: number | string | null }[] = await this.manager.query(
      `SELECT "location_network_id" FROM "devices"
       WHERE "organisation_id" = ${sql.param(orgId)} AND ${sql.inIds('"id"', ids)}`,
      sql.params,
    );
    return rows.map((row) =>
      row.location_network_id === null ? null : Number(row.location_network_id),
    );
  }

  /** The filter on the owner's entity queries, each list bound as one parameter (Dialect). */
  private applyFilter(query: ReturnType<DevicesRepository['scoped']>, filter: DeviceFilter): void {
    if (filter.ids) {
      const list = this.dialect.idsParameter('filterIds', filter.ids);
      query.andWhere(list.condition('d.id'), { filterIds: list.value });
    }
    if (filter.macs) {
      const list = this.dialect.textsParameter('filterMacs', filter.macs);
      query.andWhere(list.condition('d.mac_id'), { filterMacs: list.value });
    }
    if (filter.networkIds) {
      const list = this.dialect.idsParameter('filterNetworkIds', filter.networkIds);
      query.andWhere(list.condition('d.location_network_id'), {
        filterNetworkIds: list.value,
      });
    }
    if (filter.networkId !== undefined) {
      query.andWhere('d.location_network_id = :networkId', { networkId: filter.networkId });
    }
  }
}
