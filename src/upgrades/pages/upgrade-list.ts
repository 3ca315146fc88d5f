import { readId, UNMATCHED_ID } from '../../common/ids/id';
import { pageNumber } from '../../web/pager';
import { UPGRADE_STATUSES, UpgradeStatus } from '../../firmware/upgrade.entity';

/** The upgrade list page shows this many upgrades a page. */
export const UPGRADES_PER_PAGE = 25;

/** What the upgrade list's query string asks for, read leniently: a bad value is no filter. */
export interface UpgradeListQuery {
  page: number;
  status?: UpgradeStatus;
  /** Only upgrades to this version (as typed, trimmed). */
  version?: string;
  /** Only upgrades of devices in this network. */
  network_id?: number;
  /** Oldest first instead of newest first (`sort=oldest`). */
  oldest?: boolean;
}

/** The longest version text a filter takes (the column's length). */
const MAX_VERSION = 64;

/**
 * The list's filters and page from the query string: an unknown status or network, or a version
 * too long for the column, is no filter; `sort=oldest` orders oldest first, anything else newest.
 */
export function upgradeListQuery(query: Record<string, unknown>): UpgradeListQuery {
  const network = readId(query.network_id);
  const version = typeof query.version === 'string' ? query.version.trim() : '';
  return {
    page: pageNumber(query.page),
    status: UPGRADE_STATUSES.find((status) => status === query.status),
    ...(version !== '' && version.length <= MAX_VERSION ? { version } : {}),
    ...(network !== undefined && network !== UNMATCHED_ID ? { network_id: network } : {}),
    ...(query.sort === 'oldest' ? { oldest: true } : {}),
  };
}

/** A link to the upgrade list with these filters and page (the first page and no filter left out). */
export function upgradeListHref(query: UpgradeListQuery): string {
  const params = new URLSearchParams();
  if (query.status !== undefined) {
    params.set('status', query.status);
  }
  if (query.version !== undefined) {
    params.set('version', query.version);
  }
  if (query.network_id !== undefined) {
    params.set('network_id', String(query.network_id));
  }
  if (query.oldest) {
    params.set('sort', 'oldest');
  }
  if (query.page !== 1) {
    params.set('page', String(query.page));
  }
  const search = params.toString();
  return search ? `/upgrades?${search}` : '/upgrades';
}

/** Upgrades of one rollout, or those of none (`rolloutId` null). */
export interface UpgradeGroup<T> {
  rolloutId: number | null;
  upgrades: T[];
}

/**
 * The upgrades of a page under their rollout: one group per rollout and one for the upgrades of
 * no rollout, in the order of each group's first upgrade, the upgrades keeping their order.
 */
export function groupByRollout<T extends { rollout_id: number | null }>(
  upgrades: T[],
): UpgradeGroup<T>[] {
  const groups = new Map<number | null, UpgradeGroup<T>>();
  for (const upgrade of upgrades) {
    const group = groups.get(upgrade.rollout_id) ?? { rolloutId: upgrade.rollout_id, upgrades: [] };
    group.upgrades.push(upgrade);
    groups.set(upgrade.rollout_id, group);
  }
  return [...groups.values()];
}
