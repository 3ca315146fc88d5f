import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { SelectQueryBuilder } from 'typeorm';
import { TenantRepository } from '../common/tenancy/tenant.repository';
import { Dialect } from '../database/dialect';
import { Upgrade, UpgradeStatus } from '../firmware/upgrade.entity';
import { onlyVisible, UpgradeVisibility } from './upgrade-visibility';

/** How many upgrades of one request have one status (with the request's version and rollout). */
export interface RequestStatusCount {
  request_id: string;
  version: string;
  rollout_id: number | null;
  status: UpgradeStatus;
  count: number;
}

/** Which requests the upgrade list shows: those with an upgrade matching every given field. */
export interface RequestFilter {
  status?: UpgradeStatus;
  version?: string;
  network_id?: number;
}

/**
 * The reads of upgrade requests: the upgrades one create, update or retry wrote,
 * grouped by their `request_id`. Each read is one statement, limited to the visible upgrades.
 */
@Injectable()
export class UpgradeRequestsRepository extends TenantRepository<Upgrade> {
  constructor(txHost: TransactionHost<TransactionalAdapterTypeOrm>, dialect: Dialect) {
    super(txHost, Upgrade, dialect);
  }

  private visible(orgId: number, visibility: UpgradeVisibility): SelectQueryBuilder<Upgrade> {
    return onlyVisible(
      this.scoped(orgId, 'u').innerJoin('u.device', 'd'),
      this.dialect,
      visibility,
    );
  }

  /** How many visible upgrades of these requests are in each status: one GROUP BY. */
  async counts(
    orgId: number,
    visibility: UpgradeVisibility,
    requestIds: string[],
  ): Promise<RequestStatusCount[]> {
    if (requestIds.length === 0) {
      return [];
    }
    const ids = this.dialect.textsParameter('requestIds', requestIds);
    const rows = await this.visible(orgId, visibility)
      .select('u.request_id', 'request_id')
      .addSelect('u.version', 'version')
      .addSelect('u.rollout_id', 'rollout_id')
      .addSelect('u.status', 'status')
      .addSelect('COUNT(u.id)', 'count')
      .andWhere(ids.condition('u.request_id'), { requestIds: ids.value })
      .groupBy('u.request_id')
      .addGroupBy('u.version')
      .addGroupBy('u.rollout_id')
      .addGroupBy('u.status')
      .getRawMany<{
        request_id: string;
        version: string;
        rollout_id: number | string | null;
        status: UpgradeStatus;
        count: number | string;
      }>();
    return rows.map((row) => ({
      request_id: row.request_id,
      version: row.version,
      rollout_id: row.rollout_id === null ? null : Number(row.rollout_id),
      status: row.status,
      count: Number(row.count),
    }));
  }

  /**
   * The ids of the newest requests (their ids sort by time) with a visible upgrade matching the
   * filter, at most `limit`: one statement.
   */
  async newest(
    orgId: number,
    visibility: UpgradeVisibility,
    filter: RequestFilter,
    limit: number,
  ): Promise<string[]> {
    const query = this.visible(orgId, visibility)
      .select('u.request_id', 'request_id')
      .andWhere('u.request_id IS NOT NULL')
      .groupBy('u.request_id')
      .orderBy('u.request_id', 'DESC')
      .limit(limit);
    if (filter.status !== undefined) {
      query.andWhere('u.status = :status', { status: filter.status });
    }
    if (filter.version !== undefined) {
      query.andWhere('u.version = :version', { version: filter.version });
    }
    if (filter.network_id !== undefined) {
      query.andWhere('d.location_network_id = :networkId', { networkId: filter.network_id });
    }
    const rows = await query.getRawMany<{ request_id: string }>();
    return rows.map((row) => row.request_id);
  }

  /** The visible upgrades of the request in this status, by id (one statement). */
  inStatus(
    orgId: number,
    visibility: UpgradeVisibility,
    requestId: string,
    status: UpgradeStatus,
  ): Promise<Upgrade[]> {
    return this.visible(orgId, visibility)
      .andWhere('u.request_id = :requestId', { requestId })
      .andWhere('u.status = :status', { status })
      .orderBy('u.id', 'ASC')
      .getMany();
  }
}
