import { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { Dialect } from '../database/dialect';

/**
 * Which upgrades a caller may see: `networkIds` limits them to upgrades of devices in those
 * networks (a member's readable networks; devices in no network excluded); absent, all of them.
 */
export interface UpgradeVisibility {
  networkIds?: number[];
}

/**
 * The query limited, in the same statement, to the upgrades the caller may see; `device` is the
 * alias of the upgrades' device, joined by the query.
 */
export function onlyVisible<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  dialect: Dialect,
  visibility: UpgradeVisibility,
  device = 'd',
): SelectQueryBuilder<T> {
  if (visibility.networkIds !== undefined) {
    const ids = dialect.idsParameter('readableNetworkIds', visibility.networkIds);
    query.andWhere(ids.condition(`${device}.location_network_id`), {
      readableNetworkIds: ids.value,
    });
  }
  return query;
}
