import { Controller, Delete, Get, Param, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../common/auth/auth-user';
import { CurrentUser, RequireRole } from '../common/auth/decorators';
import { ApiErrorCode } from '../common/errors';
import { ok } from '../common/http/envelope';
import { ApiErrorResponses } from '../common/openapi/api-error-responses';
import { ClientsService } from './clients.service';
import { ClientMacParamDto, ClientSessionsQueryDto, ClientsQueryDto } from './dto/clients.query';
import {
  ClientEnvelope,
  ClientErasedEnvelope,
  ClientSessionsEnvelope,
  ClientsEnvelope,
} from './dto/clients.response';

const ONE_CLIENT_ERRORS = [ApiErrorCode.ClientNotFound, ApiErrorCode.InvalidParameter] as const;

/**
 * The Wi-Fi clients that devices report at check-in (`stations`). Admins see every session of
 * the organisation, members the sessions of networks they may read; a client of another
 * organisation, or seen only in networks the caller may not read, answers 404 1048.
 */
@ApiTags('clients')
@ApiBearerAuth()
@Controller('v1/clients')
export class ClientsController {
  constructor(private readonly clients: ClientsService) {}

  @Get()
  @ApiOperation({
    operationId: 'list_clients',
    summary: 'Wi-Fi clients, each as its newest session describes it',
    description:
      'Each client once; the filters apply to its newest session (the latest started, ties by ' +
      'the higher session id). `search` matches part of the host name or IP address, or, when it ' +
      'holds only hex digits and `:`, `-`, `.`, part of the MAC in any form. Sorted by ' +
      '`last_seen` (newest first, the default), `rssi` (weakest first, unknown last) or ' +
      '`hostname` (A to Z, case-insensitive, none last); ties by MAC. Paginated: `page`, ' +
      '`per_page` (default 100, at most 1000).',
  })
  @ApiOkResponse({ type: ClientsEnvelope })
  @ApiErrorResponses(ApiErrorCode.InvalidParameter, ApiErrorCode.NetworkNotFound)
  async list(@CurrentUser() user: AuthUser, @Query() query: ClientsQueryDto) {
    return ok(await this.clients.list(user, query));
  }

  @Get(':mac')
  @ApiOperation({
    operationId: 'show_client',
    summary: 'A Wi-Fi client with its 20 newest sessions',
    description: 'The MAC in any form. Sessions newest first.',
  })
  @ApiOkResponse({ type: ClientEnvelope })
  @ApiErrorResponses(...ONE_CLIENT_ERRORS)
  async show(@CurrentUser() user: AuthUser, @Param() params: ClientMacParamDto) {
    return ok(await this.clients.show(user, params.mac));
  }

  @Get(':mac/sessions')
  @ApiOperation({
    operationId: 'client_sessions',
    summary: "A Wi-Fi client's sessions, newest first",
    description:
      '`since` and `until` keep the sessions that started within them (both inclusive). ' +
      'Paginated: `page`, `per_page` (default 100, at most 1000).',
  })
  @ApiOkResponse({ type: ClientSessionsEnvelope })
  @ApiErrorResponses(...ONE_CLIENT_ERRORS)
  async sessions(
    @CurrentUser() user: AuthUser,
    @Param() params: ClientMacParamDto,
    @Query() query: ClientSessionsQueryDto,
  ) {
    return ok(await this.clients.sessions(user, params.mac, query));
  }

  @Delete(':mac')
  @RequireRole('admin')
  @ApiOperation({
    operationId: 'erase_client',
    summary: "Erase a Wi-Fi client's records",
    description:
      'Role admin. Deletes every session of the client in the organisation and its live values ' +
      'on the devices that list it, and records `client.erased` with the number of sessions ' +
      'deleted and no MAC. A later check-in that lists the client starts a new session.',
  })
  @ApiOkResponse({ type: ClientErasedEnvelope })
  @ApiErrorResponses(ApiErrorCode.Forbidden, ...ONE_CLIENT_ERRORS)
  async erase(@CurrentUser() user: AuthUser, @Param() params: ClientMacParamDto) {
    return ok(await this.clients.erase(user, params.mac));
  }
}
