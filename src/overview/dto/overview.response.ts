import { UpgradeStatusCountsResponse } from '../../firmware/dto/upgrade-status-counts.response';
import { Envelope, Int, Of } from '../../common/openapi/response-schema';

export class OverviewDevicesResponse {
  @Int({ minimum: 0 })
  total: number;

  @Int({ minimum: 0, description: 'Last heartbeat at most HEARTBEAT_TIMEOUT_SECONDS old' })
  up: number;

  @Int({ minimum: 0 })
  down: number;
}

export class OverviewRolloutsResponse {
  @Int({ minimum: 0, description: 'Running staged rollouts; 0 for members' })
  running: number;
}

export class OverviewData {
  @Int({ minimum: 0 })
  networks: number;

  @Of(() => OverviewDevicesResponse)
  devices: OverviewDevicesResponse;

  @Of(() => UpgradeStatusCountsResponse)
  upgrades: UpgradeStatusCountsResponse;

  @Of(() => OverviewRolloutsResponse)
  rollouts: OverviewRolloutsResponse;
}

/** `GET /v1/overview`: `{data: {networks, devices, upgrades, rollouts}, status: 200}`. */
export const OverviewResponse = Envelope('OverviewResponse', () => OverviewData);
