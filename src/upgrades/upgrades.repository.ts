import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { In, SelectQueryBuilder, UpdateQueryBuilder } from 'typeorm';
import { TenantRepository } from '../common/tenancy/tenant.repository';
import { Dialect, SqlBuilder } from '../database/dialect';
import { persistedColumn, persistedValue } from '../database/persisted-value';
import { Upgrade, UpgradeStatus } from './upgrade.entity';
import { OPEN_STATUSES, ReportChange, TIMED_OUT } from './upgrade-lifecycle';

/** The attributes every upgrade written by one request gets (SPEC 4.4 rule 5). */
export interface UpgradeAttributes {
  version: string;
  upgrade_type: string;
  schedule_type: string;
  schedule_at: Date | null;
  time_zone: string | null;
  save_prev_config: boolean;
  /** The rollout and stage the write puts the upgrade in (DEVICES 6); null: none. */
  rollout_id: number | null;
  rollout_stage: number | null;
}

const ATTRIBUTES: readonly (keyof UpgradeAttributes)[] = [
  'version',
  'upgrade_type',
  'schedule_type',
  'schedule_at',
  'time_zone',
  'save_prev_config',
  'rollout_id',
  'rollout_stage',
];

/**
 * Which upgrades a caller may see: `networkIds` limits them to upgrades of devices in those
 * networks (a member's readable networks; devices in no network excluded); absent, all of them.
 */
export interface UpgradeVisibility {
  networkIds?: number[];
}

/** Which upgrades a listing shows (GET /upgrades: `id`, `status`, `rollout_id`, `device_id`). */
export interface UpgradeFilter {
  id?: number;
  status?: UpgradeStatus;
  rollout_id?: number;
  device_id?: number;
}

/** What a device record shows of its pending upgrade (CONTRACT 7). */
export type ShownPendingUpgrade = Pick<
  Upgrade,
  'id' | 'version' | 'upgrade_type' | 'schedule_type' | 'schedule_at' | 'time_zone' | 'status'
>;

/** Upgrades of an organisation; every bulk method issues one statement whatever the count. */
@Injectable()
export class UpgradesRepository extends TenantRepository<Upgrade> {
  constructor(
    txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    dialect: Dialect,
  ) {
    super(txHost, Upgrade, dialect);
  }

  private withDevice(orgId: number): SelectQueryBuilder<Upgrade> {
    return this.scoped(orgId, 'u').leftJoinAndSelect('u.device', 'd').orderBy('u.id', 'ASC');
  }

  /** `withDevice` limited, in the same statement, to the upgrades the caller may see. */
  private visible(orgId: number, visibility: UpgradeVisibility): SelectQueryBuilder<Upgrade> {
    const query = this.withDevice(orgId);
    if (visibility.networkIds !== undefined) {
      const ids = this.dialect.idsParameter('readableNetworkIds', visibility.networkIds);
      query.andWhere(ids.condition('d.location_network_id'), { readableNetworkIds: ids.value });
    }
    return query;
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
   * One page of the visible upgrades matching the filter, newest (highest id) first, with their
   * device, and how many match in all (two statements).
   */
  page(
    orgId: number,
    visibility: UpgradeVisibility,
    filter: UpgradeFilter,
    page: { offset: number; limit: number },
  ): Promise<[Upgrade[], number]> {
    return this.matching(orgId, visibility, filter)
      .orderBy('u.id', 'DESC')
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

  /** Creates one pending upgrade per device (aps `AP:<device id>`) in one INSERT … SELECT. */
  async insertPending(orgId: number, deviceIds: number[], attributes: UpgradeAttributes) {
    if (deviceIds.length === 0) {
      return;
    }
    const sql = new SqlBuilder(this.dialect);
    const now = new Date();
    const columns = ATTRIBUTES;
    const typed = this.typedParam(sql);
    const organisation = typed('organisation_id', orgId);
    const values = columns.map((column) => typed(column, attributes[column]));
    const createdAt = typed('created_at', now);
    const updatedAt = typed('updated_at', now);
    const ids = sql.idTable(deviceIds);
    await this.manager.query(
      `INSERT INTO "upgrades" ("organisation_id", "device_id", ${columns.map((c) => `"${c}"`).join(', ')}, "aps", "status", "created_at", "updated_at")
       SELECT ${organisation}, t.value, ${values.join(', ')}, '["AP:' || t.value || '"]', 'pending', ${createdAt}, ${updatedAt}
       FROM ${ids}`,
      sql.params,
    );
  }

  /** Replaces the attributes of these pending upgrades of the organisation in one UPDATE. */
  async updatePending(orgId: number, upgradeIds: number[], attributes: UpgradeAttributes) {
    if (upgradeIds.length === 0) {
      return;
    }
    const sql = new SqlBuilder(this.dialect);
    const columns = ATTRIBUTES;
    const assignments = columns.map(
      (column) => `"${column}" = ${sql.param(this.persisted(column, attributes[column]))}`,
    );
    assignments.push(`"updated_at" = ${sql.param(this.persisted('updated_at', new Date()))}`);
    await this.manager.query(
      `UPDATE "upgrades" SET ${assignments.join(', ')}
       WHERE "organisation_id" = ${sql.param(orgId)} AND "status" = 'pending' AND ${sql.inIds('"id"', upgradeIds)}`,
      sql.params,
    );
  }

  /** The device's upgrades that reports can still change (pending, in progress), oldest first. */
  findOpenOfDevice(orgId: number, deviceId: number): Promise<Upgrade[]> {
    return this.repository.find({
      where: { organisation_id: orgId, device_id: deviceId, status: In([...OPEN_STATUSES]) },
      order: { id: 'ASC' },
    });
  }

  /**
   * Applies a device's report to its upgrade if it is still pending or in progress, in one
   * conditional UPDATE (a report racing another on the same row is re-checked by the database
   * after the first commits). The first report sets started_at and previous_version.
   */
  async applyReport(
    orgId: number,
    deviceId: number,
    upgradeId: number,
    change: ReportChange,
    previousVersion: string | null,
    at: Date,
  ): Promise<boolean> {
    const result = await this.openUpgradeUpdate(orgId, deviceId, at)
      .set({
        status: change.status,
        ...(change.progress === undefined ? {} : { progress: change.progress }),
        ...(change.error === undefined ? {} : { error: change.error }),
        started_at: () => 'COALESCE("started_at", :at)',
        previous_version: () =>
          'CASE WHEN "started_at" IS NULL THEN CAST(:previousVersion AS varchar(64)) ELSE "previous_version" END',
        ...(change.completes ? { completed_at: () => ':at' } : {}),
        device_seen_at: () => ':at',
      })
      .andWhere('"id" = :upgradeId', { upgradeId })
      .setParameter('previousVersion', previousVersion)
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** DEVICES 5: a check-in running the version of the device's upgrade in progress completes it. */
  async completeInProgress(orgId: number, deviceId: number, version: string, at: Date) {
    const result = await this.openUpgradeUpdate(orgId, deviceId, at, 'in_progress')
      .set({
        status: 'done',
        progress: 100,
        completed_at: () => ':at',
        device_seen_at: () => ':at',
      })
      .andWhere('"version" = :version', { version })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** Records a check-in of the device on its upgrade in progress (the timeout counts from it). */
  async touchInProgress(orgId: number, deviceId: number, at: Date): Promise<void> {
    await this.openUpgradeUpdate(orgId, deviceId, at, 'in_progress')
      .set({ device_seen_at: () => ':at' })
      .execute();
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
   * Fails, with error `timed out`, these upgrades if they are still in progress and their device
   * has not checked in since `cutoff`: one conditional UPDATE, so that any instance may run it
   * at any time and the first one to do so decides. Returns how many it failed.
   */
  async failTimedOut(orgId: number, ids: number[], cutoff: Date, at: Date): Promise<number> {
    if (ids.length === 0) {
      return 0;
    }
    const list = this.dialect.idsParameter('timedOutIds', ids);
    const result = await this.repository
      .createQueryBuilder()
      .update(Upgrade)
      .set({ status: 'failed', error: TIMED_OUT, completed_at: () => ':at' })
      .where('"organisation_id" = :orgId AND "status" = \'in_progress\'', { orgId })
      .andWhere(list.condition('"id"'), { timedOutIds: list.value })
      .andWhere('COALESCE("device_seen_at", "updated_at") < :cutoff', {
        cutoff: this.persisted('device_seen_at', cutoff),
      })
      .setParameter('at', this.persisted('completed_at', at))
      .execute();
    return result.affected ?? 0;
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

  /** Cancels the rollout's pending upgrades (DEVICES 6 halt): one UPDATE. */
  async cancelPending(orgId: number, rolloutId: number): Promise<void> {
    await this.repository.update(
      { organisation_id: orgId, rollout_id: rolloutId, status: 'pending' },
      { status: 'cancelled' },
    );
  }

  /** The rollout's done upgrades with their device, by id. */
  findDoneOfRollout(orgId: number, rolloutId: number): Promise<Upgrade[]> {
    return this.withDevice(orgId)
      .andWhere('u.rollout_id = :rolloutId', { rolloutId })
      .andWhere("u.status = 'done'")
      .getMany();
  }

  /**
   * Creates the revert of each of these upgrades (DEVICES 6): a pending manual upgrade of its
   * device to its previous_version, scheduled now, in no rollout, `revert_of` its id. One
   * INSERT … SELECT; a device that has a pending upgrade by then keeps it (the unique index
   * skips it). Returns the ids of the upgrades that were reverted.
   */
  async insertReverts(orgId: number, upgradeIds: number[], at: Date): Promise<number[]> {
    if (upgradeIds.length === 0) {
      return [];
    }
    const sql = new SqlBuilder(this.dialect);
    const typed = this.typedParam(sql);
    const no = typed('save_prev_config', false);
    const createdAt = typed('created_at', at);
    const updatedAt = typed('updated_at', at);
    const rows: { revert_of: number }[] = await this.manager.query(
      `INSERT INTO "upgrades" ("organisation_id", "device_id", "version", "upgrade_type", "schedule_type", "schedule_at", "time_zone", "save_prev_config", "aps", "status", "revert_of", "created_at", "updated_at")
       SELECT u."organisation_id", u."device_id", u."previous_version", 'manual', 'now', NULL, NULL, ${no}, u."aps", 'pending', u."id", ${createdAt}, ${updatedAt}
       FROM "upgrades" u
       WHERE u."organisation_id" = ${sql.param(orgId)} AND ${sql.inIds('u."id"', upgradeIds)}
       ON CONFLICT DO NOTHING
       RETURNING "revert_of"`,
      sql.params,
    );
    return rows.map((row) => Number(row.revert_of));
  }

  /** An UPDATE of the device's pending or in-progress upgrades (`:at` bound to `at`). */
  private openUpgradeUpdate(
    orgId: number,
    deviceId: number,
    at: Date,
    status?: UpgradeStatus,
  ): UpdateQueryBuilder<Upgrade> {
    const statuses = status ? [status] : [...OPEN_STATUSES];
    return this.repository
      .createQueryBuilder()
      .update(Upgrade)
      .where('"organisation_id" = :orgId AND "device_id" = :deviceId', { orgId, deviceId })
      .andWhere('"status" IN (:...statuses)', { statuses })
      .setParameter('at', this.persisted('device_seen_at', at));
  }

  /** Deletes the organisation's upgrade if it is still pending; false when it was not. */
  async deletePending(orgId: number, id: number): Promise<boolean> {
    const result = await this.repository.delete({ organisation_id: orgId, id, status: 'pending' });
    return (result.affected ?? 0) > 0;
  }

  /** A value in the form TypeORM stores for the column (dates and booleans differ by driver). */
  /** A parameter of `sql` holding a column's value, cast to the column's type (entity metadata). */
  private typedParam(sql: SqlBuilder) {
    return (column: keyof Upgrade, value: unknown): string => {
      const bound = persistedColumn(this.manager, Upgrade, column, value);
      return sql.param(bound.value, bound.type);
    };
  }

  private persisted(property: keyof Upgrade, value: unknown): unknown {
    return persistedValue(this.manager, Upgrade, property, value);
  }
}
