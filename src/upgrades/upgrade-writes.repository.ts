import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { UpdateQueryBuilder } from 'typeorm';
import { TenantRepository } from '../common/tenancy/tenant.repository';
import { Dialect, SqlBuilder } from '../database/dialect';
import { persistedColumn } from '../database/persisted-value';
import { Upgrade, UpgradeStatus } from '../firmware/upgrade.entity';
import { OPEN_STATUSES, ReportChange, TIMED_OUT } from '../firmware/upgrade-lifecycle';

/** The attributes every upgrade written by one request gets (version, type, schedule, ...). */
export interface UpgradeAttributes {
  version: string;
  upgrade_type: string;
  schedule_type: string;
  schedule_at: Date | null;
  time_zone: string | null;
  save_prev_config: boolean;
  /** The rollout and stage the write puts the upgrade in; null: none. */
  rollout_id: number | null;
  rollout_stage: number | null;
  /** The request that writes it (`upgrade-request.ts`). */
  request_id: string;
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
  'request_id',
];

/** A revert upgrade just created (`revert_of` the done upgrade it reverts). */
export interface RevertRow {
  id: number;
  device_id: number;
  version: string;
  revert_of: number;
}

/** An upgrade a conditional update closed (or a delete removed), as its event names it. */
export interface ClosedUpgrade {
  id: number;
  device_id: number;
  version: string;
  previous_version: string | null;
  rollout_id: number | null;
  error: string | null;
}

type ClosedUpgradeRow = { [K in keyof ClosedUpgrade]: ClosedUpgrade[K] | string };

const CLOSED_COLUMNS = '"id", "device_id", "version", "previous_version", "rollout_id", "error"';

const closedUpgrade = (row: ClosedUpgradeRow): ClosedUpgrade => ({
  id: Number(row.id),
  device_id: Number(row.device_id),
  version: String(row.version),
  previous_version: row.previous_version === null ? null : String(row.previous_version),
  rollout_id: row.rollout_id === null ? null : Number(row.rollout_id),
  error: row.error === null ? null : String(row.error),
});

/**
 * The writes of the upgrades table, apart from its reads
 * (UpgradesRepository): pending upgrades inserted and rewritten by INSERT … SELECT and UPDATE
 * (one statement whatever the number of devices, each parameter cast to its column's type from
 * the entity metadata), and the lifecycle's conditional UPDATEs, which any instance may run at
 * any time: the first to change a row decides.
 */
@Injectable()
export class UpgradeWritesRepository extends TenantRepository<Upgrade> {
  constructor(txHost: TransactionHost<TransactionalAdapterTypeOrm>, dialect: Dialect) {
    super(txHost, Upgrade, dialect);
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

  /** A check-in running the version of the device's upgrade in progress completes it. */
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
   * Fails, with error `timed out`, these upgrades if they are still in progress and their device
   * has not checked in since `cutoff`: one conditional UPDATE, so that any instance may run it
   * at any time and the first one to do so decides. Returns those it failed.
   */
  async failTimedOut(
    orgId: number,
    ids: number[],
    cutoff: Date,
    at: Date,
  ): Promise<ClosedUpgrade[]> {
    if (ids.length === 0) {
      return [];
    }
    const sql = new SqlBuilder(this.dialect);
    const typed = this.typedParam(sql);
    const rows = await this.dialect.preparedQuery<ClosedUpgradeRow>(
      this.manager,
      `UPDATE "upgrades" SET "status" = 'failed', "error" = ${sql.param(TIMED_OUT)},
         "completed_at" = ${typed('completed_at', at)}, "updated_at" = ${typed('updated_at', at)}
       WHERE "organisation_id" = ${sql.param(orgId)} AND "status" = 'in_progress'
         AND ${sql.inIds('"id"', ids)}
         AND COALESCE("device_seen_at", "updated_at") < ${typed('device_seen_at', cutoff)}
       RETURNING ${CLOSED_COLUMNS}`,
      sql.params,
    );
    return rows.map(closedUpgrade);
  }

  /** Cancels the rollout's pending upgrades (a halt): one UPDATE; returns them. */
  async cancelPending(orgId: number, rolloutId: number): Promise<ClosedUpgrade[]> {
    const sql = new SqlBuilder(this.dialect);
    const typed = this.typedParam(sql);
    const rows = await this.dialect.preparedQuery<ClosedUpgradeRow>(
      this.manager,
      `UPDATE "upgrades" SET "status" = 'cancelled', "updated_at" = ${typed('updated_at', new Date())}
       WHERE "organisation_id" = ${sql.param(orgId)} AND "rollout_id" = ${sql.param(rolloutId)}
         AND "status" = 'pending'
       RETURNING ${CLOSED_COLUMNS}`,
      sql.params,
    );
    return rows.map(closedUpgrade);
  }

  /**
   * Creates the revert of each of these upgrades: a pending manual upgrade of its
   * device to its previous_version, scheduled now, in no rollout, `revert_of` its id. One
   * INSERT … SELECT; a device that has a pending upgrade by then keeps it (the unique index
   * skips it). Returns the reverts created, each with the id of the upgrade it reverts.
   */
  async insertReverts(orgId: number, upgradeIds: number[], at: Date): Promise<RevertRow[]> {
    if (upgradeIds.length === 0) {
      return [];
    }
    const sql = new SqlBuilder(this.dialect);
    const typed = this.typedParam(sql);
    const no = typed('save_prev_config', false);
    const createdAt = typed('created_at', at);
    const updatedAt = typed('updated_at', at);
    const rows: RevertRow[] = await this.manager.query(
      `INSERT INTO "upgrades" ("organisation_id", "device_id", "version", "upgrade_type", "schedule_type", "schedule_at", "time_zone", "save_prev_config", "aps", "status", "revert_of", "created_at", "updated_at")
       SELECT u."organisation_id", u."device_id", u."previous_version", 'manual', 'now', NULL, NULL, ${no}, u."aps", 'pending', u."id", ${createdAt}, ${updatedAt}
       FROM "upgrades" u
       WHERE u."organisation_id" = ${sql.param(orgId)} AND ${sql.inIds('u."id"', upgradeIds)}
       ON CONFLICT DO NOTHING
       RETURNING "id", "device_id", "version", "revert_of"`,
      sql.params,
    );
    return rows.map((row) => ({
      id: Number(row.id),
      device_id: Number(row.device_id),
      version: row.version,
      revert_of: Number(row.revert_of),
    }));
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

  /**
   * Deletes those of these upgrades of the organisation that are still pending, in one DELETE
   * (only a pending upgrade can be deleted); returns those it deleted.
   */
  async deletePending(orgId: number, ids: number[]): Promise<ClosedUpgrade[]> {
    if (ids.length === 0) {
      return [];
    }
    const sql = new SqlBuilder(this.dialect);
    const rows = await this.dialect.preparedQuery<ClosedUpgradeRow>(
      this.manager,
      `DELETE FROM "upgrades"
       WHERE "organisation_id" = ${sql.param(orgId)} AND "status" = 'pending'
         AND ${sql.inIds('"id"', ids)}
       RETURNING ${CLOSED_COLUMNS}`,
      sql.params,
    );
    return rows.map(closedUpgrade);
  }

  /**
   * Cancels those of these upgrades of the organisation that are still pending, in one UPDATE
   * (a conditional one: an upgrade that started meanwhile stays started); returns those it
   * cancelled. They stay as history, as a halted rollout's do.
   */
  async cancelPendingOf(orgId: number, ids: number[], at: Date): Promise<ClosedUpgrade[]> {
    if (ids.length === 0) {
      return [];
    }
    const sql = new SqlBuilder(this.dialect);
    const typed = this.typedParam(sql);
    const rows = await this.dialect.preparedQuery<ClosedUpgradeRow>(
      this.manager,
      `UPDATE "upgrades" SET "status" = 'cancelled', "updated_at" = ${typed('updated_at', at)}
       WHERE "organisation_id" = ${sql.param(orgId)} AND "status" = 'pending'
         AND ${sql.inIds('"id"', ids)}
       RETURNING ${CLOSED_COLUMNS}`,
      sql.params,
    );
    return rows.map(closedUpgrade);
  }

  /** A parameter of `sql` holding a column's value, cast to the column's type (entity metadata). */
  private typedParam(sql: SqlBuilder) {
    return (column: keyof Upgrade, value: unknown): string => {
      const bound = persistedColumn(this.manager, Upgrade, column, value);
      return sql.param(bound.value, bound.type);
    };
  }
}
