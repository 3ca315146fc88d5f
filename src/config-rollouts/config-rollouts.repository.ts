import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { TenantRepository } from '../common/tenancy/tenant.repository';
import { Dialect, SqlBuilder } from '../database/dialect';
import { ConfigRollout, ConfigRolloutState } from './config-rollout.entity';

export type NewConfigRollout = Pick<
  ConfigRollout,
  | 'location_network_id'
  | 'base_version'
  | 'ssids'
  | 'diff'
  | 'stages'
  | 'max_failure_percent'
  | 'watch_seconds'
  | 'auto_revert'
  | 'stage_wait_seconds'
  | 'created_by_id'
  | 'created_by_email'
>;

/** The rollout columns written by a transition (the row is locked by the caller). */
export type RolloutTransition = Pick<
  ConfigRollout,
  'id' | 'state' | 'stages' | 'next_stage_at' | 'reverted' | 'reverted_at' | 'finished_at'
>;

/** Which rollouts a list asks for. */
export interface RolloutListFilter {
  network_id?: number;
  state?: ConfigRolloutState;
  /** The networks the caller may read; undefined: all. */
  networkIds?: number[];
}

/** Every query on configuration rollouts, organisation first. */
@Injectable()
export class ConfigRolloutsRepository extends TenantRepository<ConfigRollout> {
  constructor(txHost: TransactionHost<TransactionalAdapterTypeOrm>, dialect: Dialect) {
    super(txHost, ConfigRollout, dialect);
  }

  create(orgId: number, fields: NewConfigRollout): Promise<ConfigRollout> {
    return this.repository.save(
      this.repository.create({
        ...fields,
        organisation_id: orgId,
        state: 'running',
        reverted: [],
        reverted_at: null,
        next_stage_at: null,
        finished_at: null,
      }),
    );
  }

  /**
   * Reads these rollouts and, where the database locks rows (PostgreSQL), locks them until the
   * transaction ends, in id order: every transition is decided under this lock. One statement.
   */
  lock(orgId: number, ids: number[]): Promise<ConfigRollout[]> {
    return this.lockByIds(orgId, ids);
  }

  /** The organisation's running rollouts, locked as `lock` locks them. */
  lockRunning(orgId: number): Promise<ConfigRollout[]> {
    const query = this.scoped(orgId, 'r').andWhere("r.state = 'running'").orderBy('r.id', 'ASC');
    return this.dialect.lockForUpdate(query).getMany();
  }

  /** The organisations with a running rollout, in id order (the periodic work's one statement). */
  async organisationsRunning(): Promise<number[]> {
    const rows = await this.repository
      .createQueryBuilder('r')
      .select('DISTINCT r.organisation_id', 'organisation_id')
      .where("r.state = 'running'")
      .orderBy('r.organisation_id', 'ASC')
      .getRawMany<{ organisation_id: number | string }>();
    return rows.map((row) => Number(row.organisation_id));
  }

  /** A page of the organisation's rollouts, newest (highest id) first, and their total. */
  page(
    orgId: number,
    filter: RolloutListFilter,
    offset: number,
    limit: number,
  ): Promise<[ConfigRollout[], number]> {
    const query = this.scoped(orgId, 'r');
    if (filter.network_id !== undefined) {
      query.andWhere('r.location_network_id = :networkId', { networkId: filter.network_id });
    }
    if (filter.state !== undefined) {
      query.andWhere('r.state = :state', { state: filter.state });
    }
    if (filter.networkIds !== undefined) {
      const list = this.dialect.idsParameter('networkIds', filter.networkIds);
      query.andWhere(list.condition('r.location_network_id'), { networkIds: list.value });
    }
    return query.orderBy('r.id', 'DESC').skip(offset).take(limit).getManyAndCount();
  }

  /** Writes what a transition decided. */
  async save(orgId: number, rollout: RolloutTransition): Promise<void> {
    await this.repository.update(
      { organisation_id: orgId, id: rollout.id },
      {
        state: rollout.state,
        stages: rollout.stages,
        next_stage_at: rollout.next_stage_at,
        reverted: rollout.reverted,
        reverted_at: rollout.reverted_at,
        finished_at: rollout.finished_at,
      },
    );
  }

  /** Whether the network has a running rollout (one statement). */
  async runningOn(orgId: number, networkId: number): Promise<boolean> {
    const sql = new SqlBuilder(this.dialect);
    const rows: unknown[] = await this.manager.query(
      `SELECT 1 FROM "config_rollouts" WHERE "organisation_id" = ${sql.param(orgId)}
         AND "location_network_id" = ${sql.param(networkId)} AND "state" = 'running'`,
      sql.params,
    );
    return rows.length > 0;
  }
}
