import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Not, UpdateQueryBuilder } from 'typeorm';
import { TenantRepository } from '../common/tenancy/tenant.repository';
import { Dialect, SqlBuilder } from '../database/dialect';
import { LocationNetwork } from './location-network.entity';

/** The fields a create or update writes; `network_name_key` is derived here, never by callers. */
export type NetworkFields = Partial<
  Pick<
    LocationNetwork,
    | 'network_name'
    | 'timezone'
    | 'user_id'
    | 'network_configuration'
    | 'cloned_network_id'
    | 'presence'
    | 'presence_url'
    | 'vendor_type'
    | 'network_template'
    | 'template_adherence'
    | 'enable_policy'
    | 'template_policy_attributes'
    | 'tag_list'
  >
>;

/** The case-insensitive key behind the per-organisation unique name index. */
export const nameKey = (name: string) => name.toLowerCase();

@Injectable()
export class LocationNetworksRepository extends TenantRepository<LocationNetwork> {
  constructor(txHost: TransactionHost<TransactionalAdapterTypeOrm>, dialect: Dialect) {
    super(txHost, LocationNetwork, dialect);
  }

  /** The organisation's network with this name, compared case-insensitively. */
  findByName(orgId: number, name: string): Promise<LocationNetwork | null> {
    return this.findOneScoped(orgId, { where: { network_name_key: nameKey(name) } });
  }

  /** The organisation's networks with these ids, by id: one statement, none for no id. */
  async findByIds(orgId: number, ids: number[]): Promise<LocationNetwork[]> {
    if (ids.length === 0) {
      return [];
    }
    const list = this.dialect.idsParameter('ids', [...new Set(ids)]);
    return this.scoped(orgId, 'n')
      .andWhere(list.condition('n.id'), { ids: list.value })
      .orderBy('n.id', 'ASC')
      .getMany();
  }

  /** Whether another network of the organisation already has this name (case-insensitive). */
  async nameTaken(orgId: number, name: string, exceptId?: number): Promise<boolean> {
    const where =
      exceptId === undefined
        ? { network_name_key: nameKey(name) }
        : { network_name_key: nameKey(name), id: Not(exceptId) };
    return (await this.countScoped(orgId, where)) > 0;
  }

  /** One page of the organisation's networks (ordered by id) and the total count. */
  page(
    orgId: number,
    readable: number[] | 'all',
    offset: number,
    limit: number,
  ): Promise<[LocationNetwork[], number]> {
    const query = this.scoped(orgId, 'n').orderBy('n.id', 'ASC').offset(offset).limit(limit);
    if (readable !== 'all') {
      const list = this.dialect.idsParameter('readable', readable);
      query.andWhere(list.condition('n.id'), { readable: list.value });
    }
    return query.getManyAndCount();
  }

  /** How many of the organisation's networks are among `readable` (all of them: 'all'). */
  count(orgId: number, readable: number[] | 'all'): Promise<number> {
    const query = this.scoped(orgId, 'n');
    if (readable !== 'all') {
      const list = this.dialect.idsParameter('readable', readable);
      query.andWhere(list.condition('n.id'), { readable: list.value });
    }
    return query.getCount();
  }

  /**
   * How many devices the organisation's networks with these ids hold together, from their kept
   * counts (location_networks.device_count): one statement, none for no network.
   */
  async deviceCount(orgId: number, ids: number[]): Promise<number> {
    if (ids.length === 0) {
      return 0;
    }
    const sql = new SqlBuilder(this.dialect);
    const rows: { devices: number | string | null }[] = await this.manager.query(
      `SELECT SUM("device_count") AS devices FROM "location_networks"
       WHERE "organisation_id" = ${sql.param(orgId)} AND ${sql.inIds('"id"', ids)}`,
      sql.params,
    );
    return Number(rows[0]?.devices ?? 0);
  }

  /**
   * Adds each network's change to its kept device count, in one relative UPDATE whatever the
   * number of networks (concurrent writers never lose one another's change). Written by devices/
   * only, in the transaction of the device write; `updated_at` stays.
   */
  async addDevices(orgId: number, changes: ReadonlyMap<number, number>): Promise<void> {
    if (changes.size === 0) {
      return;
    }
    const sql = new SqlBuilder(this.dialect);
    const deltas = sql.idValueTable([...changes.keys()], [...changes.values()]);
    await this.manager.query(
      `UPDATE "location_networks" AS n SET "device_count" = n."device_count" + t.value
       FROM ${deltas}
       WHERE n."id" = t.id AND n."organisation_id" = ${sql.param(orgId)}`,
      sql.params,
    );
  }

  /** Inserts a network and returns it as stored. */
  async insert(
    orgId: number,
    fields: NetworkFields & { network_name: string },
  ): Promise<LocationNetwork> {
    const saved = await this.repository.save(
      this.repository.create({
        ...fields,
        organisation_id: orgId,
        network_name_key: nameKey(fields.network_name),
      }),
    );
    return (await this.findById(orgId, saved.id))!;
  }

  /** Updates the organisation's network and returns it as stored. */
  async updateFields(orgId: number, id: number, fields: NetworkFields): Promise<LocationNetwork> {
    const changes: Partial<LocationNetwork> =
      typeof fields.network_name === 'string'
        ? { ...fields, network_name_key: nameKey(fields.network_name) }
        : { ...fields };
    await this.repository
      .createQueryBuilder()
      .update()
      .set(changes as Parameters<UpdateQueryBuilder<LocationNetwork>['set']>[0])
      .where('organisation_id = :orgId AND id = :id', { orgId, id })
      .execute();
    return (await this.findById(orgId, id))!;
  }

  /**
   * The organisation's network, its row locked until the transaction ends: what decides by the
   * network's configuration version (a draft's publish) or by the rollout running on it (its
   * delete) reads it here, so that no change of the network's SSIDs, and no rollout, commits
   * between the read and the write.
   */
  findLocked(orgId: number, id: number): Promise<LocationNetwork | null> {
    return this.dialect
      .lockForUpdate(this.scoped(orgId, 'n').andWhere('n.id = :id', { id }))
      .getOne();
  }

  /**
   * One more configuration version for the network: a relative UPDATE, so that it locks the row
   * (a publish that read the version waits for it) and concurrent changes never lose one
   * another's; `updated_at` stays: it dates the network's own fields. Conditional on no
   * configuration rollout running on the network, so that one that began after the caller
   * checked (its row lock waited) is seen; what it found is returned for the caller's rule to
   * decide on: `bumped`, else the rollout that runs (null also when the network is gone).
   */
  async bumpConfigVersion(
    orgId: number,
    id: number,
  ): Promise<{ bumped: boolean; config_rollout_id: number | null }> {
    const result = await this.repository
      .createQueryBuilder()
      .update()
      .set({ config_version: () => '"config_version" + 1', updated_at: () => '"updated_at"' })
      .where('organisation_id = :orgId AND id = :id', { orgId, id })
      .andWhere('config_rollout_id IS NULL')
      .execute();
    if (result.affected !== 0) {
      return { bumped: true, config_rollout_id: null };
    }
    const network = await this.findById(orgId, id);
    return { bumped: false, config_rollout_id: network?.config_rollout_id ?? null };
  }

  /**
   * Marks a configuration rollout just created as the one running on the network and as its
   * newest; `updated_at` stays.
   */
  async startConfigRollout(orgId: number, id: number, rolloutId: number): Promise<void> {
    await this.repository
      .createQueryBuilder()
      .update()
      .set({
        config_rollout_id: rolloutId,
        latest_config_rollout_id: rolloutId,
        updated_at: () => '"updated_at"',
      })
      .where('organisation_id = :orgId AND id = :id', { orgId, id })
      .execute();
  }

  /** Marks that no configuration rollout runs on the network any more; `updated_at` stays. */
  async endConfigRollout(orgId: number, id: number): Promise<void> {
    await this.repository
      .createQueryBuilder()
      .update()
      .set({ config_rollout_id: null, updated_at: () => '"updated_at"' })
      .where('organisation_id = :orgId AND id = :id', { orgId, id })
      .execute();
  }

  /** Deletes the organisation's network; the number of rows deleted. */
  async remove(orgId: number, id: number): Promise<number> {
    const result = await this.repository.delete({ organisation_id: orgId, id });
    return result.affected ?? 0;
  }
}
