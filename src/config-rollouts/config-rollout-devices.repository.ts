import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { TenantRepository } from '../common/tenancy/tenant.repository';
import { Dialect, SqlBuilder } from '../database/dialect';
import { insertRecords } from '../database/insert-records';
import { deviceStatusCondition } from '../device-state/device-liveness';
import { heartbeatInstant } from '../device-state/heartbeats.repository';
import { ConfigOutcome, ConfigRolloutDevice } from './config-rollout.entity';

/**
 * When a device is DOWN at the moment a rollout decides: its last heartbeat before `upSince`
 * (the rule of current_status), having gone DOWN `timeoutSeconds` after that heartbeat.
 */
export interface Liveness {
  upSince: Date;
  timeoutSeconds: number;
}

/** How many devices of one stage of one rollout have each outcome. */
export interface OutcomeCount {
  config_rollout_id: number;
  stage: number;
  outcome: ConfigOutcome;
  count: number;
}

/** A device of a rollout as its device list shows it. */
export interface RolloutDeviceRow {
  id: number;
  mac_id: string;
  name: string | null;
  stage: number;
  outcome: ConfigOutcome;
  reported_at: Date | null;
  error: string | null;
}

/**
 * The devices of a rollout that still count: those still in the rollout's network (a device
 * moved out, released or removed leaves it).
 */
const MEMBER = `EXISTS (SELECT 1 FROM "devices" d JOIN "config_rollouts" r
  ON r."id" = crd."config_rollout_id"
  WHERE d."id" = crd."device_id" AND d."location_network_id" = r."location_network_id")`;

/**
 * Every query on the devices of configuration rollouts, organisation first. Outcomes move only
 * by conditional UPDATEs, each one statement whatever the number of devices. They read the
 * heartbeat records (UP, `silent_since`) where a device's outcome depends on them.
 */
@Injectable()
export class ConfigRolloutDevicesRepository extends TenantRepository<ConfigRolloutDevice> {
  constructor(txHost: TransactionHost<TransactionalAdapterTypeOrm>, dialect: Dialect) {
    super(txHost, ConfigRolloutDevice, dialect);
  }

  /** The rollout's devices, each with its stage and place, in ONE statement. */
  insert(
    orgId: number,
    rolloutId: number,
    devices: { device_id: number; stage: number; position: number }[],
  ): Promise<void> {
    return insertRecords(
      this.manager,
      this.dialect,
      ConfigRolloutDevice,
      ['organisation_id', 'config_rollout_id', 'device_id', 'stage', 'position', 'outcome'],
      devices.map((d) => [orgId, rolloutId, d.device_id, d.stage, d.position, 'pending']),
    );
  }

  /**
   * Opens stages `from` to `to` of the rollout: each device UP now (its last heartbeat at
   * `liveness.upSince` or later: the rule of current_status, whether or not the DOWN sweep has
   * recorded it yet) waits, the others are skipped; each keeps its heartbeat record's
   * `silent_since`, so that a later DOWN shows.
   */
  async open(
    orgId: number,
    rolloutId: number,
    stages: { from: number; to: number },
    liveness: Liveness,
  ): Promise<void> {
    // Marks made in the order they appear (SQLite binds by position).
    const sql = new SqlBuilder(this.dialect);
    const up = deviceStatusCondition(
      'UP',
      'h."received_at"',
      heartbeatInstant(this.manager, sql, liveness.upSince),
    );
    await this.manager.query(
      `UPDATE "config_rollout_devices" SET
         "outcome" = CASE WHEN EXISTS (SELECT 1 FROM "heartbeats" h
           WHERE h."device_id" = "config_rollout_devices"."device_id" AND ${up})
           THEN 'waiting' ELSE 'skipped' END,
         "silent_since" = (SELECT h."silent_since" FROM "heartbeats" h
           WHERE h."device_id" = "config_rollout_devices"."device_id")
       WHERE "organisation_id" = ${sql.param(orgId)}
         AND "config_rollout_id" = ${sql.param(rolloutId)}
         AND "stage" >= ${sql.param(stages.from)} AND "stage" <= ${sql.param(stages.to)}
         AND "outcome" = 'pending'`,
      sql.params,
    );
  }

  /**
   * Fails the waiting devices of these rollouts that went DOWN since their stage opened: recorded
   * DOWN now, or recorded DOWN and UP again (a newer `silent_since`), or DOWN now by their last
   * heartbeat (older than `liveness.upSince`) though the DOWN sweep has not recorded it yet, unless
   * their watch had passed when they went DOWN (last heartbeat + the timeout).
   */
  async failDown(orgId: number, rolloutIds: number[], liveness: Liveness): Promise<void> {
    if (rolloutIds.length === 0) {
      return;
    }
    // Marks made in the order they appear (SQLite binds by position).
    const sql = new SqlBuilder(this.dialect);
    const crd = '"config_rollout_devices"';
    const scope = `"organisation_id" = ${sql.param(orgId)}
         AND ${sql.inIds('"config_rollout_id"', rolloutIds)}`;
    const downNow = deviceStatusCondition(
      'DOWN',
      'h."received_at"',
      heartbeatInstant(this.manager, sql, liveness.upSince),
    );
    const wentDownAt = this.dialect.instantPlusSeconds('h."received_at"', liveness.timeoutSeconds);
    await this.manager.query(
      `UPDATE "config_rollout_devices" SET "outcome" = 'failed', "error" = 'went DOWN'
       WHERE ${scope} AND "outcome" = 'waiting'
         AND EXISTS (SELECT 1 FROM "heartbeats" h
           WHERE h."device_id" = ${crd}."device_id"
             AND (NOT h."up" OR (h."silent_since" IS NOT NULL
               AND (${crd}."silent_since" IS NULL OR h."silent_since" <> ${crd}."silent_since"))
               OR (${downNow}
                 AND (${crd}."succeeds_at" IS NULL OR ${wentDownAt} < ${crd}."succeeds_at"))))`,
      sql.params,
    );
  }

  /** The waiting devices of these rollouts whose watch has passed at `now` succeed. */
  async succeedWatched(orgId: number, rolloutIds: number[], now: Date): Promise<void> {
    if (rolloutIds.length === 0) {
      return;
    }
    const sql = new SqlBuilder(this.dialect);
    await this.manager.query(
      `UPDATE "config_rollout_devices" SET "outcome" = 'succeeded'
       WHERE "organisation_id" = ${sql.param(orgId)}
         AND ${sql.inIds('"config_rollout_id"', rolloutIds)} AND "outcome" = 'waiting'
         AND "succeeds_at" IS NOT NULL
         AND "succeeds_at" <= ${sql.param(this.persisted('succeeds_at', now))}`,
      sql.params,
    );
  }

  /** The device reported running the rollout's revision: its watch starts (once). */
  async reported(
    orgId: number,
    rolloutId: number,
    deviceId: number,
    at: Date,
    watchSeconds: number,
  ): Promise<void> {
    await this.repository
      .createQueryBuilder()
      .update()
      .set({ reported_at: at, succeeds_at: new Date(at.getTime() + watchSeconds * 1000) })
      .where('organisation_id = :orgId AND config_rollout_id = :rolloutId', { orgId, rolloutId })
      .andWhere("device_id = :deviceId AND outcome = 'waiting' AND reported_at IS NULL", {
        deviceId,
      })
      .execute();
  }

  /** The device reported an error applying the rollout's revision: it fails (once). */
  async failed(orgId: number, rolloutId: number, deviceId: number, error: string): Promise<void> {
    await this.repository
      .createQueryBuilder()
      .update()
      .set({ outcome: 'failed', error: error.slice(0, 1000) })
      .where('organisation_id = :orgId AND config_rollout_id = :rolloutId', { orgId, rolloutId })
      .andWhere("device_id = :deviceId AND outcome = 'waiting'", { deviceId })
      .execute();
  }

  /** The counts of each stage and outcome of these rollouts' devices that still count. */
  async counts(orgId: number, rolloutIds: number[]): Promise<OutcomeCount[]> {
    if (rolloutIds.length === 0) {
      return [];
    }
    const sql = new SqlBuilder(this.dialect);
    const rows: {
      config_rollout_id: unknown;
      stage: unknown;
      outcome: ConfigOutcome;
      n: unknown;
    }[] = await this.manager.query(
      `SELECT crd."config_rollout_id", crd."stage", crd."outcome", COUNT(*) AS n
         FROM "config_rollout_devices" crd
         WHERE crd."organisation_id" = ${sql.param(orgId)}
           AND ${sql.inIds('crd."config_rollout_id"', rolloutIds)} AND ${MEMBER}
         GROUP BY crd."config_rollout_id", crd."stage", crd."outcome"`,
      sql.params,
    );
    return rows.map((row) => ({
      config_rollout_id: Number(row.config_rollout_id),
      stage: Number(row.stage),
      outcome: row.outcome,
      count: Number(row.n),
    }));
  }

  /** The MACs of the devices of the rollout's first `stages` stages that still count, in order. */
  async macsOfStages(orgId: number, rolloutId: number, stages: number): Promise<string[]> {
    const sql = new SqlBuilder(this.dialect);
    const rows: { mac_id: string }[] = await this.manager.query(
      `SELECT d."mac_id" FROM "config_rollout_devices" crd
       JOIN "devices" d ON d."id" = crd."device_id"
       WHERE crd."organisation_id" = ${sql.param(orgId)}
         AND crd."config_rollout_id" = ${sql.param(rolloutId)}
         AND crd."stage" <= ${sql.param(stages)} AND ${MEMBER}
       ORDER BY crd."stage", crd."position"`,
      sql.params,
    );
    return rows.map((row) => row.mac_id);
  }

  /**
   * A page of the rollout's devices that still count (with this outcome, unless null), by stage
   * then place, and their total.
   */
  async page(
    orgId: number,
    rolloutId: number,
    outcome: ConfigOutcome | null,
    offset: number,
    limit: number,
  ): Promise<[RolloutDeviceRow[], number]> {
    const where = (sql: SqlBuilder) =>
      `crd."organisation_id" = ${sql.param(orgId)}
       AND crd."config_rollout_id" = ${sql.param(rolloutId)} AND ${MEMBER}` +
      (outcome === null ? '' : ` AND crd."outcome" = ${sql.param(outcome)}`);
    const count = new SqlBuilder(this.dialect);
    const [{ n }] = await this.manager.query<{ n: unknown }[]>(
      `SELECT COUNT(*) AS n FROM "config_rollout_devices" crd WHERE ${where(count)}`,
      count.params,
    );
    const sql = new SqlBuilder(this.dialect);
    const rows: (Omit<RolloutDeviceRow, 'reported_at'> & { reported_at: unknown })[] =
      await this.manager.query(
        `SELECT d."id", d."mac_id", d."name", crd."stage", crd."outcome", crd."reported_at",
           crd."error"
         FROM "config_rollout_devices" crd JOIN "devices" d ON d."id" = crd."device_id"
         WHERE ${where(sql)}
         ORDER BY crd."stage", crd."position"
         ${sql.page(limit, offset)}`,
        sql.params,
      );
    return [
      rows.map((row) => ({
        id: Number(row.id),
        mac_id: row.mac_id,
        name: row.name,
        stage: Number(row.stage),
        outcome: row.outcome,
        reported_at: this.dateOf(row.reported_at),
        error: row.error,
      })),
      Number(n),
    ];
  }

  private dateOf(value: unknown): Date | null {
    if (value === null || value === undefined) {
      return null;
    }
    if (value instanceof Date) {
      return value;
    }
    // SQLite keeps `YYYY-MM-DD HH:MM:SS.SSS` in UTC.
    const text = value as string;
    return new Date(text.includes('T') ? text : `${text.replace(' ', 'T')}Z`);
  }
}
