import { ArrayOf, DateTime, Envelope, Int } from '../../common/openapi/response-schema';

export class FleetSampleResponse {
  @DateTime({ description: 'The start of the sampled interval' })
  at: string;

  @Int({ minimum: 0 })
  devices: number;

  @Int({ minimum: 0 })
  up: number;

  @Int({ minimum: 0 })
  down: number;

  @Int({ minimum: 0, description: 'The clients last reported by the devices that were UP' })
  clients: number;
}

export class FleetHistoryData {
  @Int({ minimum: 1, description: 'FLEET_SAMPLE_SECONDS' })
  interval_seconds: number;

  @ArrayOf(() => FleetSampleResponse, { description: 'Oldest first, the 1,000 most recent' })
  samples: FleetSampleResponse[];
}

/** `GET /v1/fleet_history`: `{data: {interval_seconds, samples}, status: 200}`. */
export const FleetHistoryResponse = Envelope('FleetHistoryResponse', () => FleetHistoryData);
