import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { In, SelectQueryBuilder } from 'typeorm';
import { TenantRepository } from '../common/tenancy/tenant.repository';
import { Dialect, SqlBuilder } from '../database/dialect';
import { Upgrade, UpgradeStatus } from '../firmware/upgrade.entity';
import { OPEN_STATUSES } from '../firmware/upgrade-lifecycle';
import { onlyVisible, UpgradeVisibility } from './upgrade-visibility';

export type { UpgradeVisibility } from './upgrade-visibility';

/**
 * Which upgrades a listing shows (GET /upgrades: `id`, `status`, `rollout_id`, `device_id`; the
 * pages also by `request_id`, `version` and the device's network, `network_id`).
 */
export interface UpgradeFilter {
  id?: number;
  status?: UpgradeStatus;
  rollout_id?: number;
  device_id?: number;
  request_id?: string;
  version?: string;
  network_id?: number;
}

export type { ShownPendingUpgrade } from '../firmware/upgrade.entity';

/**
 * The reads of an organisation's upgrades (its writes: UpgradeWritesRepository); every bulk
 * read is one statement.
 */
@Injectable()
export class UpgradesRepository extends TenantRepository<Upgrade> {
  constructor(txHost: TransactionHost<TransactionalAdapterTypeOrm>, dialect: Dialect) {
    super(txHost, Upgrade, dialect);
  }

  private withDevice(orgId: number): SelectQueryBuilder<Upgrade> {
    return this.scoped(orgId, 'u').leftJoinAndSelect('u.device', 'd').orderBy('u.id', 'ASC');
  }

  /** `withDevice` limited, in the same statement, to the upgrades the caller may see. */
  private visible(orgId: number, visibility: UpgradeVisibility): SelectQueryBuilder<Upgrade> {
    return onlyVisible(this.withDevice(orgId), this.dialect, visibility);
  }

  /** The visible upgrades of the organisation matching the filter, with their device. */
  list(
    orgId: number,
    visibility: UpgradeVisibility,
    filter: UpgradeFilter = {},
  ): Promise<Upgrade[]> {
    return this.matching(orgId, visibility, filter).getMany();
  }

  /**
   * One page of the visible upgrades matching the filter, newest (created last) first or oldest
   * first, with their device, and how many match in all (two statements).
   */
  page(
    orgId: number,
    visibility: UpgradeVisibility,
    filter: UpgradeFilter,
    page: { offset: number; limit: number; oldestFirst?: boolean },
  ): Promise<[Upgrade[], number]> {
    const order = page.oldestFirst ? 'ASC' : 'DESC';
    return this.matching(orgId, visibility, filter)
      .orderBy('u.created_at', order)
      .addOrderBy('u.id', order)
      .offset(page.offset)
      .limit(page.limit)
      .getManyAndCount();
  }

  private matching(
    orgId: number,
    visibility: UpgradeVisibility,
    filter: UpgradeFilter,
  ): SelectQueryBuilder<Upgrade> {
    const query = this.visible(orgId, visibility);
    if (filter.id !== undefined) {
      query.andWhere('u.id = :id', { id: filter.id });
    }
    if (filter.status !== undefined) {
      query.andWhere('u.status = :status', { status: filter.status });
    }
    if (filter.rollout_id !== undefined) {
      query.andWhere('u.rollout_id = :rolloutId', { rolloutId: filter.rollout_id });
    }
    if (filter.device_id !== undefined) {
      query.andWhere('u.device_id = :deviceId', { deviceId: filter.device_id });
    }
    if (filter.request_id !== undefined) {
      query.andWhere('u.request_id = :requestId', { requestId: filter.request_id });
    }
    if (filter.version !== undefined) {
      query.andWhere('u.version = :version', { version: filter.version });
    }
    if (filter.network_id !== undefined) {
      query.andWhere('d.location_network_id = :networkId', { networkId: filter.network_id });
    }
    return query;
  }

  /** One visible upgrade of the organisation with its device, or null (also another org's id). */
  findWithDevice(
    orgId: number,
    id: number,
    visibility: UpgradeVisibility,
  ): Promise<Upgrade | null> {
    return this.visible(orgId, visibility).andWhere('u.id = :id', { id }).getOne();
  }

  /**
   * How many visible upgrades of the organisation are in each status: one GROUP BY statement
   * (over the index of organisation and status alone when every upgrade is visible); a status
   * without upgrades is absent from the map.
   */
  async countByStatus(
    orgId: number,
    visibility: UpgradeVisibility,
  ): Promise<Map<UpgradeStatus, number>> {
    if (visibility.networkIds === undefined) {
      const sql = new SqlBuilder(this.dialect);
      const all: { status: UpgradeStatus; count: number | string }[] = await this.manager.query(
        `SELECT "status" AS status, COUNT(*) AS count FROM "upgrades"
         WHERE "organisation_id" = ${sql.param(orgId)} GROUP BY "status"`,
        sql.params,
      );
      return new Map(all.map((row) => [row.status, Number(row.count)]));
    }
    const rows = await this.visible(orgId, visibility)
      .select('u.status', 'status')
      .addSelect('COUNT(u.id)', 'count')
      .groupBy('u.status')
      .orderBy()
      .getRawMany<{ status: UpgradeStatus; count: number | string }>();
    return new Map(rows.map((row) => [row.status, Number(row.count)]));
  }

  /** The pending upgrades of these devices of the organisation, with their device. */
  findPendingOfDevices(orgId: number, deviceIds: number[]): Promise<Upgrade[]> {
    if (deviceIds.length === 0) {
      return Promise.resolve([]);
    }
    const ids = this.dialect.idsParameter('deviceIds', deviceIds);
    return this.withDevice(orgId)
      .andWhere("u.status = 'pending'")
      .andWhere(ids.condition('u.device_id'), { deviceIds: ids.value })
      .getMany();
  }

  /**
   * The pending upgrade of each of these devices of the organisation (without the device), for
   * the device records; one statement, none for no device.
   */
  async findPendingByDevice(orgId: number, deviceIds: number[]): Promise<Map<number, Upgrade>> {
    if (deviceIds.length === 0) {
      return new Map();
    }
    const list = this.dialect.idsParameter('deviceIds', deviceIds);
    const pending = await this.scoped(orgId, 'u')
      .andWhere("u.status = 'pending'")
      .andWhere(list.condition('u.device_id'), { deviceIds: list.value })
      .getMany();
    return new Map(pending.map((upgrade) => [upgrade.device_id, upgrade]));
  }

  /** Which of these devices have a firmware upgrade being written right now (one statement). */
  async findDeviceIdsInProgress(orgId: number, deviceIds: number[]): Promise<number[]> {
    if (deviceIds.length === 0) {
      return [];
    }
    const list = this.dialect.idsParameter('deviceIds', deviceIds);
    const upgrades = await this.repository
      .createQueryBuilder('u')
      .select('u.device_id')
      .where('u.organisation_id = :orgId', { orgId })
      .andWhere("u.status = 'in_progress'")
      .andWhere(list.condition('u.device_id'), { deviceIds: list.value })
      .getMany();
    return upgrades.map((upgrade) => upgrade.device_id);
  }

  /** The device's upgrades that reports can still change (pending, in progress), oldest first. */
  findOpenOfDevice(orgId: number, deviceId: number): Promise<Upgrade[]> {
    return this.repository.find({
      where: { organisation_id: orgId, device_id: deviceId, status: In([...OPEN_STATUSES]) },
      order: { id: 'ASC' },
    });
  }

  /**
   * The organisation's upgrades in progress whose device has not checked in since `cutoff` (only
   * the one device's when given), with their rollout: one statement. The caller locks their
   * rollouts, then fails them with `failTimedOut`.
   */
  findTimedOut(
    orgId: number,
    cutoff: Date,
    deviceId?: number,
  ): Promise<Pick<Upgrade, 'id' | 'rollout_id'>[]> {
    const query = this.scoped(orgId, 'u')
      .select(['u.id', 'u.rollout_id'])
      .andWhere("u.status = 'in_progress'")
      .andWhere('COALESCE(u.device_seen_at, u.updated_at) < :cutoff', {
        cutoff: this.persisted('device_seen_at', cutoff),
      });
    if (deviceId !== undefined) {
      query.andWhere('u.device_id = :deviceId', { deviceId });
    }
    return query.getMany();
  }

  /**
   * The organisations that have upgrades in progress whose device has not checked in since
   * `cutoff`, in id order: one statement over every organisation (the timeout sweep), read from
   * the partial index of upgrades in progress.
   */
  async organisationsWithTimedOut(cutoff: Date): Promise<number[]> {
    const rows = await this.repository
      .createQueryBuilder('u')
      .select('DISTINCT u.organisation_id', 'organisation_id')
      .where("u.status = 'in_progress'")
      .andWhere('COALESCE(u.device_seen_at, u.updated_at) < :cutoff', {
        cutoff: this.persisted('device_seen_at', cutoff),
      })
      .orderBy('u.organisation_id', 'ASC')
      .getRawMany<{ organisation_id: number | string }>();
    return rows.map((row) => Number(row.organisation_id));
  }

  /**
   * How many upgrades of these rollouts are in each stage and status: one GROUP BY statement.
   */
  countByRolloutStage(
    orgId: number,
    rolloutIds: number[],
  ): Promise<{ rollout_id: number; stage: number; status: UpgradeStatus; count: number }[]> {
    if (rolloutIds.length === 0) {
      return Promise.resolve([]);
    }
    const list = this.dialect.idsParameter('rolloutIds', rolloutIds);
    return this.scoped(orgId, 'u')
      .select('u.rollout_id', 'rollout_id')
      .addSelect('u.rollout_stage', 'stage')
      .addSelect('u.status', 'status')
      .addSelect('COUNT(u.id)', 'count')
      .andWhere(list.condition('u.rollout_id'), { rolloutIds: list.value })
      .groupBy('u.rollout_id')
      .addGroupBy('u.rollout_stage')
      .addGroupBy('u.status')
      .getRawMany<{ rollout_id: number; stage: number; status: UpgradeStatus; count: string }>()
      .then((rows) =>
        rows.map((row) => ({
          rollout_id: Number(row.rollout_id),
          stage: Number(row.stage),
          status: row.status,
          count: Number(row.count),
        })),
      );
  }

  /** The rollouts that upgrades of these devices belong to (one statement). */
  async rolloutIdsOfDevices(orgId: number, deviceIds: number[]): Promise<number[]> {
    if (deviceIds.length === 0) {
      return [];
    }
    const list = this.dialect.idsParameter('deviceIds', deviceIds);
    const rows = await this.scoped(orgId, 'u')
      .select('DISTINCT u.rollout_id', 'rollout_id')
      .andWhere('u.rollout_id IS NOT NULL')
      .andWhere(list.condition('u.device_id'), { deviceIds: list.value })
      .getRawMany<{ rollout_id: number }>();
    return rows.map((row) => Number(row.rollout_id));
  }

  /** The rollout's done upgrades with their device, by id. */
  findDoneOfRollout(orgId: number, rolloutId: number): Promise<Upgrade[]> {
    return this.withDevice(orgId)
      .andWhere('u.rollout_id = :rolloutId', { rolloutId })
      .andWhere("u.status = 'done'")
      .getMany();
  }
}
