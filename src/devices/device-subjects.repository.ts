import { Injectable } from '@nestjs/common';
import { TransactionalRepository } from '../database/transactional-repository';
import { SqlBuilder } from '../database/dialect';

/** A device as an event names it, with the network it is in. */
export interface EventSubject {
  device: { id: number; mac_id: string; name: string | null };
  network: { id: number; network_name: string } | null;
}

/** Devices as events name them: what they are called and where they are. */
@Injectable()
export class DeviceSubjectsRepository extends TransactionalRepository {
  /**
   * The organisation's devices with these ids as events name them: MAC, name and
   * the network each is in now, with its name (one statement, none for no id).
   */
  async of(orgId: number, ids: number[]): Promise<Map<number, EventSubject>> {
    if (ids.length === 0) {
      return new Map();
    }
    const sql = new SqlBuilder(this.dialect);
    const rows: {
      id: number | string;
      mac_id: string;
      name: string | null;
      network_id: number | string | null;
      network_name: string | null;
    }[] = await this.manager.query(
      `SELECT d."id", d."mac_id", d."name", n."id" AS network_id, n."network_name"
       FROM "devices" d
       LEFT JOIN "location_networks" n
         ON n."id" = d."location_network_id" AND n."organisation_id" = d."organisation_id"
       WHERE d."organisation_id" = ${sql.param(orgId)} AND ${sql.inIds('d."id"', ids)}`,
      sql.params,
    );
    return new Map(
      rows.map((row) => [
        Number(row.id),
        {
          device: { id: Number(row.id), mac_id: row.mac_id, name: row.name },
          network:
            row.network_id === null
              ? null
              : { id: Number(row.network_id), network_name: row.network_name ?? '' },
        },
      ]),
    );
  }
}
