import { UPGRADE_STATUSES, UpgradeStatus } from '../firmware/upgrade.entity';
import { RequestStatusCount } from './upgrade-requests.repository';
import { requestTime } from './upgrade-request';

/** What one upgrade request wrote, as the pages show it. */
export interface UpgradeRequestSummary {
  id: string;
  /** When it was made (read from its id), ISO in UTC. */
  created_at: string;
  version: string;
  /** The rollout its upgrades form, if any. */
  rollout_id: number | null;
  /** Its upgrades in each status; every status is present, 0 when none. */
  counts: Record<UpgradeStatus, number>;
  /** Its upgrades in all: the devices it targets. */
  total: number;
}

/**
 * The summaries of these requests, in the order of `ids`, from their counts by status; a
 * request without a counted upgrade is left out.
 */
export function requestSummaries(
  ids: string[],
  rows: RequestStatusCount[],
): UpgradeRequestSummary[] {
  return ids.flatMap((id) => {
    const own = rows.filter((row) => row.request_id === id);
    if (own.length === 0) {
      return [];
    }
    const counts = Object.fromEntries(
      UPGRADE_STATUSES.map((status) => [
        status,
        own.filter((row) => row.status === status).reduce((sum, row) => sum + row.count, 0),
      ]),
    ) as Record<UpgradeStatus, number>;
    return [
      {
        id,
        created_at: requestTime(id).toISOString(),
        version: own[0].version,
        rollout_id: own.find((row) => row.rollout_id !== null)?.rollout_id ?? null,
        counts,
        total: own.reduce((sum, row) => sum + row.count, 0),
      },
    ];
  });
}
