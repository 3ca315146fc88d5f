import { ApiProperty } from '@nestjs/swagger';
import { PaginationMetaResponse } from '../../common/pagination/pagination.response';
import { ArrayOf, Bool, Envelope, Int, Of, Str } from '../../common/openapi/response-schema';

/** One device of the fleet status. */
export class DeviceStatusResponse {
  @Int()
  id: number;

  @Str({ example: 'AA:BB:CC:DD:EE:FF' })
  mac_id: string;

  @Str({ nullable: true, description: "The device record's name (not the check-in host name)" })
  name: string | null;

  @Str({ nullable: true, description: "The operator's own name for the device" })
  label: string | null;

  @Int({ nullable: true, description: 'null: in the inventory but in no network' })
  location_network_id: number | null;

  @ApiProperty({
    enum: ['UP', 'DOWN'],
    description: 'UP when the last heartbeat is at most HEARTBEAT_TIMEOUT_SECONDS old',
  })
  device_status: 'UP' | 'DOWN';

  @Int({
    nullable: true,
    description: 'Seconds since the epoch of the last heartbeat; null when never heard from',
  })
  last_seen_time: number | null;

  @Str({ nullable: true, description: 'Last reported firmware; null when never reported' })
  firmware_version: string | null;

  @Int({ nullable: true, minimum: 0, description: 'Wi-Fi clients at the last check-in' })
  clients: number | null;

  @Int({ nullable: true, minimum: 0, description: 'Uptime reported at the last check-in' })
  uptime_seconds: number | null;

  @Bool({
    description:
      'The configuration revision the device last reported running is its current revision ' +
      '(false before its first report)',
  })
  config_in_sync: boolean;
}

/** Devices UP and DOWN among all devices matching the filters other than device_status. */
export class StatusSummaryResponse {
  @Int({ minimum: 0 })
  up: number;

  @Int({ minimum: 0 })
  down: number;
}

export class StatusesData {
  @ArrayOf(() => DeviceStatusResponse)
  devices: DeviceStatusResponse[];

  @Of(() => PaginationMetaResponse)
  meta: PaginationMetaResponse;

  @Of(() => StatusSummaryResponse)
  summary: StatusSummaryResponse;
}

/** `GET /v1/access_points/statuses`: `{data: {devices, meta, summary}, status: 200}`. */
export const StatusesResponse = Envelope('StatusesResponse', () => StatusesData);
