import { readId, UNMATCHED_ID } from '../../common/ids/id';
import { MAX_PAGE } from '../../common/pagination/pagination';
import { UPGRADE_STATUSES, UpgradeStatus } from '../upgrade.entity';

/** The upgrade list page shows this many upgrades a page. */
export const UPGRADES_PER_PAGE = 25;

/** What the upgrade list's query string asks for, read leniently: a bad value is no filter. */
export interface UpgradeListQuery {
  page: number;
  status?: UpgradeStatus;
}

/** The list's filter and page from the query string (an unknown status shows every upgrade). */
export function upgradeListQuery(query: Record<string, unknown>): UpgradeListQuery {
  const page = readId(query.page);
  return {
    page: page !== undefined && page !== UNMATCHED_ID && page <= MAX_PAGE ? page : 1,
    status: UPGRADE_STATUSES.find((status) => status === query.status),
  };
}

/** A link to the upgrade list with this filter and page (the first page and no filter left out). */
export function upgradeListHref(query: UpgradeListQuery): string {
  const params = new URLSearchParams();
  if (query.status !== undefined) {
    params.set('status', query.status);
  }
  if (query.page !== 1) {
    params.set('page', String(query.page));
  }
  const search = params.toString();
  return search ? `/upgrades?${search}` : '/upgrades';
}

/** Upgrades of one rollout (DEVICES 6), or those of none (`rolloutId` null). */
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
