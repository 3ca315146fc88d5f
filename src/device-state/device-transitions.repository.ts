import { Injectable } from '@nestjs/common';
import { TransactionalRepository } from '../database/transactional-repository';
import { SqlBuilder } from '../database/dialect';
import { hydratedValue } from '../database/persisted-value';
import { Heartbeat } from './heartbeat.entity';
import { heartbeatInstant } from './heartbeats.repository';

/**
 * The recorded state of the heartbeat records that events follow: UP or DOWN,
 * the revision a device runs and its configuration error. Every change is a conditional UPDATE,
 * so that of concurrent writers on any number of instances exactly one makes it (and records its
 * event); the statements are named prepared statements (the sweep runs every second).
 */
@Injectable()
export class DeviceTransitionsRepository extends TransactionalRepository {
  /**
   * Records the organisation's device UP if it is recorded DOWN (or was never heard from): one
   * conditional UPDATE, so that of any number of concurrent heartbeats on any number of
   * instances exactly one changes the row and records the device.up. Returns, for that one, the
   * time of the last heartbeat before the device went silent (null when never heard from); null
   * when the device was UP already.
   */
  async markUp(orgId: number, deviceId: number): Promise<{ silent_since: Date | null } | null> {
    const sql = new SqlBuilder(this.dialect);
    // silent_since is left as it is (RETURNING shows the row after the update).
    const rows = await this.dialect.preparedQuery<{ silent_since: unknown }>(
      this.manager,
      `UPDATE "heartbeats" SET "up" = true
       WHERE "device_id" = ${sql.param(deviceId)} AND "organisation_id" = ${sql.param(orgId)}
         AND "up" = false
       RETURNING "silent_since"`,
      sql.params,
    );
    if (rows.length === 0) {
      return null;
    }
    const silent = hydratedValue(this.manager, Heartbeat, 'silent_since', rows[0].silent_since);
    return { silent_since: silent === null ? null : (silent as Date) };
  }

  /**
   * The DOWN sweep: records DOWN every device recorded UP whose last heartbeat is
   * older than `cutoff`, in every organisation, and returns them with that heartbeat's time. One
   * conditional UPDATE that reads only the index of UP devices' heartbeats older than the cutoff
   * (IDX_heartbeats_up_received, partial): nothing else is scanned however large the fleet, and
   * of several instances sweeping at once each device's change is made by one.
   */
  async sweepDown(
    cutoff: Date,
  ): Promise<{ device_id: number; organisation_id: number; received_at: Date }[]> {
    const sql = new SqlBuilder(this.dialect);
    const rows = await this.dialect.preparedQuery<{
      device_id: number | string;
      organisation_id: number | string;
      received_at: unknown;
    }>(
      this.manager,
      `UPDATE "heartbeats" SET "up" = false, "silent_since" = "received_at"
         WHERE "up" = true AND "received_at" < ${heartbeatInstant(this.manager, sql, cutoff)}
         RETURNING "device_id", "organisation_id", "received_at"`,
      sql.params,
    );
    return rows.map((row) => ({
      device_id: Number(row.device_id),
      organisation_id: Number(row.organisation_id),
      received_at: hydratedValue(this.manager, Heartbeat, 'received_at', row.received_at) as Date,
    }));
  }

  /**
   * Records the revision the organisation's device reports running if it differs from the
   * recorded one (device.config_applied): one conditional UPDATE, so that of
   * concurrent identical reports one records it. Returns whether this one did.
   */
  async recordAppliedRevision(orgId: number, deviceId: number, revision: string): Promise<boolean> {
    const sql = new SqlBuilder(this.dialect);
    const rows = await this.dialect.preparedQuery(
      this.manager,
      `UPDATE "heartbeats" SET "applied_revision" = ${sql.param(revision)}
       WHERE "device_id" = ${sql.param(deviceId)} AND "organisation_id" = ${sql.param(orgId)}
         AND ("applied_revision" IS NULL OR "applied_revision" <> ${sql.param(revision)})
       RETURNING "device_id"`,
      sql.params,
    );
    return rows.length > 0;
  }

  /**
   * Records a configuration error about the device's current revision if it differs from the
   * recorded one, by revision or message (device.config_failed; a device repeating
   * its error at every check-in records it once). Returns whether this one did.
   */
  async recordConfigError(
    orgId: number,
    deviceId: number,
    error: { revision: string; message: string },
  ): Promise<boolean> {
    const sql = new SqlBuilder(this.dialect);
    const revision = sql.param(error.revision);
    const message = sql.param(error.message);
    const rows = await this.dialect.preparedQuery(
      this.manager,
      `UPDATE "heartbeats" SET "config_error_revision" = ${revision}, "config_error_message" = ${message}
       WHERE "device_id" = ${sql.param(deviceId)} AND "organisation_id" = ${sql.param(orgId)}
         AND ("config_error_revision" IS NULL OR "config_error_revision" <> ${sql.param(error.revision)}
              OR "config_error_message" IS NULL OR "config_error_message" <> ${sql.param(error.message)})
       RETURNING "device_id"`,
      sql.params,
    );
    return rows.length > 0;
  }
}
