import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../common/auth/auth-user';
import { CurrentUser } from '../common/auth/decorators';
import { ApiErrorCode } from '../common/errors';
import { ok } from '../common/http/envelope';
import { ApiErrorResponses } from '../common/openapi/api-error-responses';
import { AlertIdParamDto, AlertsQueryDto } from './dto/alert-rule.dto';
import { AlertEnvelope, AlertsEnvelope } from './dto/alert.response';
import { AlertsService } from './alerts.service';

/** GET /v1/alerts, and the acknowledgement of one. */
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

  @Post(':id/acknowledge')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'acknowledge_alert',
    summary: 'Acknowledge an alert',
    description:
      'Records the caller as who took the open alert; it stays open and resolves by itself. ' +
      'Admins, and members with `full` access to its network (read-only: 403 1029; an alert ' +
      'they may not read: 404 1043). The first acknowledgement stays: a repeat answers the ' +
      'alert unchanged. A resolved alert that nobody acknowledged: 422 1030 (docs/alerts.md).',
  })
  @ApiOkResponse({ type: AlertEnvelope })
  @ApiErrorResponses(
    ApiErrorCode.AlertRuleNotFound,
    ApiErrorCode.Forbidden,
    ApiErrorCode.InvalidParameter,
  )
  async acknowledge(@CurrentUser() user: AuthUser, @Param() params: AlertIdParamDto) {
    return ok({ alert: await this.alerts.acknowledge(user, params.id) });
  }
}
