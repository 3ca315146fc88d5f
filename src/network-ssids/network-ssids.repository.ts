import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { In, Not } from 'typeorm';
import { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { TenantRepository } from '../common/tenancy/tenant.repository';
import { Dialect, SqlBuilder } from '../database/dialect';
import { SsidValues } from './network-ssid.fields';
import { NetworkSsid } from './network-ssid.entity';
import { SSID_CONTENT_COLUMNS, StoredSsid } from './stored-ssid';

/** Columns copied when a network's SSIDs are cloned (everything but id and timestamps). */
const COPIED_COLUMNS = SSID_CONTENT_COLUMNS;

/** A row to write when a network's SSIDs are replaced; `id` and `created_at` keep existing ones. */
export interface ReplacementRow {
  id?: number;
  created_at?: Date;
  values: SsidValues;
}

type Columns = QueryDeepPartialEntity<NetworkSsid>;

const columnsOf = (values: SsidValues): Columns => ({
  ssid_name: values.ssid_name,
  settings: values.settings,
  associated_aps_and_tags: values.associated_aps_and_tags as Columns['associated_aps_and_tags'],
  dhcp_mappings: values.dhcp_mappings,
  dhcp_ranges: values.dhcp_ranges,
  v_lan_attributes: values.v_lan_attributes as Columns['v_lan_attributes'],
});

/** Every query on SSIDs, organisation first; networks are looked up through NetworkAccessPolicy. */
@Injectable()
export class NetworkSsidsRepository extends TenantRepository<NetworkSsid> {
  constructor(txHost: TransactionHost<TransactionalAdapterTypeOrm>, dialect: Dialect) {
    super(txHost, NetworkSsid, dialect);
  }

  /** SSIDs of the given networks ('all': every network of the organisation), by id. */
  findInNetworks(orgId: number, networkIds: number[] | 'all'): Promise<NetworkSsid[]> {
    if (networkIds !== 'all' && networkIds.length === 0) {
      return Promise.resolve([]);
    }
    return this.findScoped(orgId, {
      where: networkIds === 'all' ? {} : { location_network_id: In(networkIds) },
      order: { id: 'ASC' },
    });
  }

  /**
   * The SSIDs of the given networks as stored (JSON columns as text, no timestamps), by id: one
   * statement whatever the number of networks, none for none.
   */
  async findStoredInNetworks(orgId: number, networkIds: number[]): Promise<StoredSsid[]> {
    if (networkIds.length === 0) {
      return [];
    }
    const sql = new SqlBuilder(this.dialect);
    const rows: (StoredSsid & { id: number | string; location_network_id: number | string })[] =
      await this.manager.query(
        `SELECT "id", "location_network_id", "ssid_name", "settings", "associated_aps_and_tags",
                "dhcp_mappings", "dhcp_ranges", "v_lan_attributes"
         FROM "network_ssids"
         WHERE "organisation_id" = ${sql.param(orgId)}
           AND ${sql.inIds('"location_network_id"', networkIds)}
         ORDER BY "id"`,
        sql.params,
      );
    return rows.map((row) => ({
      ...row,
      id: Number(row.id),
      location_network_id: Number(row.location_network_id),
    }));
  }

  /** Whether another SSID of the network already has this name. */
  async nameTaken(
    orgId: number,
    networkId: number,
    name: string,
    exceptId?: number,
  ): Promise<boolean> {
    const count = await this.countScoped(orgId, {
      location_network_id: networkId,
      ssid_name: name,
      ...(exceptId === undefined ? {} : { id: Not(exceptId) }),
    });
    return count > 0;
  }

  async create(orgId: number, networkId: number, values: SsidValues): Promise<NetworkSsid> {
    const { identifiers } = await this.repository.insert({
      ...columnsOf(values),
      organisation_id: orgId,
      location_network_id: networkId,
    });
    return (await this.findById(orgId, Number(identifiers[0].id)))!;
  }

  /** Writes the SSID's values; how many rows changed (0 when it was deleted meanwhile). */
  async updateValues(orgId: number, id: number, values: SsidValues): Promise<number> {
    const result = await this.repository.update({ organisation_id: orgId, id }, columnsOf(values));
    return result.affected ?? 0;
  }

  /** Deletes one SSID; returns how many rows went (0 when it was already gone). */
  async deleteById(orgId: number, id: number): Promise<number> {
    const result = await this.repository.delete({ organisation_id: orgId, id });
    return result.affected ?? 0;
  }

  /** Copies every SSID of one network into another in one INSERT … SELECT statement. */
  async copy(orgId: number, fromNetworkId: number, toNetworkId: number): Promise<void> {
    const [to, org, from] = this.placeholders(3); // in order of appearance (SQLite)
    const copied = COPIED_COLUMNS.map((c) => `"${c}"`).join(', ');
    await this.manager.query(
      `INSERT INTO "network_ssids" ("organisation_id", "location_network_id", ${copied}) ` +
        `SELECT "organisation_id", CAST(${to} AS integer), ${copied} FROM "network_ssids" ` +
        `WHERE "organisation_id" = ${org} AND "location_network_id" = ${from} ORDER BY "id"`,
      [toNetworkId, orgId, fromNetworkId],
    );
  }

  /**
   * Makes `rows` the network's complete set of SSIDs in three statements: the network's rows are
   * deleted, then kept ones are re-inserted with their ids and creation times, then new ones are
   * inserted. Deleting first lets names move between SSIDs without tripping the unique index.
   */
  async replaceAll(orgId: number, networkId: number, rows: ReplacementRow[]): Promise<void> {
    await this.repository.delete({ organisation_id: orgId, location_network_id: networkId });
    const toRow = (row: ReplacementRow): Columns => ({
      ...columnsOf(row.values),
      organisation_id: orgId,
      location_network_id: networkId,
      ...(row.id === undefined ? {} : { id: row.id, created_at: row.created_at }),
    });
    const kept = rows.filter((row) => row.id !== undefined).map(toRow) as Record<string, unknown>[];
    const added = rows.filter((row) => row.id === undefined).map(toRow);
    if (kept.length > 0) {
      await this.insertWithIds(kept);
    }
    if (added.length > 0) {
      await this.repository
        .createQueryBuilder()
        .insert()
        .values(added)
        .updateEntity(false)
        .execute();
    }
  }

  /**
   * One multi-row INSERT that keeps the given ids (TypeORM leaves a generated id out of inserts on
   * PostgreSQL). Values go through the driver's own conversion (simple-json, dates).
   */
  private async insertWithIds(rows: Record<string, unknown>[]): Promise<void> {
    const metadata = this.repository.metadata;
    const driver = this.manager.connection.driver;
    const columns = [
      'id',
      'organisation_id',
      'location_network_id',
      ...COPIED_COLUMNS,
      'created_at',
    ];
    const marks = this.placeholders(rows.length * columns.length);
    const tuples = rows.map(
      (_, r) => `(${columns.map((_c, c) => marks[r * columns.length + c]).join(', ')})`,
    );
    const parameters = rows.flatMap((row) =>
      columns.map((column) => {
        const value: unknown = row[column];
        const meta = metadata.findColumnWithPropertyName(column)!;
        return value === undefined || value === null
          ? null
          : (driver.preparePersistentValue(value, meta) as unknown);
      }),
    );
    const names = columns.map((c) => `"${c}"`).join(', ');
    await this.manager.query(
      `INSERT INTO "network_ssids" (${names}) VALUES ${tuples.join(', ')}`,
      parameters,
    );
  }

  /** `count` positional parameter marks in the database's syntax. */
  private placeholders(count: number): string[] {
    return Array.from({ length: count }, (_, i) => this.dialect.positional(i + 1));
  }
}
