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
import {
  ApiBearerAuth,
  ApiBody,
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { AuthUser } from '../common/auth/auth-user';
import { CurrentUser, RequireRole } from '../common/auth/decorators';
import { ApiErrorCode } from '../common/errors';
import { OnInvalid } from '../common/validation';
import { ok, okWithMsg } from '../common/http/envelope';
import {
  ApiErrorResponses,
  codedErrorWithData,
  plainMessage,
} from '../common/openapi/api-error-responses';
import {
  ConfigRollbackDto,
  CreateNetworkDto,
  ListNetworksQueryDto,
  NetworkIdParamDto,
  RollbackParamDto,
  UpdateNetworkDto,
} from './dto/location-network.dto';
import {
  DeletedNetworkEnvelope,
  NetworkDevicesEnvelope,
  NetworkEnvelope,
  NetworkMessageEnvelope,
  NetworkPageEnvelope,
  RollbackResponse,
  ShowNetworkEnvelope,
  NetworkResponse,
  TimezonesEnvelope,
} from './dto/location-network.response';
import { NETWORK_EXAMPLE } from '../networks/location-network.view';
import { NETWORK_SAVE_FAILED, NETWORK_UPDATE_FAILED } from './location-networks.errors';
import { LocationNetworksService } from './location-networks.service';
import { NetworkCreationService } from './network-creation.service';

const PAGE_EXAMPLE = {
  data: {
    networks: [NETWORK_EXAMPLE],
    meta: { current: 1, previous: null, next: null, per_page: 100, pages: 1, count: 1 },
  },
  status: 200,
};

/** PUT and PATCH /v1/location_networks/:id are the same operation. */
const UpdateNetworkRoute = (operationId: string) =>
  applyDecorators(
    RequireRole('admin'),
    OnInvalid(ApiErrorCode.NetworkUpdateFailed, NETWORK_UPDATE_FAILED),
    ApiOperation({
      operationId,
      summary: 'Update a network',
      description:
        'When the network has network_template and enable_policy set, only network_name and ' +
        'template_policy_attributes are applied; other fields are ignored.',
    }),
    ApiOkResponse({
      type: NetworkMessageEnvelope,
      example: { msg: 'Network updated', data: NETWORK_EXAMPLE, status: 200 },
    }),
    ApiErrorResponses(
      ApiErrorCode.NetworkNotFound,
      ApiErrorCode.NetworkUpdateFailed,
      ApiErrorCode.Forbidden,
    ),
  );

/** Location networks. */
@ApiTags('location networks')
@ApiBearerAuth()
@ApiExtraModels(NetworkEnvelope, NetworkPageEnvelope)
@Controller('v1/location_networks')
export class LocationNetworksController {
  constructor(
    private readonly networks: LocationNetworksService,
    private readonly creation: NetworkCreationService,
  ) {}

  @Get('list_networks')
  @ApiOperation({
    operationId: 'list_networks',
    description:
      'Any member. Networks a member has no grant on are left out (and answer 1001 when selected). Paginated by id ascending: `page` from 1, `per_page` default 100, clamped to 1000.',
    summary: 'One network by network_name (precedence) or network_id, else a page of networks',
  })
  @ApiOkResponse({
    description: 'A page; with network_name or network_id: {data: <network>, status: 200}',
    schema: {
      anyOf: [
        { $ref: getSchemaPath(NetworkPageEnvelope) },
        { $ref: getSchemaPath(NetworkEnvelope) },
      ],
    },
    example: PAGE_EXAMPLE,
  })
  @ApiErrorResponses(ApiErrorCode.NetworkNotFound, ApiErrorCode.InvalidParameter)
  async list(@CurrentUser() user: AuthUser, @Query() query: ListNetworksQueryDto) {
    const listing = await this.networks.list(user, query);
    return listing.kind === 'one'
      ? ok(listing.network)
      : ok({ networks: listing.networks, meta: listing.meta });
  }

  @Get('list_network_timezone')
  @ApiOperation({
    operationId: 'list_network_timezone',
    description:
      'Any member. Every name of the IANA tz database, current names and their old aliases alike ' +
      '(`Asia/Kolkata` and `Asia/Calcutta`, `Europe/Kyiv` and `Europe/Kiev`), with `UTC`, sorted ' +
      'alphabetically. A network or upgrade keeps the name it was given.',
    summary: 'Time zone names a network may use, sorted',
  })
  @ApiOkResponse({
    type: TimezonesEnvelope,
    example: {
      data: {
        timezone: ['Africa/Abidjan', 'Asia/Calcutta', 'Asia/Kolkata', 'Europe/Paris', 'UTC'],
      },
      status: 200,
    },
  })
  listTimezones() {
    return ok({ timezone: this.networks.timezones() });
  }

  @Post()
  @HttpCode(200)
  @RequireRole('admin')
  @OnInvalid(ApiErrorCode.NetworkSaveFailed, NETWORK_SAVE_FAILED)
  @ApiOperation({
    operationId: 'create_network',
    description:
      'Role admin. `mac_id` (comma-separated) claims devices into the new network, all or ' +
      "nothing: each MAC must be in the master inventory and in no organisation's inventory, else " +
      '422 1005 (the allowed device count would be passed) or 1006 (naming them) and nothing is created.',
    summary: 'Create a network, optionally cloned and with devices (mac_id)',
  })
  @ApiOkResponse({
    type: NetworkMessageEnvelope,
    example: { msg: 'Network created', data: NETWORK_EXAMPLE, status: 200 },
  })
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
    return okWithMsg('Network created', network);
  }

  @Get(':id')
  @ApiOperation({
    operationId: 'show_network',
    description: 'Any member with access to the network; others answer 1001.',
    summary: 'Show a network',
  })
  @ApiOkResponse({
    type: ShowNetworkEnvelope,
    example: { data: { location_network: NETWORK_EXAMPLE }, status: 200 },
  })
  @ApiErrorResponses(ApiErrorCode.NetworkNotFound, ApiErrorCode.InvalidParameter)
  async show(@CurrentUser() user: AuthUser, @Param() params: NetworkIdParamDto) {
    return ok({ location_network: await this.networks.show(user, params.id) });
  }

  @Get(':id/get_network_devices')
  @ApiOperation({
    operationId: 'get_network_devices',
    description: 'Any member with access to the network; others answer 1001.',
    summary: "The network's devices",
  })
  @ApiOkResponse({ type: NetworkDevicesEnvelope })
  @ApiErrorResponses(ApiErrorCode.NetworkNotFound, ApiErrorCode.InvalidParameter)
  async devices(@CurrentUser() user: AuthUser, @Param() params: NetworkIdParamDto) {
    return ok({ devices: await this.networks.devicesOf(user, params.id) });
  }

  @Put(':id')
  @UpdateNetworkRoute('update_network')
  async update(
    @CurrentUser() user: AuthUser,
    @Param() params: NetworkIdParamDto,
    @Body() body: UpdateNetworkDto,
  ) {
    const network = await this.networks.update(user, params.id, body.location_network);
    return okWithMsg('Network updated', network);
  }

  @Patch(':id')
  @UpdateNetworkRoute('patch_network')
  patch(
    @CurrentUser() user: AuthUser,
    @Param() params: NetworkIdParamDto,
    @Body() body: UpdateNetworkDto,
  ) {
    return this.update(user, params, body);
  }

  @Delete(':id')
  @RequireRole('admin')
  @ApiOperation({
    operationId: 'destroy_network',
    description:
      'Role admin. A network that still has devices cannot be deleted (1008); one with a ' +
      'configuration rollout running answers 409 1051.',
    summary: 'Delete a network without devices',
  })
  @ApiOkResponse({
    type: DeletedNetworkEnvelope,
    example: {
      msg: 'Network deleted',
      data: { id: 1, network_name: 'Head office', timezone: 'Europe/Paris' },
      status: 200,
    },
  })
  @ApiErrorResponses(
    ApiErrorCode.NetworkNotFound,
    ApiErrorCode.NetworkDestroyFailed,
    codedErrorWithData(
      ApiErrorCode.NetworkHasDevices,
      '`data` holds the network, unchanged',
      { $ref: getSchemaPath(NetworkResponse) },
      { msg: 'Network has devices and cannot be deleted', data: NETWORK_EXAMPLE },
    ),
    ApiErrorCode.Forbidden,
    ApiErrorCode.ConfigRolloutRunning,
    ApiErrorCode.InvalidParameter,
  )
  async destroy(@CurrentUser() user: AuthUser, @Param() params: NetworkIdParamDto) {
    return okWithMsg('Network deleted', await this.networks.destroy(user, params.id));
  }

  @Post(':network_id/config_rollback')
  @HttpCode(200)
  @RequireRole('admin')
  @ApiOperation({
    operationId: 'config_rollback',
    description:
      'Role admin. `configuration.ssid_configuration` is the complete list of SSIDs the network keeps: entries with an id update that SSID, entries without one create an SSID, unlisted SSIDs are deleted. Errors answer `{message}`, except 409 1051 `{msg, error_code}` while a configuration rollout runs on the network.',
    summary: "Replace the network's SSIDs with a template configuration (all or nothing)",
  })
  @ApiBody({ type: ConfigRollbackDto })
  @ApiOkResponse({ type: RollbackResponse })
  @ApiErrorResponses(
    plainMessage(404, 'Network, template or SSID id not found: {message}'),
    ApiErrorCode.Forbidden,
    ApiErrorCode.ConfigRolloutRunning,
    plainMessage(422, 'An invalid SSID entry: {message}'),
    ApiErrorCode.InvalidParameter,
  )
  rollback(
    @CurrentUser() user: AuthUser,
    @Param() params: RollbackParamDto,
    @Body() body: ConfigRollbackDto,
  ) {
    return this.networks.rollbackConfiguration(user, params.network_id, body);
  }
}
