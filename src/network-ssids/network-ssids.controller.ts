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
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../common/auth/auth-user';
import { CurrentUser } from '../common/auth/decorators';
import { ApiErrorCode } from '../common/errors';
import { OnInvalid } from '../common/validation';
import { ok } from '../common/http/envelope';
import { ApiErrorResponses } from '../common/openapi/api-error-responses';
import {
  CreateNetworkSsidDto,
  ListNetworkSsidsQueryDto,
  SsidIdParamDto,
  UpdateNetworkSsidByBodyIdDto,
  UpdateNetworkSsidDto,
} from './dto/network-ssid.dto';
import {
  NetworkSsidEnvelope,
  NetworkSsidsEnvelope,
  SsidWriteResponse,
} from './dto/network-ssid.response';
import { SCALAR_FIELDS } from './network-ssid.fields';
import { SSID_CREATE_FAILED, SSID_UPDATE_FAILED } from './network-ssids.errors';
import { NetworkSsidsService } from './network-ssids.service';

/** PUT and PATCH /v1/network_ssids/:id are the same operation. */
const UpdateSsidRoute = (operationId: string) =>
  applyDecorators(
    OnInvalid(ApiErrorCode.SsidUpdateFailed, SSID_UPDATE_FAILED),
    ApiOperation({
      operationId,
      summary: 'Update an SSID (fields left out keep their value)',
      description:
        'Needs full access to the network of the SSID. The merged SSID is validated as a whole. ' +
        'Answers without `status`.',
    }),
    ApiOkResponse(refExample('SSID updated')),
    ApiErrorResponses(
      ApiErrorCode.SsidNotFound,
      ApiErrorCode.SsidUpdateFailed,
      ApiErrorCode.Forbidden,
      ApiErrorCode.ConfigRolloutRunning,
    ),
  );

const SSID_EXAMPLE = {
  id: 7,
  location_network_id: 3,
  ssid_name: 'Guests',
  ...Object.fromEntries(SCALAR_FIELDS.map((field) => [field, null])),
  is_enabled: true,
  ssid_mode: '1',
  wpa_key: 'secret-key',
  dhcp_relay_server: '2',
  ip_address: '192.168.10.1',
  subnet_mask: '255.255.255.0',
  associated_aps_and_tags: [],
  dhcp_mappings: [{ IPADDR: '192.168.10.5', MAC: 'AA:BB:CC:DD:EE:FF' }],
  dhcp_ranges: [{ START: '192.168.10.100', END: '192.168.10.200' }],
  v_lan_attributes: { name: 'guests', enable_dhcp_on_v_lan: true, v_lan_id: 20, id: 'v1' },
};

const refExample = (msg: string) => ({
  type: SsidWriteResponse,
  description: msg,
  example: { msg, data: { id: 7, ssid_name: 'Guests' } },
});

/** SSIDs of location networks. */
@ApiTags('network ssids')
@ApiBearerAuth()
@Controller('v1')
export class NetworkSsidsController {
  constructor(private readonly ssids: NetworkSsidsService) {}

  @Get('list_network_ssids')
  @ApiOperation({
    operationId: 'list_network_ssids',
    description:
      'Any member: the SSIDs of the selected network, or of every network the caller may read, de-duplicated.',
    summary: 'List SSIDs of a network (by name or id) or of every readable network',
  })
  @ApiOkResponse({
    type: NetworkSsidsEnvelope,
    example: { data: { network_ssids: [SSID_EXAMPLE] }, status: 200 },
  })
  @ApiErrorResponses(ApiErrorCode.NetworkNotFound, ApiErrorCode.InvalidParameter)
  async listNetworkSsids(@CurrentUser() user: AuthUser, @Query() query: ListNetworkSsidsQueryDto) {
    return ok({ network_ssids: await this.ssids.list(user, query) });
  }

  @Get('network_ssids')
  @ApiOperation({
    operationId: 'list_ssids',
    description:
      'Any member: the SSIDs of the selected network, or of every network the caller may read, de-duplicated.',
    summary: 'List SSIDs (identical to GET /v1/list_network_ssids)',
  })
  @ApiOkResponse({
    type: NetworkSsidsEnvelope,
    example: { data: { network_ssids: [SSID_EXAMPLE] }, status: 200 },
  })
  @ApiErrorResponses(ApiErrorCode.NetworkNotFound, ApiErrorCode.InvalidParameter)
  async index(@CurrentUser() user: AuthUser, @Query() query: ListNetworkSsidsQueryDto) {
    return ok({ network_ssids: await this.ssids.list(user, query) });
  }

  @Get('network_ssids/:id')
  @ApiOperation({
    operationId: 'show_ssid',
    description: 'Any member with access to the network of the SSID; others answer 1021.',
    summary: 'Show an SSID of a network the caller can read',
  })
  @ApiOkResponse({
    type: NetworkSsidEnvelope,
    example: { data: { network_ssid: SSID_EXAMPLE }, status: 200 },
  })
  @ApiErrorResponses(ApiErrorCode.SsidNotFound, ApiErrorCode.InvalidParameter)
  async show(@CurrentUser() user: AuthUser, @Param() params: SsidIdParamDto) {
    return ok({ network_ssid: await this.ssids.show(user, params.id) });
  }

  @Post('network_ssids')
  @HttpCode(200)
  @OnInvalid(ApiErrorCode.SsidCreateFailed, SSID_CREATE_FAILED)
  @ApiOperation({
    operationId: 'create_ssid',
    description:
      'Needs full access to the network (role admin, or a member with a full grant). Answers without `status`.',
    summary: 'Create an SSID in a network (full access to the network needed)',
  })
  @ApiOkResponse(refExample('SSID created'))
  @ApiErrorResponses(
    ApiErrorCode.NetworkNotFound,
    ApiErrorCode.SsidCreateFailed,
    ApiErrorCode.Forbidden,
    ApiErrorCode.ConfigRolloutRunning,
  )
  async create(@CurrentUser() user: AuthUser, @Body() body: CreateNetworkSsidDto) {
    const data = await this.ssids.create(user, body.network_id, body.network_ssid);
    return { msg: 'SSID created', data };
  }

  @Put('network_ssids/:id')
  @UpdateSsidRoute('update_ssid')
  async replace(
    @CurrentUser() user: AuthUser,
    @Param() params: SsidIdParamDto,
    @Body() body: UpdateNetworkSsidDto,
  ) {
    return {
      msg: 'SSID updated',
      data: await this.ssids.update(user, params.id, body.network_ssid),
    };
  }

  @Patch('network_ssids/:id')
  @UpdateSsidRoute('patch_ssid')
  update(
    @CurrentUser() user: AuthUser,
    @Param() params: SsidIdParamDto,
    @Body() body: UpdateNetworkSsidDto,
  ) {
    return this.replace(user, params, body);
  }

  @Put('update_network_ssid')
  @OnInvalid(ApiErrorCode.SsidUpdateFailed, SSID_UPDATE_FAILED)
  @ApiOperation({
    operationId: 'update_network_ssid',
    summary: 'Update an SSID that stays in router mode with its DHCP server enabled',
    description:
      'Applied only when, after merging, ssid_mode is 1 and dhcp_relay_server is 2; else 422 1023 and nothing is saved.',
  })
  @ApiOkResponse(refExample('SSID updated'))
  @ApiErrorResponses(
    ApiErrorCode.SsidNotFound,
    ApiErrorCode.SsidUpdateFailed,
    ApiErrorCode.SsidNeedsRouterModeAndDhcp,
    ApiErrorCode.Forbidden,
    ApiErrorCode.ConfigRolloutRunning,
  )
  async updateNetworkSsid(
    @CurrentUser() user: AuthUser,
    @Body() body: UpdateNetworkSsidByBodyIdDto,
  ) {
    const data = await this.ssids.updateNetworkSsid(user, body.id, body.network_ssid);
    return { msg: 'SSID updated', data };
  }

  @Delete('network_ssids/:id')
  @ApiOperation({
    operationId: 'destroy_ssid',
    description: 'Needs full access to the network of the SSID. Answers without `status`.',
    summary: 'Delete an SSID (full access to its network needed)',
  })
  @ApiOkResponse(refExample('SSID deleted'))
  @ApiErrorResponses(
    ApiErrorCode.SsidNotFound,
    ApiErrorCode.SsidDestroyFailed,
    ApiErrorCode.Forbidden,
    ApiErrorCode.ConfigRolloutRunning,
    ApiErrorCode.InvalidParameter,
  )
  async destroy(@CurrentUser() user: AuthUser, @Param() params: SsidIdParamDto) {
    return { msg: 'SSID deleted', data: await this.ssids.destroy(user, params.id) };
  }
}
