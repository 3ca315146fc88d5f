import { ApiProperty } from '@nestjs/swagger';
import { PaginationMetaResponse } from '../../common/pagination/pagination.response';
import {
  ArrayOf,
  Bool,
  Envelope,
  Int,
  NullableObject,
  Of,
  Status200,
  Str,
  StrArray,
} from '../../common/openapi/response-schema';

/** Nullable nested records are spelled inline (NullableObject). */
const HARDWARE_PART_SCHEMA = {
  type: 'object',
  required: ['id', 'part_number', 'wifi_uplink', 'usb'],
  properties: {
    id: { type: 'integer' },
    part_number: { type: 'string' },
    wifi_uplink: { type: 'boolean' },
    usb: { type: 'boolean' },
  },
} as const;

/** A live uplink as device records and device configurations show it (devices/uplink.view.ts). */
export const UPLINK_SCHEMA = {
  type: 'object',
  required: ['id', 'uplink_type', 'is_deleted'],
  properties: {
    id: { type: 'integer' },
    uplink_type: { type: 'string' },
    is_deleted: { type: 'boolean' },
  },
  additionalProperties: true,
};

const PENDING_UPGRADE_SCHEMA = {
  type: 'object',
  required: [
    'id',
    'version',
    'upgrade_type',
    'schedule_type',
    'schedule_at',
    'time_zone',
    'status',
  ],
  properties: {
    id: { type: 'integer' },
    version: { type: 'string' },
    upgrade_type: { type: 'string', example: 'automatic' },
    schedule_type: { type: 'string', example: 'now' },
    schedule_at: { type: 'string', format: 'date-time', nullable: true },
    time_zone: { type: 'string', nullable: true },
    status: { type: 'string', example: 'pending' },
  },
} as const;

export class HardwarePartResponse {
  @Int()
  id: number;

  @Str()
  part_number: string;

  @Bool()
  wifi_uplink: boolean;

  @Bool()
  usb: boolean;
}

/** A live or replaced uplink: the template detail's fields plus these. */
export class UplinkResponse {
  @Int()
  id: number;

  @Str({ example: '1' })
  uplink_type: string;

  @Bool()
  is_deleted: boolean;
}

/** The configuration sync of a device record. */
export class ConfigSyncResponse {
  @Str({
    description:
      'The revision of the configuration the device should run now (GET /device/v1/config)',
    example: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
  })
  revision: string;

  @Str({
    nullable: true,
    description: 'The revision the device last reported running; null before its first report',
  })
  applied_revision: string | null;

  @Bool({ description: 'Whether applied_revision is the current revision' })
  in_sync: boolean;

  @Str({
    nullable: true,
    description:
      'The message of the last config_error reported for the current revision while the device does not run it',
  })
  error: string | null;
}

/** A device (router inventory) record. */
export class DeviceResponse {
  @Int()
  id: number;

  @Str({ example: 'AA:BB:CC:DD:EE:FF' })
  mac_id: string;

  @Str({ nullable: true })
  serial: string | null;

  @Int({ nullable: true, description: 'null: in the inventory but in no network' })
  location_network_id: number | null;

  @Int()
  organisation_id: number;

  @Str({
    nullable: true,
    description: 'The name of the network the device was last activated in (every device of it)',
  })
  name: string | null;

  @Str({
    nullable: true,
    example: 'Lobby, west wall',
    description: "The operator's own name for the device (PUT /v1/access_points/{mac_id}/label)",
  })
  label: string | null;

  @NullableObject(HARDWARE_PART_SCHEMA)
  hardware_part: HardwarePartResponse | null;

  @ApiProperty({
    type: 'array',
    items: UPLINK_SCHEMA,
    description: 'Live uplinks: the fields of the template detail, with id and is_deleted',
  })
  uplinks: UplinkResponse[];

  @StrArray()
  tag_list: string[];

  @NullableObject(PENDING_UPGRADE_SCHEMA)
  pending_upgrade: Record<string, unknown> | null;

  @Of(() => ConfigSyncResponse)
  config: ConfigSyncResponse;
}

export class DevicesData {
  @ArrayOf(() => DeviceResponse)
  devices: DeviceResponse[];
}

export class InventoryData extends DevicesData {
  @Of(() => PaginationMetaResponse, { required: false, description: 'Absent with mac_id' })
  meta?: PaginationMetaResponse;
}

/** list_inventory: a page `{devices, meta}`, or with mac_id only `{devices}`. */
export const ListInventoryResponse = Envelope('ListInventoryResponse', () => InventoryData);

export class ProvisioningResponse {
  @Str()
  msg: string;

  @ArrayOf(() => DeviceResponse)
  devices: DeviceResponse[];

  @Status200()
  status: 200;
}

export class MessageStatusResponse {
  @Str()
  msg: string;

  @Status200()
  status: 200;
}

export class CurrentStatusData {
  @Str({ nullable: true })
  name: string | null;

  @ApiProperty({ enum: ['UP', 'DOWN'] })
  device_status: 'UP' | 'DOWN';

  @Str({ nullable: true })
  firmware_version: string | null;

  @Str({ nullable: true })
  network_name: string | null;

  @Str({ nullable: true })
  hardware_model: string | null;

  @Str({ nullable: true })
  public_ip: string | null;

  @Int({ nullable: true, description: 'Seconds since the epoch of the last heartbeat' })
  last_seen_time: number | null;
}

export const CurrentStatusResponse = Envelope('CurrentStatusResponse', () => CurrentStatusData);

/** release_devices and remove_devices (no `status`). */
export class BatchResponse {
  @Str()
  msg: string;

  @StrArray()
  success_devices: string[];

  @StrArray({ description: 'MACs that failed or were not found' })
  failed_devices: string[];
}

/** move_devices (no `status`). */
export class MoveDevicesResponse {
  @Str()
  msg: string;

  @ArrayOf(() => DeviceResponse)
  devices: DeviceResponse[];
}

export class MasterDeviceResponse {
  @Int()
  id: number;

  @Str()
  serial: string;

  @Str()
  mac_id: string;

  @NullableObject(HARDWARE_PART_SCHEMA)
  hardware_part: HardwarePartResponse | null;
}

export class MasterDevicesData {
  @ArrayOf(() => MasterDeviceResponse)
  devices: MasterDeviceResponse[];
}

/** get_devices_from_serial (no `status`). */
export class DevicesFromSerialResponse {
  @Of(() => MasterDevicesData)
  data: MasterDevicesData;
}

export class StatusOnlyResponse {
  @Status200()
  status: 200;
}

/** `{data: {devices}, status: 200}` (get_network_devices, PUT /v1/access_points/tags). */
export const DevicesEnvelope = Envelope('DevicesEnvelope', () => DevicesData);

export class DeviceData {
  @Of(() => DeviceResponse)
  device: DeviceResponse;
}

/** `{data: {device}, status: 200}` (PUT /v1/access_points/{mac_id}/label). */
export const DeviceEnvelope = Envelope('DeviceEnvelope', () => DeviceData);
