import { Envelope, Int, Of } from '../../common/openapi/response-schema';

export class OverviewDevicesResponse {
  @Int({ minimum: 0 })
  total: number;

  @Int({ minimum: 0, description: 'Last heartbeat at most HEARTBEAT_TIMEOUT_SECONDS old' })
  up: number;

  @Int({ minimum: 0 })
  down: number;
}

/** Upgrades by status (DEVICES 5). */
export class OverviewUpgradesResponse {
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

export class OverviewRolloutsResponse {
  @Int({ minimum: 0, description: 'Running staged rollouts; 0 for members' })
  running: number;
}

export class OverviewData {
  @Int({ minimum: 0 })
  networks: number;

  @Of(() => OverviewDevicesResponse)
  devices: OverviewDevicesResponse;

  @Of(() => OverviewUpgradesResponse)
  upgrades: OverviewUpgradesResponse;

  @Of(() => OverviewRolloutsResponse)
  rollouts: OverviewRolloutsResponse;
}

/** `GET /v1/overview`: `{data: {networks, devices, upgrades, rollouts}, status: 200}`. */
export const OverviewResponse = Envelope('OverviewResponse', () => OverviewData);
