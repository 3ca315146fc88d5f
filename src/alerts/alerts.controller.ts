import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../common/auth/auth-user';
import { CurrentUser } from '../common/auth/decorators';
import { ApiErrorCode } from '../common/errors';
import { ok } from '../common/http/envelope';
import { ApiErrorResponses } from '../common/openapi/api-error-responses';
import { AlertsQueryDto } from './dto/alert-rule.dto';
import { AlertsEnvelope } from './dto/alert.response';
import { AlertsService } from './alerts.service';

/** GET /v1/alerts. */
@ApiTags('alerts')
@ApiBearerAuth()
@Controller('v1/alerts')
export class AlertsController {
  constructor(private readonly alerts: AlertsService) {}

  @Get()
  @ApiOperation({
    operationId: 'list_alerts',
    summary: 'Alerts, newest first',
    description:
      'Paginated by `page` and `per_page` (docs/api.md#answers). Admins read every alert of the organisation, members those of ' +
      'networks they may read. Filters: state (open, resolved), alert_rule_id, mac_id, network_id.',
  })
  @ApiOkResponse({ type: AlertsEnvelope })
  @ApiErrorResponses(ApiErrorCode.NetworkNotFound, ApiErrorCode.InvalidParameter)
  async list(@CurrentUser() user: AuthUser, @Query() query: AlertsQueryDto) {
    return ok(await this.alerts.list(user, query));
  }
}
