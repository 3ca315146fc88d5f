import { Int } from '../../common/openapi/response-schema';

/** How many upgrades are in each status: the overview and each rollout stage. */
export class UpgradeStatusCountsResponse {
  @Int({ minimum: 0 })
  pending: number;

  @Int({ minimum: 0 })
  in_progress: number;

  @Int({ minimum: 0 })
  done: number;

  @Int({ minimum: 0 })
  failed: number;

  @Int({ minimum: 0 })
  cancelled: number;
}
