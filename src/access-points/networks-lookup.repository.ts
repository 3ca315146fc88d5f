import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
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

/** An id sent as an integer or a numeric string (CONTRACT 6), or null for anything else. */
export function parseId(value: unknown): number | null {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) {
    return value;
  }
  if (typeof value === 'string' && /^\s*\d{1,15}\s*$/.test(value)) {
    const id = Number(value);
    return id > 0 ? id : null;
  }
  return null;
}
