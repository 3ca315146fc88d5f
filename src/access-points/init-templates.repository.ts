import { Dialect } from '../database/dialect';
import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { TenantRepository } from '../common/tenancy/tenant.repository';
import { InitTemplate, UplinkTemplateDetail } from './init-template.entity';

@Injectable()
export class InitTemplatesRepository extends TenantRepository<InitTemplate> {
  constructor(txHost: TransactionHost<TransactionalAdapterTypeOrm>, dialect: Dialect) {
    super(txHost, InitTemplate, dialect);
  }

  findByName(orgId: number, name: string): Promise<InitTemplate | null> {
    return this.findOneScoped(orgId, { where: { name } });
  }

  listAll(orgId: number): Promise<InitTemplate[]> {
    return this.findScoped(orgId, { order: { id: 'ASC' } });
  }

  create(orgId: number, name: string, details: UplinkTemplateDetail[]): Promise<InitTemplate> {
    return this.repository.save(this.repository.create({ organisation_id: orgId, name, details }));
  }
}
