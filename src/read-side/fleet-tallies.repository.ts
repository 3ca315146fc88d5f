import { Injectable } from '@nestjs/common';
import { upAt } from './device-sql';
import { TransactionalRepository } from '../database/transactional-repository';
import { SqlBuilder } from '../database/dialect';

/** One scope's tallies: its devices, how many are UP, the clients the UP ones last reported. */
export interface FleetTally {
  organisation_id: number;
  /** null: the whole organisation. */
  network_id: number | null;
  devices: number;
  up: number;
  clients: number;
}

const count = (value: unknown) => Number(value ?? 0);

/**
 * Every organisation's and every network's tallies at once, for the fleet history:
 * the kept device counts, and the UP devices (by the rule of device-liveness.ts) with their
 * clients grouped by organisation and by network: four statements whatever the fleet's size.
 */
@Injectable()
export class FleetTalliesRepository extends TransactionalRepository {
  async all(upSince: Date): Promise<FleetTally[]> {
    const manager = this.manager;
    const upOf = async (group: string, join: string) => {
      const sql = new SqlBuilder(this.dialect);
      const up = upAt(manager, sql, upSince);
      const rows: { scope: number | string | null; up: unknown; clients: unknown }[] =
        await manager.query(
          `SELECT ${group} AS scope, COUNT(*) AS up, COALESCE(SUM(h."clients"), 0) AS clients
           FROM "heartbeats" h ${join} WHERE ${up} GROUP BY ${group}`,
          sql.params,
        );
      return new Map(rows.map((row) => [Number(row.scope), row]));
    };
    const organisations: { id: number | string; device_count: unknown }[] = await manager.query(
      'SELECT "id", "device_count" FROM "organisations"',
    );
    const networks: {
      id: number | string;
      organisation_id: number | string;
      device_count: unknown;
    }[] = await manager.query(
      'SELECT "id", "organisation_id", "device_count" FROM "location_networks"',
    );
    const upByOrganisation = await upOf('h."organisation_id"', '');
    const upByNetwork = await upOf(
      'd."location_network_id"',
      'JOIN "devices" d ON d."id" = h."device_id"',
    );
    return [
      ...organisations.map((o) => ({
        organisation_id: Number(o.id),
        network_id: null,
        devices: count(o.device_count),
        up: count(upByOrganisation.get(Number(o.id))?.up),
        clients: count(upByOrganisation.get(Number(o.id))?.clients),
      })),
      ...networks.map((n) => ({
        organisation_id: Number(n.organisation_id),
        network_id: Number(n.id),
        devices: count(n.device_count),
        up: count(upByNetwork.get(Number(n.id))?.up),
        clients: count(upByNetwork.get(Number(n.id))?.clients),
      })),
    ];
  }
}
