import { Injectable } from '@nestjs/common';
import { TransactionalRepository } from '../database/transactional-repository';
import { deviceStatusCondition } from '../device-state/device-liveness';
import { Heartbeat } from '../device-state/heartbeat.entity';
import { SqlBuilder } from '../database/dialect';
import { persistedValue } from '../database/persisted-value';
import { UPGRADE_STATUSES, UpgradeStatus } from '../firmware/upgrade.entity';

/** An organisation's overview numbers, every device and upgrade counted. */
export interface OrganisationCounts {
  networks: number;
  devices: { total: number; up: number; down: number };
  upgrades: Record<UpgradeStatus, number>;
  running_rollouts: number;
}

/**
 * The overview of a whole organisation (an admin's) in ONE statement: its networks, its kept
 * device count (devices/device-counts.ts) and its UP devices by the rule of device-liveness.ts,
 * its upgrades by status and its running rollouts, each a scalar subquery an index answers. A
 * read-only model across owners, as the overview itself is; members' overviews, limited to their
 * networks, are asked of each owner (OverviewService).
 */
@Injectable()
export class OverviewCountsRepository extends TransactionalRepository {
  async ofOrganisation(orgId: number, upSince: Date): Promise<OrganisationCounts> {
    const sql = new SqlBuilder(this.dialect);
    const org = () => sql.param(orgId);
    const since = persistedValue(this.manager, Heartbeat, 'received_at', upSince);
    const columns = [
      `(SELECT COUNT(*) FROM "location_networks" WHERE "organisation_id" = ${org()}) AS networks`,
      `(SELECT "device_count" FROM "organisations" WHERE "id" = ${org()}) AS total`,
      `(SELECT COUNT(*) FROM "heartbeats" h WHERE h."organisation_id" = ${org()}
         AND ${deviceStatusCondition('UP', 'h."received_at"', sql.param(since))}) AS up`,
      ...UPGRADE_STATUSES.map(
        (status) =>
          `(SELECT COUNT(*) FROM "upgrades" WHERE "organisation_id" = ${org()}
             AND "status" = ${sql.param(status)}) AS ${status}`,
      ),
      `(SELECT COUNT(*) FROM "rollouts" WHERE "organisation_id" = ${org()}
         AND "state" = 'running') AS running`,
    ];
    const [row]: Record<string, number | string | null>[] = await this.manager.query(
      `SELECT ${columns.join(', ')}`,
      sql.params,
    );
    const count = (name: string) => Number(row?.[name] ?? 0);
    const total = count('total');
    const up = count('up');
    return {
      networks: count('networks'),
      devices: { total, up, down: total - up },
      upgrades: Object.fromEntries(
        UPGRADE_STATUSES.map((status) => [status, count(status)]),
      ) as Record<UpgradeStatus, number>,
      running_rollouts: count('running'),
    };
  }
}
