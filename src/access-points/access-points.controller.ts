import { Body, Controller, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../common/auth/auth-user';
import { CurrentUser, RequireRole } from '../common/auth/decorators';
import { ApiErrorCode, OnInvalid } from '../common/errors';
import { ApiErrorResponses } from '../common/openapi/api-error-responses';
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
import { InventoryService } from './inventory.service';
import { UplinkConfigurationService } from './uplink-configuration.service';

const batchExample = (status: number, description: string, example: object) =>
  ApiResponse({ status, description, schema: { example } });

/** The device inventory (SPEC 4.2). Writes need role admin; reads follow network access. */
@ApiTags('access points')
@ApiBearerAuth()
@ApiErrorResponses(ApiErrorCode.Unauthenticated, ApiErrorCode.InvalidParameter)
@Controller('v1/access_points')
export class AccessPointsController {
  constructor(
    private readonly inventory: InventoryService,
    private readonly assignment: DeviceAssignmentService,
    private readonly configuration: UplinkConfigurationService,
  ) {}

  @Get('list_inventory')
  @ApiOperation({
    summary: 'List the inventory, or look devices up by MAC',
    description:
      'Admins see every device of the organisation; members only devices of networks they may ' +
      'read (never devices in no network). Paginated by id ascending unless mac_id is given.',
  })
  @ApiErrorResponses(ApiErrorCode.DeviceNotFound)
  listInventory(@CurrentUser() user: AuthUser, @Query() query: ListInventoryQueryDto) {
    return this.inventory.listInventory(user, query);
  }

  @Post('provisioning')
  @HttpCode(200)
  @RequireRole('admin')
  @ApiOperation({
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
  provisioning(@CurrentUser() user: AuthUser, @Body() body: ProvisioningDto) {
    return this.assignment.provision(user, body.mac_id, body.network_id);
  }

  @Put('apply_configuration')
  @RequireRole('admin')
  @OnInvalid(ApiErrorCode.ApplyConfigurationParamsMissing, APPLY_PARAMS_MISSING_MSG)
  @ApiOperation({
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
  )
  @ApiResponse({
    status: 422,
    description: '1016: some devices could not be configured (no error_code)',
    schema: { example: { msg: 'Uplink configuration not applied to: 0A:…', status: 1016 } },
  })
  applyConfiguration(@CurrentUser() user: AuthUser, @Body() body: ApplyConfigurationDto) {
    return this.configuration.apply(user, body);
  }

  @Get('current_status')
  @ApiOperation({
    summary: 'Live status of a device from its last heartbeat',
    description: 'UP when the last heartbeat is at most HEARTBEAT_TIMEOUT_SECONDS old.',
  })
  @ApiResponse({
    status: 404,
    description: 'Device not found',
    schema: { example: { status: 404, msg: 'Device not found', error_code: 1011 } },
  })
  currentStatus(@CurrentUser() user: AuthUser, @Query() query: MacQueryDto) {
    return this.inventory.currentStatus(user, query.mac_id);
  }

  @Post('release_devices')
  @HttpCode(200)
  @RequireRole('admin')
  @ApiOperation({
    summary: 'Release devices from their network',
    description: 'A device in no network cannot be released; MACs not found are failed_devices.',
  })
  @ApiErrorResponses(
    ApiErrorCode.NoDevicesGiven,
    ApiErrorCode.ReleaseFailed,
    ApiErrorCode.Forbidden,
  )
  @batchExample(422, 'No device found ({msg} only), or some failed', {
    msg: 'Some devices could not be released',
    success_devices: ['0A:00:00:00:00:01'],
    failed_devices: ['0A:00:00:00:00:02'],
  })
  release(@CurrentUser() user: AuthUser, @Body() body: DeviceListDto) {
    return this.assignment.release(user, body.devices);
  }

  @Post('remove_devices')
  @HttpCode(200)
  @RequireRole('admin')
  @ApiOperation({
    summary: 'Remove devices from the inventory',
    description:
      'Destroys each device with its uplinks, tags, heartbeat and pending upgrade. A device whose ' +
      'firmware upgrade is in progress cannot be removed.',
  })
  @ApiErrorResponses(ApiErrorCode.NoDevicesGiven, ApiErrorCode.RemoveFailed, ApiErrorCode.Forbidden)
  @batchExample(422, 'No device found ({msg} only), or some failed', {
    msg: 'Some devices could not be removed',
    success_devices: ['0A:00:00:00:00:01'],
    failed_devices: ['0A:00:00:00:00:02'],
  })
  remove(@CurrentUser() user: AuthUser, @Body() body: DeviceListDto) {
    return this.assignment.remove(user, body.devices);
  }

  @Post('move_devices')
  @HttpCode(200)
  @RequireRole('admin')
  @ApiOperation({
    summary: 'Move devices into another network',
    description: 'Entries are matched as inventory ids first, else as MACs.',
  })
  @ApiErrorResponses(
    ApiErrorCode.MoveTargetNotFound,
    ApiErrorCode.MoveFailed,
    ApiErrorCode.NoDevicesGiven,
    ApiErrorCode.Forbidden,
  )
  move(@CurrentUser() user: AuthUser, @Body() body: MoveDevicesDto) {
    return this.assignment.move(user, body.devices, body.existing_network_id);
  }

  @Get('get_devices_from_serial')
  @RequireRole('admin')
  @ApiOperation({
    summary: 'Look devices up in the master inventory by serial',
    description:
      'Answers the catalogue records of devices that are in no organisation inventory or in ' +
      "the caller's; unknown serials and devices of other organisations are left out alike.",
  })
  @ApiErrorResponses(ApiErrorCode.SerialMissing, ApiErrorCode.Forbidden)
  devicesFromSerial(@CurrentUser() user: AuthUser, @Query() query: SerialQueryDto) {
    return this.inventory.devicesFromSerial(user, query.serial);
  }

  @Post('heartbeat')
  @HttpCode(200)
  @RequireRole('admin')
  @ApiOperation({ summary: "Record a device's heartbeat (replaces its last one)" })
  @ApiErrorResponses(ApiErrorCode.DeviceNotFound, ApiErrorCode.Forbidden)
  heartbeat(@CurrentUser() user: AuthUser, @Body() body: HeartbeatDto) {
    return this.inventory.recordHeartbeat(user, body);
  }
}
