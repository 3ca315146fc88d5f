import {
  applyDecorators,
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Put,
  Query,
} from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../common/auth/auth-user';
import { CurrentUser, RequireRole } from '../common/auth/decorators';
import { ApiErrorCode, OnInvalid } from '../common/errors';
import { ok } from '../common/http/envelope';
import { ApiErrorResponses } from '../common/openapi/api-error-responses';
import {
  ConfigRollbackDto,
  CreateNetworkDto,
  ListNetworksQueryDto,
  NetworkIdParamDto,
  RollbackParamDto,
  UpdateNetworkDto,
} from './dto/location-network.dto';
import { NETWORK_EXAMPLE } from './location-network.view';
import { NETWORK_SAVE_FAILED, NETWORK_UPDATE_FAILED } from './location-networks.errors';
import { LocationNetworksService } from './location-networks.service';
import { NetworkCreationService } from './network-creation.service';

const DEVICE_EXAMPLE = {
  id: 7,
  mac_id: 'AA:BB:CC:DD:EE:FF',
  serial: 'SN123',
  location_network_id: 1,
  organisation_id: 1,
  name: 'Head office',
  hardware_part: { id: 1, part_number: 'AP-100', wifi_uplink: true, usb: false },
  uplinks: [],
  tag_list: [],
  pending_upgrade: null,
};

const example = (status: number, body: unknown, description?: string) =>
  ApiResponse({ status, description, schema: { example: body } });

/** PUT and PATCH /v1/location_networks/:id are the same operation. */
const UpdateNetworkRoute = () =>
  applyDecorators(
    RequireRole('admin'),
    OnInvalid(ApiErrorCode.NetworkUpdateFailed, NETWORK_UPDATE_FAILED),
    ApiOperation({
      summary: 'Update a network',
      description:
        'When the network has network_template and enable_policy set, only network_name and ' +
        'template_policy_attributes are applied; other fields are ignored.',
    }),
    example(200, { msg: 'Network updated', data: NETWORK_EXAMPLE, status: 200 }),
    ApiErrorResponses(
      ApiErrorCode.NetworkNotFound,
      ApiErrorCode.NetworkUpdateFailed,
      ApiErrorCode.Forbidden,
    ),
  );

/** Location networks (SPEC 4.1, CONTRACT 2). */
@ApiTags('location networks')
@ApiBearerAuth()
@ApiErrorResponses(ApiErrorCode.Unauthenticated)
@Controller('v1/location_networks')
export class LocationNetworksController {
  constructor(
    private readonly networks: LocationNetworksService,
    private readonly creation: NetworkCreationService,
  ) {}

  @Get('list_networks')
  @ApiOperation({
    summary: 'One network by network_name (precedence) or network_id, else a page of networks',
  })
  @example(
    200,
    {
      data: {
        networks: [NETWORK_EXAMPLE],
        meta: { current: 1, previous: null, next: null, per_page: 100, pages: 1, count: 1 },
      },
      status: 200,
    },
    'A page; with network_name or network_id: {data: <network>, status: 200}',
  )
  @ApiErrorResponses(ApiErrorCode.NetworkNotFound, ApiErrorCode.InvalidParameter)
  async list(@CurrentUser() user: AuthUser, @Query() query: ListNetworksQueryDto) {
    const listing = await this.networks.list(user, query);
    return listing.kind === 'one'
      ? ok(listing.network)
      : ok({ networks: listing.networks, meta: listing.meta });
  }

  @Get('list_network_timezone')
  @ApiOperation({ summary: 'Time zone names a network may use, sorted' })
  @example(200, { data: { timezone: ['Africa/Abidjan', 'Europe/Paris', 'UTC'] }, status: 200 })
  listTimezones() {
    return ok({ timezone: this.networks.timezones() });
  }

  @Post()
  @HttpCode(200)
  @RequireRole('admin')
  @OnInvalid(ApiErrorCode.NetworkSaveFailed, NETWORK_SAVE_FAILED)
  @ApiOperation({ summary: 'Create a network, optionally cloned and with devices (mac_id)' })
  @example(200, { msg: 'Network created', data: NETWORK_EXAMPLE, status: 200 })
  @ApiErrorResponses(
    ApiErrorCode.CloneSourceMissing,
    ApiErrorCode.CloneSourceNotFound,
    ApiErrorCode.NetworkSaveFailed,
    ApiErrorCode.DeviceLimitReached,
    ApiErrorCode.InvalidMacs,
    ApiErrorCode.Forbidden,
  )
  async create(@CurrentUser() user: AuthUser, @Body() body: CreateNetworkDto) {
    const network = await this.creation.create(user, body.location_network);
    return { msg: 'Network created', ...ok(network) };
  }

  @Get(':id')
  @ApiOperation({ summary: 'Show a network' })
  @example(200, { data: { location_network: NETWORK_EXAMPLE }, status: 200 })
  @ApiErrorResponses(ApiErrorCode.NetworkNotFound, ApiErrorCode.InvalidParameter)
  async show(@CurrentUser() user: AuthUser, @Param() params: NetworkIdParamDto) {
    return ok({ location_network: await this.networks.show(user, params.id) });
  }

  @Get(':id/get_network_devices')
  @ApiOperation({ summary: "The network's devices" })
  @example(200, { data: { devices: [DEVICE_EXAMPLE] }, status: 200 })
  @ApiErrorResponses(ApiErrorCode.NetworkNotFound, ApiErrorCode.InvalidParameter)
  async devices(@CurrentUser() user: AuthUser, @Param() params: NetworkIdParamDto) {
    return ok({ devices: await this.networks.devicesOf(user, params.id) });
  }

  @Put(':id')
  @UpdateNetworkRoute()
  async update(
    @CurrentUser() user: AuthUser,
    @Param() params: NetworkIdParamDto,
    @Body() body: UpdateNetworkDto,
  ) {
    const network = await this.networks.update(user, params.id, body.location_network);
    return { msg: 'Network updated', ...ok(network) };
  }

  @Patch(':id')
  @UpdateNetworkRoute()
  patch(
    @CurrentUser() user: AuthUser,
    @Param() params: NetworkIdParamDto,
    @Body() body: UpdateNetworkDto,
  ) {
    return this.update(user, params, body);
  }

  @Delete(':id')
  @RequireRole('admin')
  @ApiOperation({ summary: 'Delete a network without devices' })
  @example(200, {
    msg: 'Network deleted',
    data: { id: 1, network_name: 'Head office', timezone: 'Europe/Paris' },
    status: 200,
  })
  @ApiErrorResponses(
    ApiErrorCode.NetworkNotFound,
    ApiErrorCode.NetworkDestroyFailed,
    ApiErrorCode.NetworkHasDevices,
    ApiErrorCode.Forbidden,
    ApiErrorCode.InvalidParameter,
  )
  async destroy(@CurrentUser() user: AuthUser, @Param() params: NetworkIdParamDto) {
    return { msg: 'Network deleted', ...ok(await this.networks.destroy(user, params.id)) };
  }

  @Post(':network_id/config_rollback')
  @HttpCode(200)
  @RequireRole('admin')
  @ApiOperation({
    summary: "Replace the network's SSIDs with a template configuration (all or nothing)",
  })
  @ApiBody({ type: ConfigRollbackDto })
  @example(200, { message: 'Network configuration rolled back' })
  @example(404, { message: 'Network not found' }, 'Network, template or SSID id not found')
  @ApiErrorResponses(ApiErrorCode.Forbidden)
  @example(
    422,
    { message: "ssid_configuration.0: ssid_name can't be blank" },
    'An invalid SSID entry answers {message}; a malformed body answers {msg, error_code: 1030, errors}',
  )
  rollback(
    @CurrentUser() user: AuthUser,
    @Param() params: RollbackParamDto,
    @Body() body: ConfigRollbackDto,
  ) {
    return this.networks.rollbackConfiguration(user, params.network_id, body);
  }
}
