import { Injectable } from '@nestjs/common';
import { SqlBuilder } from '../database/dialect';
import { TransactionalRepository } from '../database/transactional-repository';
import { ShownUplink } from '../devices/uplink.view';
import { choiceFactsOf, ConfigChoiceFacts, ConfigChoiceRow } from '../device-config/config-choice';
import { liveUplinksJson, parsedLiveUplinks } from './device-sql';

/** What a device's configuration is built from, with the revision stored for it. */
export interface ConfigSubjectRow {
  id: number;
  mac_id: string;
  name: string | null;
  label: string | null;
  location_network_id: number | null;
  /** Its live uplinks, by id. */
  uplinks: ShownUplink[];
  /** Its network as its configuration shows it (null in none). */
  network: { id: number; network_name: string; timezone: string } | null;
  /** The revision stored for it (Device.config_revision). */
  config_revision: string | null;
  /** What the configuration choice reads of it: its network's or its rollout's configuration. */
  choice: ConfigChoiceFacts;
  /** The SSIDs (JSON text) of its network's latest configuration rollout if it is one of its. */
  rollout_ssids: string | null;
}

interface RawSubjectRow extends ConfigChoiceRow {
  id: number | string;
  mac_id: string;
  name: string | null;
  label: string | null;
  location_network_id: number | string | null;
  config_revision: string | null;
  network_name: string | null;
  network_timezone: string | null;
  uplinks: unknown;
  cr_ssids: string | null;
}

/**
 * The devices whose configuration revisions are computed (config-revisions/): each with what its
 * configuration is built from (its record's name and label, its network, its live uplinks, its
 * place in its network's latest configuration rollout, which chooseConfiguration reads) and the
 * revision stored for it, in one statement whatever their number.
 */
@Injectable()
export class ConfigSubjectsRepository extends TransactionalRepository {
  /** The organisation's devices in these networks or with these ids, by id. */
  async of(
    orgId: number,
    scope: { networkIds: readonly number[]; deviceIds: readonly number[] },
  ): Promise<ConfigSubjectRow[]> {
    const sql = new SqlBuilder(this.dialect);
    const org = sql.param(orgId);
    const alternatives: string[] = [];
    if (scope.networkIds.length > 0) {
      alternatives.push(sql.inIds('d."location_network_id"', [...scope.networkIds]));
    }
    if (scope.deviceIds.length > 0) {
      alternatives.push(sql.inIds('d."id"', [...scope.deviceIds]));
    }
    if (alternatives.length === 0) {
      return [];
    }
    return this.read(sql, `d."organisation_id" = ${org} AND (${alternatives.join(' OR ')})`);
  }

  /** Up to `limit` of the organisation's devices with an id above `afterId`, by id. */
  page(orgId: number, afterId: number, limit: number): Promise<ConfigSubjectRow[]> {
    const sql = new SqlBuilder(this.dialect);
    const where = `d."organisation_id" = ${sql.param(orgId)} AND d."id" > ${sql.param(afterId)}`;
    return this.read(sql, where, sql.param(limit));
  }

  /** The ids of the organisations that hold devices (an operator's check walks them all). */
  async organisationIds(): Promise<number[]> {
    const rows: { organisation_id: number | string }[] = await this.manager.query(
      `SELECT DISTINCT "organisation_id" FROM "devices" ORDER BY "organisation_id"`,
    );
    return rows.map((row) => Number(row.organisation_id));
  }

  private async read(sql: SqlBuilder, where: string, limit?: string): Promise<ConfigSubjectRow[]> {
    const rows: RawSubjectRow[] = await this.manager.query(
      `SELECT d."id" AS id, d."mac_id" AS mac_id, d."name" AS name, d."label" AS label,
              d."location_network_id" AS location_network_id,
              d."config_revision" AS config_revision,
              n."network_name" AS network_name, n."timezone" AS network_timezone,
              n."id" AS network_id, n."config_version" AS config_version,
              cr."id" AS cr_id, cr."state" AS cr_state, cr."base_version" AS cr_base_version,
              cr."stages" AS cr_stages,
              CASE WHEN cr."reverted_at" IS NULL THEN 0 ELSE 1 END AS cr_reverted,
              crd."stage" AS crd_stage,
              CASE WHEN crd."id" IS NULL THEN NULL ELSE cr."ssids" END AS cr_ssids,
              ${liveUplinksJson(this.dialect, 'd."id"')} AS uplinks
       FROM "devices" d
       LEFT JOIN "location_networks" n
         ON n."id" = d."location_network_id" AND n."organisation_id" = d."organisation_id"
       LEFT JOIN "config_rollouts" cr ON cr."id" = n."latest_config_rollout_id"
       LEFT JOIN "config_rollout_devices" crd
         ON crd."config_rollout_id" = cr."id" AND crd."device_id" = d."id"
       WHERE ${where}
       ORDER BY d."id"${limit === undefined ? '' : ` LIMIT ${limit}`}`,
      sql.params,
    );
    return rows.map((row) => {
      const networkId = row.location_network_id === null ? null : Number(row.location_network_id);
      return {
        id: Number(row.id),
        mac_id: row.mac_id,
        name: row.name,
        label: row.label,
        location_network_id: networkId,
        uplinks: parsedLiveUplinks(this.dialect, row.uplinks),
        network:
          networkId === null || row.network_name === null
            ? null
            : { id: networkId, network_name: row.network_name, timezone: row.network_timezone! },
        config_revision: row.config_revision,
        choice: choiceFactsOf(row),
        rollout_ssids: row.cr_ssids,
      };
    });
  }
}
