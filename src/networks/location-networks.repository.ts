import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { In, Not, UpdateQueryBuilder } from 'typeorm';
import { TenantRepository } from '../common/tenancy/tenant.repository';
import { chunksOf } from '../database/bind-parameters';
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
  constructor(txHost: TransactionHost<TransactionalAdapterTypeOrm>) {
    super(txHost, LocationNetwork);
  }

  /** The organisation's network with this name, compared case-insensitively. */
  findByName(orgId: number, name: string): Promise<LocationNetwork | null> {
    return this.findOneScoped(orgId, { where: { network_name_key: nameKey(name) } });
  }

  /** The organisation's networks with these ids, by id: one statement per 30,000 ids. */
  async findByIds(orgId: number, ids: number[]): Promise<LocationNetwork[]> {
    const networks: LocationNetwork[] = [];
    for (const chunk of chunksOf([...new Set(ids)], 1)) {
      networks.push(...(await this.findScoped(orgId, { where: { id: In(chunk) } })));
    }
    return networks.sort((a, b) => a.id - b.id);
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
      query.andWhere(readable.length > 0 ? 'n.id IN (:...readable)' : '1 = 0', { readable });
    }
    return query.getManyAndCount();
  }

  /** How many of the organisation's networks are among `readable` (all of them: 'all'). */
  count(orgId: number, readable: number[] | 'all'): Promise<number> {
    const query = this.scoped(orgId, 'n');
    if (readable !== 'all') {
      query.andWhere(readable.length > 0 ? 'n.id IN (:...readable)' : '1 = 0', { readable });
    }
    return query.getCount();
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

  /** Deletes the organisation's network; the number of rows deleted. */
  async remove(orgId: number, id: number): Promise<number> {
    const result = await this.repository.delete({ organisation_id: orgId, id });
    return result.affected ?? 0;
  }
}
