import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { TenantRepository } from '../common/tenancy/tenant.repository';
import { Dialect } from '../database/dialect';
import { DraftAuthor, DraftSsid, NetworkDraft } from './network-draft.entity';

/** Every query on drafts, organisation first. */
@Injectable()
export class NetworkDraftsRepository extends TenantRepository<NetworkDraft> {
  constructor(txHost: TransactionHost<TransactionalAdapterTypeOrm>, dialect: Dialect) {
    super(txHost, NetworkDraft, dialect);
  }

  /** The network's draft, if it has one. */
  findForNetwork(orgId: number, networkId: number): Promise<NetworkDraft | null> {
    return this.findOneScoped(orgId, { where: { location_network_id: networkId } });
  }

  /** A new draft of the network (the unique index refuses a second one). */
  async insert(
    orgId: number,
    networkId: number,
    fields: { base_version: number; ssids: DraftSsid[]; created_by: DraftAuthor },
  ): Promise<void> {
    await this.repository.insert({
      organisation_id: orgId,
      location_network_id: networkId,
      base_version: fields.base_version,
      ssids: fields.ssids,
      created_by_id: fields.created_by.id,
      created_by_email: fields.created_by.email,
    } as Parameters<typeof this.repository.insert>[0]);
  }

  /** Replaces the content of the network's draft; its author and creation time stay. */
  async replace(
    orgId: number,
    networkId: number,
    fields: { base_version: number; ssids: DraftSsid[] },
  ): Promise<number> {
    const result = await this.repository.update(
      { organisation_id: orgId, location_network_id: networkId },
      fields as Parameters<typeof this.repository.update>[1],
    );
    return result.affected ?? 0;
  }

  /** Deletes the network's draft; how many rows went (0: it had none). */
  async remove(orgId: number, networkId: number): Promise<number> {
    const result = await this.repository.delete({
      organisation_id: orgId,
      location_network_id: networkId,
    });
    return result.affected ?? 0;
  }
}
