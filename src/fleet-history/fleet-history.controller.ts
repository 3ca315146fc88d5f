import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../common/auth/auth-user';
import { CurrentUser } from '../common/auth/decorators';
import { ApiErrorCode } from '../common/errors';
import { ok } from '../common/http/envelope';
import { ApiErrorResponses } from '../common/openapi/api-error-responses';
import { FleetHistoryQueryDto } from './dto/fleet-history.query';
import { FleetHistoryResponse } from './dto/fleet-history.response';
import { FleetHistoryService } from './fleet-history.service';

/** Fleet history. */
@ApiTags('overview')
@ApiBearerAuth()
@Controller('v1/fleet_history')
export class FleetHistoryController {
  constructor(private readonly history: FleetHistoryService) {}

  @Get()
  @ApiOperation({
    operationId: 'fleet_history',
    summary: 'Devices, UP, DOWN and clients sampled every FLEET_SAMPLE_SECONDS',
    description:
      "The organisation's series (admins only), or with network_id a network's the caller may " +
      'read; default the last 24 hours, at most the 1,000 most recent samples, oldest first.',
  })
  @ApiOkResponse({ type: FleetHistoryResponse })
  @ApiErrorResponses(
    ApiErrorCode.InvalidParameter,
    ApiErrorCode.NetworkNotFound,
    ApiErrorCode.Forbidden,
  )
  async show(@CurrentUser() user: AuthUser, @Query() query: FleetHistoryQueryDto) {
    return ok(await this.history.history(user, query));
  }
}
