import { Dialect } from '../database/dialect';
import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { TenantRepository } from '../common/tenancy/tenant.repository';
import { NetworkTemplate } from './network-template.entity';

@Injectable()
export class NetworkTemplatesRepository extends TenantRepository<NetworkTemplate> {
  constructor(txHost: TransactionHost<TransactionalAdapterTypeOrm>, dialect: Dialect) {
    super(txHost, NetworkTemplate, dialect);
  }

  findAll(orgId: number): Promise<NetworkTemplate[]> {
    return this.findScoped(orgId, { order: { id: 'ASC' } });
  }

  findByName(orgId: number, name: string): Promise<NetworkTemplate | null> {
    return this.findOneScoped(orgId, { where: { name } });
  }

  create(
    orgId: number,
    name: string,
    configuration: Record<string, unknown>,
  ): Promise<NetworkTemplate> {
    return this.repository.save(
      this.repository.create({ organisation_id: orgId, name, configuration }),
    );
  }
}
