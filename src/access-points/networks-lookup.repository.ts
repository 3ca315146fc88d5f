import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { readId } from '../common/ids/id';
import { TenantRepository } from '../common/tenancy/tenant.repository';
import { LocationNetwork } from '../location-networks/location-network.entity';

/**
 * The one read access points need from location networks: a network of the organisation by id.
 * A small adapter in this folder so that the module does not depend on the networks module.
 */
@Injectable()
export class NetworksLookupRepository extends TenantRepository<LocationNetwork> {
  constructor(txHost: TransactionHost<TransactionalAdapterTypeOrm>) {
    super(txHost, LocationNetwork);
  }
}

/**
 * An id sent as an integer or a numeric string (CONTRACT 6), or null for anything else. An
 * integer outside 1..2147483647 reads as UNMATCHED_ID, which matches no device or network.
 */
export function parseId(value: unknown): number | null {
  return readId(value) ?? null;
}
