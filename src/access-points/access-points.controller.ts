import { Body, Controller, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../common/auth/auth-user';
import { CurrentUser, RequireRole } from '../common/auth/decorators';
import { ok, statusOnly, statusThenData, withStatus } from '../common/http/envelope';
import { ApiErrorCode } from '../common/errors';
import { OnInvalid } from '../common/validation';
import { ApiErrorResponses, ErrorShape } from '../common/openapi/api-error-responses';
import { APPLY_PARAMS_MISSING_MSG } from './access-points.errors';
import { DeviceAssignmentService } from './device-assignment.service';
import {
  ApplyConfigurationDto,
  DeviceListDto,
  HeartbeatDto,
  ListInventoryQueryDto,
  MacQueryDto,
  MoveDevicesDto,
  ProvisioningDto,
  SerialQueryDto,
} from './dto/access-points.dto';
import { SetDeviceLabelDto } from './dto/device-label.dto';
import { DeviceLabelsService } from './device-labels.service';
import {
  BatchResponse,
  CurrentStatusResponse,
  DeviceEnvelope,
  DevicesFromSerialResponse,
  ListInventoryResponse,
  MessageStatusResponse,
  MoveDevicesResponse,
  ProvisioningResponse,
  StatusOnlyResponse,
} from './dto/access-points.response';
import { StatusesQueryDto } from './dto/fleet-status.dto';
import { StatusesResponse } from './dto/fleet-status.response';
import { FleetStatusService } from './fleet-status.service';
import { InventoryService } from './inventory.service';
import { UplinkConfigurationService } from './uplink-configuration.service';

const stringArray = { type: 'array', items: { type: 'string' } } as const;

/** release/remove answers that are not all-successful (none found, some or all failed). */
const batchFailure = (verb: string, code: ApiErrorCode): ErrorShape => ({
  status: 422,
  description:
    `No device found ({msg} only); some ${verb} and some failed ({msg, success_devices, ` +
    `failed_devices}); none ${verb} ({msg, error_code: ${code}, success_devices, failed_devices})`,
  schema: {
    type: 'object',
    required: ['msg'],
    properties: {
      msg: { type: 'string' },
      error_code: { type: 'integer', enum: [code] },
      success_devices: stringArray,
      failed_devices: stringArray,
    },
    example: {
      msg: `Some devices could not be ${verb}`,
      success_devices: ['0A:00:00:00:00:01'],
      failed_devices: ['0A:00:00:00:00:02'],
    },
  },
});

/** The 1016 body: `{msg, status: 1016}` without error_code. */
const UPLINK_NOT_APPLIED: ErrorShape = {
  status: 422,
  description: '1016: some devices could not be configured (no error_code)',
  schema: {
    type: 'object',
    required: ['msg', 'status'],
    properties: { msg: { type: 'string' }, status: { type: 'integer', enum: [1016] } },
    example: { msg: 'Uplink configuration not applied to: 0A:00:00:00:00:01', status: 1016 },
  },
};

/** current_status answers its 404 with `status: 404` as well. */
const STATUS_DEVICE_NOT_FOUND: ErrorShape = {
  status: 404,
  description: '1011 (DeviceNotFound), with status 404',
  schema: {
    type: 'object',
    required: ['status', 'msg', 'error_code'],
    properties: {
      status: { type: 'integer', enum: [404] },
      msg: { type: 'string' },
      error_code: { type: 'integer', enum: [ApiErrorCode.DeviceNotFound] },
    },
    example: { status: 404, msg: 'Device not found', error_code: 1011 },
  },
};

/** move_devices 1020: the moved devices and the entries that failed. */
const MOVE_FAILED: ErrorShape = {
  status: 422,
  description: '1020 (MoveFailed): {msg, error_code, devices, failed_devices}',
  schema: {
    type: 'object',
    required: ['msg', 'error_code', 'devices', 'failed_devices'],
    properties: {
      msg: { type: 'string' },
      error_code: { type: 'integer', enum: [ApiErrorCode.MoveFailed] },
      devices: { type: 'array', items: { $ref: '#/components/schemas/DeviceResponse' } },
      failed_devices: stringArray,
    },
  },
};

/** The device inventory. Writes need role admin; reads follow network access. */
@ApiTags('access points')
@ApiBearerAuth()
@ApiErrorResponses(ApiErrorCode.InvalidParameter)
@Controller('v1/access_points')
export class AccessPointsController {
  constructor(
    private readonly inventory: InventoryService,
    private readonly assignment: DeviceAssignmentService,
    private readonly configuration: UplinkConfigurationService,
    private readonly fleet: FleetStatusService,
    private readonly labels: DeviceLabelsService,
  ) {}

  @Get('list_inventory')
  @ApiOperation({
    operationId: 'list_inventory',
    summary: 'List the inventory, or look devices up by MAC',
    description:
      'Admins see every device of the organisation; members only devices of networks they may ' +
      'read (never devices in no network). Paginated by id ascending unless mac_id is given.',
  })
  @ApiOkResponse({ type: ListInventoryResponse })
  @ApiErrorResponses(ApiErrorCode.DeviceNotFound)
  async listInventory(@CurrentUser() user: AuthUser, @Query() query: ListInventoryQueryDto) {
    return ok(await this.inventory.listInventory(user, query));
  }

  @Post('provisioning')
  @HttpCode(200)
  @RequireRole('admin')
  @ApiOperation({
    operationId: 'provisioning',
    summary: 'Provision devices into a network',
    description:
      'All or nothing. Unassigned devices of the organisation are moved into the network; other ' +
      'MACs must be in the master inventory and in no inventory, within the allowed device count.',
  })
  @ApiErrorResponses(
    ApiErrorCode.NetworkNotFound,
    ApiErrorCode.DeviceLimitReached,
    ApiErrorCode.InvalidMacs,
    ApiErrorCode.ProvisioningMacMissing,
    ApiErrorCode.Forbidden,
  )
  @ApiOkResponse({ type: ProvisioningResponse })
  async provisioning(@CurrentUser() user: AuthUser, @Body() body: ProvisioningDto) {
    return withStatus(await this.assignment.provision(user, body.mac_id, body.network_id));
  }

  @Put('apply_configuration')
  @RequireRole('admin')
  @OnInvalid(ApiErrorCode.ApplyConfigurationParamsMissing, APPLY_PARAMS_MISSING_MSG)
  @ApiOperation({
    operationId: 'apply_configuration',
    summary: 'Apply an uplink template to devices',
    description:
      'Uplink type 1 always applies, 2 and 3 only with hardware_part.wifi_uplink, 4 only with ' +
      'hardware_part.usb. A device without hardware part cannot be configured: it is named in the ' +
      '422 answer `{msg, status: 1016}` while the other devices are configured.',
  })
  @ApiErrorResponses(
    ApiErrorCode.NoMatchingDevices,
    ApiErrorCode.InitTemplateNotFound,
    ApiErrorCode.ApplyConfigurationParamsMissing,
    ApiErrorCode.Forbidden,
    UPLINK_NOT_APPLIED,
  )
  @ApiOkResponse({
    type: MessageStatusResponse,
    example: { msg: 'Uplink configuration applied', status: 200 },
  })
  async applyConfiguration(@CurrentUser() user: AuthUser, @Body() body: ApplyConfigurationDto) {
    return withStatus(await this.configuration.apply(user, body));
  }

  @Get('current_status')
  @ApiOperation({
    operationId: 'current_status',
    summary: 'Live status of a device from its last heartbeat',
    description: 'UP when the last heartbeat is at most HEARTBEAT_TIMEOUT_SECONDS old.',
  })
  @ApiOkResponse({ type: CurrentStatusResponse })
  @ApiErrorResponses(STATUS_DEVICE_NOT_FOUND)
  async currentStatus(@CurrentUser() user: AuthUser, @Query() query: MacQueryDto) {
    return statusThenData(await this.inventory.currentStatus(user, query.mac_id));
  }

  @Get('statuses')
  @ApiOperation({
    operationId: 'device_statuses',
    summary: 'Live status of many devices, with the up/down summary',
    description:
      'Ordered by id, paginated. UP when the last heartbeat is at most ' +
      'HEARTBEAT_TIMEOUT_SECONDS old (the rule of current_status). `name` is the device ' +
      "record's name; last_seen_time, firmware_version, clients and uptime_seconds are null " +
      'for a device never heard from (clients and uptime_seconds also until its first ' +
      'check-in). `summary` counts every device matching the filters other than ' +
      'device_status. Members see the devices of the networks they may read; a network that ' +
      'is unknown or not readable answers 404 1001.',
  })
  @ApiOkResponse({ type: StatusesResponse })
  @ApiErrorResponses(ApiErrorCode.NetworkNotFound)
  async statuses(@CurrentUser() user: AuthUser, @Query() query: StatusesQueryDto) {
    return ok(await this.fleet.statuses(user, query));
  }

  @Post('release_devices')
  @HttpCode(200)
  @RequireRole('admin')
  @ApiOperation({
    operationId: 'release_devices',
    summary: 'Release devices from their network',
    description: 'A device in no network cannot be released; MACs not found are failed_devices.',
  })
  @ApiOkResponse({ type: BatchResponse })
  @ApiErrorResponses(
    ApiErrorCode.NoDevicesGiven,
    batchFailure('released', ApiErrorCode.ReleaseFailed),
    ApiErrorCode.Forbidden,
  )
  release(@CurrentUser() user: AuthUser, @Body() body: DeviceListDto) {
    return this.assignment.release(user, body.devices);
  }

  @Post('remove_devices')
  @HttpCode(200)
  @RequireRole('admin')
  @ApiOperation({
    operationId: 'remove_devices',
    summary: 'Remove devices from the inventory',
    description:
      'Destroys each device with its uplinks, tags, heartbeat and pending upgrade. A device whose ' +
      'firmware upgrade is in progress cannot be removed.',
  })
  @ApiOkResponse({ type: BatchResponse })
  @ApiErrorResponses(
    ApiErrorCode.NoDevicesGiven,
    batchFailure('removed', ApiErrorCode.RemoveFailed),
    ApiErrorCode.Forbidden,
  )
  remove(@CurrentUser() user: AuthUser, @Body() body: DeviceListDto) {
    return this.assignment.remove(user, body.devices);
  }

  @Post('move_devices')
  @HttpCode(200)
  @RequireRole('admin')
  @ApiOperation({
    operationId: 'move_devices',
    summary: 'Move devices into another network',
    description: 'Entries are matched as inventory ids first, else as MACs.',
  })
  @ApiErrorResponses(
    ApiErrorCode.MoveTargetNotFound,
    MOVE_FAILED,
    ApiErrorCode.NoDevicesGiven,
    ApiErrorCode.Forbidden,
  )
  @ApiOkResponse({ type: MoveDevicesResponse })
  move(@CurrentUser() user: AuthUser, @Body() body: MoveDevicesDto) {
    return this.assignment.move(user, body.devices, body.existing_network_id);
  }

  @Get('get_devices_from_serial')
  @RequireRole('admin')
  @ApiOperation({
    operationId: 'get_devices_from_serial',
    summary: 'Look devices up in the master inventory by serial',
    description:
      'Answers the catalogue records of devices that are in no organisation inventory or in ' +
      "the caller's; unknown serials and devices of other organisations are left out alike.",
  })
  @ApiOkResponse({ type: DevicesFromSerialResponse })
  @ApiErrorResponses(ApiErrorCode.SerialMissing, ApiErrorCode.Forbidden)
  async devicesFromSerial(@CurrentUser() user: AuthUser, @Query() query: SerialQueryDto) {
    return { data: await this.inventory.devicesFromSerial(user, query.serial) };
  }

  @Post('heartbeat')
  @HttpCode(200)
  @RequireRole('admin')
  @ApiOperation({
    operationId: 'record_heartbeat',
    description: 'Role admin. Feeds current_status; `mac_id` must be a device of the organisation.',
    summary: "Record a device's heartbeat (replaces its last one)",
  })
  @ApiOkResponse({ type: StatusOnlyResponse })
  @ApiErrorResponses(ApiErrorCode.DeviceNotFound, ApiErrorCode.Forbidden)
  async heartbeat(@CurrentUser() user: AuthUser, @Body() body: HeartbeatDto) {
    await this.inventory.recordHeartbeat(user, body);
    return statusOnly();
  }

  @Put(':mac_id/label')
  @ApiOperation({
    operationId: 'set_device_label',
    summary: "Set or clear a device's label",
    description:
      'Admins, and members with `full` access to the network the device is in (read-only: 403 ' +
      '1029; a device in no network: admins only). `mac_id` in any MAC form. A device the caller ' +
      'cannot see answers 404 1011. Records `device.labelled` when the label changes.',
  })
  @ApiOkResponse({ type: DeviceEnvelope })
  @ApiErrorResponses(ApiErrorCode.DeviceNotFound, ApiErrorCode.Forbidden)
  async setLabel(
    @CurrentUser() user: AuthUser,
    @Param('mac_id') mac: string,
    @Body() body: SetDeviceLabelDto,
  ) {
    return ok({ device: await this.labels.setLabel(user, mac, body.label) });
  }
}
